package io.github.adammeme.engine;

import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.support.hierarchical.Node.DynamicTestExecutor;

/**
 * How a container adds the nodes it finds, one at a time as the pipeline produces them: each is
 * registered under the container and run by the platform before the next is looked for.
 */
final class Children {

    private final SuiteRun run;
    private final TestDescriptor parent;
    private final DynamicTestExecutor executor;

    Children(SuiteRun run, TestDescriptor parent, DynamicTestExecutor executor) {
        this.run = run;
        this.parent = parent;
        this.executor = executor;
    }

    /** The container the children are added to. */
    TestDescriptor parent() {
        return parent;
    }

    /**
     * Registers and runs {@code child} unless a unique-id selector left it out; true when it ran. A
     * child that lost the run stops its container here, with the same exception, up to the suite.
     */
    boolean run(AdamMemeNode child) {
        if (!runEvenIfLost(child)) {
            return false;
        }
        run.rethrowIfLost();
        return true;
    }

    /** As {@link #run}, for the test that reports the loss itself. */
    boolean runEvenIfLost(AdamMemeNode child) {
        if (!run.wanted(child.getUniqueId())) {
            return false;
        }
        parent.addChild(child);
        // Synchronous on the platform's default, same-thread executor service: the child has finished on return.
        executor.execute(child);
        return true;
    }
}
