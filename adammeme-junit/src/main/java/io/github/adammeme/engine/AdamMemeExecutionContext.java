package io.github.adammeme.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.support.hierarchical.EngineExecutionContext;

/**
 * What a node of the tree is given when the platform runs it: the listener (for report entries),
 * the run of the whole engine, and, below a suite, that suite's run.
 *
 * @param suite the suite being run; null at the engine's level, above every suite
 */
@API(status = INTERNAL, since = "0.1.0")
public record AdamMemeExecutionContext(
        EngineExecutionListener listener,
        EngineRun engine,
        @Nullable SuiteRun suite) implements EngineExecutionContext {

    AdamMemeExecutionContext forSuite(SuiteRun run) {
        return new AdamMemeExecutionContext(listener, engine, run);
    }
}
