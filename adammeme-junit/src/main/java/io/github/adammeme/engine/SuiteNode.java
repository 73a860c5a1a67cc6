package io.github.adammeme.engine;

import java.util.Objects;
import java.util.Set;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.ClassSource;

/** A marker class annotated {@link AdamMemeSuite} and one of its targets: one evaluation. */
final class SuiteNode extends AdamMemeNode {
    static final String SEGMENT = "suite";

    private final SuiteSettings settings;
    private final Set<UniqueId> selected;

    private final boolean oneOfSeveralTargets;

    SuiteNode(
            UniqueId id,
            Class<?> suiteClass,
            SuiteSettings settings,
            Set<UniqueId> selected,
            boolean oneOfSeveralTargets) {
        super(
                id,
                suiteClass.getSimpleName() + " · target "
                        + settings.config().models().target().model(),
                ClassSource.from(suiteClass),
                Type.CONTAINER);
        this.settings = settings;
        this.selected = selected;
        this.oneOfSeveralTargets = oneOfSeveralTargets;
    }

    /** Whether the suite class lists several targets, each its own suite node, output folder and Allure epic. */
    boolean oneOfSeveralTargets() {
        return oneOfSeveralTargets;
    }

    SuiteSettings settings() {
        return settings;
    }

    /** Unique ids below this suite that a selector asked for; empty means everything. */
    Set<UniqueId> selected() {
        return selected;
    }

    Class<?> suiteClass() {
        return ((ClassSource) getSource().orElseThrow()).getJavaClass();
    }

    @Override
    public AdamMemeExecutionContext prepare(AdamMemeExecutionContext context) {
        return context.forSuite(
                new SuiteRun(this, context.listener(), context.engine().severalSuites()));
    }

    /** Runs the pipeline in the background and reports the tree as it comes; a lost run fails the suite. */
    @Override
    public AdamMemeExecutionContext execute(AdamMemeExecutionContext context, DynamicTestExecutor executor) {
        SuiteRun run = Objects.requireNonNull(context.suite(), "prepare() set it");
        new SuiteExecution(run, new Children(run, this, executor)).run(context.engine());
        return context;
    }
}
