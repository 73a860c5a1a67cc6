package io.github.adammeme.engine;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.github.adammeme.Constants;
import java.nio.file.Path;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The engine on the project's drawn memes, small enough for a test: one seed, three refinement rounds, a cache file. */
final class EngineRuns {

    private EngineRuns() {}

    /**
     * @param config further {@code key, value} pairs, which win over these
     */
    static EngineTestKit.Builder kit(Path dataset, Path dir, String out, String... config) {
        EngineTestKit.Builder kit = EngineTestKit.engine(Constants.ENGINE_ID)
                .configurationParameter("adammeme.dataset", dataset.toString())
                .configurationParameter("adammeme.seeds", "1")
                .configurationParameter("adammeme.iterations", "3")
                .configurationParameter("adammeme.progress", "false")
                .configurationParameter(
                        "adammeme.cache", dir.resolve("cache.db").toString())
                .configurationParameter("adammeme.output-dir", dir.resolve(out).toString());
        for (int i = 0; i < config.length; i += 2) {
            kit.configurationParameter(config[i], config[i + 1]);
        }
        return kit;
    }

    static EngineExecutionResults keywordSuite(Path dataset, Path dir, String out, String... config) {
        return kit(dataset, dir, out, config)
                .selectors(selectClass(Suites.Keyword.class))
                .execute();
    }
}
