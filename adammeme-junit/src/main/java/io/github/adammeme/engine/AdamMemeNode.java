package io.github.adammeme.engine;

import io.github.adammeme.internal.text.ReportText;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * The test tree. Only suites exist at discovery; everything below them is
 * registered as the pipeline produces it, which is why containers say they may register tests.
 * Unique ids are built from dataset ids and categories, so a rerun or a report history lines up.
 *
 * <p>A node below the suite is given what it does when it is created, as Jupiter's dynamic tests
 * are: the platform then reports it, times it and hands it the listener that Allure's attachments
 * follow. A test's body returns its result; a container's registers and runs its children.
 */
abstract class AdamMemeNode extends AbstractTestDescriptor implements Node<AdamMemeExecutionContext> {

    private final Type type;
    private Consumer<Children> container = children -> {};
    private Supplier<TestExecutionResult> test = TestExecutionResult::successful;

    /** Display names are made of meme ids, categories and model names: shown as plain text only. */
    AdamMemeNode(UniqueId id, String displayName, @Nullable TestSource source, Type type) {
        super(id, ReportText.plain(displayName), source);
        this.type = type;
    }

    @Override
    public Type getType() {
        return type;
    }

    @Override
    public boolean mayRegisterTests() {
        return type == Type.CONTAINER;
    }

    /**
     * Never concurrent, whatever executor a platform hands the engine: the tests are an ordered view
     * of one background run, and each has finished before the next is looked for.
     */
    @Override
    public ExecutionMode getExecutionMode() {
        return ExecutionMode.SAME_THREAD;
    }

    /** A container's body: registers and runs its children as their results arrive. */
    AdamMemeNode containing(Consumer<Children> body) {
        this.container = body;
        return this;
    }

    /** A test's body: waits for what it reports and says how it went. */
    AdamMemeNode testing(Supplier<TestExecutionResult> body) {
        this.test = body;
        return this;
    }

    /**
     * Runs the body. An exception out of it (the pipeline died, an output could not be written) is the
     * whole suite's: the node fails with it, and so does every container up to the suite, which then
     * reports the run as lost. A result that is not successful is raised for the platform to report.
     */
    @Override
    public AdamMemeExecutionContext execute(AdamMemeExecutionContext context, DynamicTestExecutor executor)
            throws Exception {
        // A node below a suite runs in the context its suite prepared.
        SuiteRun run = Objects.requireNonNull(context.suite(), "no suite run");
        TestExecutionResult result;
        try {
            container.accept(new Children(run, this, executor));
            result = test.get();
        } catch (RuntimeException | Error e) {
            run.lose(e);
            throw e;
        }
        if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
            Throwable t = result.getThrowable().orElseThrow();
            if (t instanceof Exception e) {
                throw e;
            }
            throw (Error) t;
        }
        return context;
    }

    /** A harmfulness category of the final taxonomy. */
    static final class CategoryNode extends AdamMemeNode {
        CategoryNode(TestDescriptor parent, String category) {
            super(parent.getUniqueId().append("category", category), category, NO_SOURCE, Type.CONTAINER);
        }
    }

    /** A mined meme-category pair, scored once: passes at or above the threshold. */
    static final class PairNode extends AdamMemeNode {
        PairNode(TestDescriptor parent, String memeId, String category) {
            super(parent.getUniqueId().append("pair", memeId), memeId + " · " + category, NO_SOURCE, Type.TEST);
        }
    }

    /** One seed's refinement chain (Algorithm 1). */
    static final class ChainNode extends AdamMemeNode {
        ChainNode(TestDescriptor parent, String seedMemeId) {
            super(
                    parent.getUniqueId().append("refinement", seedMemeId),
                    "refinement of " + seedMemeId + " · " + parent.getDisplayName(),
                    NO_SOURCE,
                    Type.CONTAINER);
        }
    }

    /** One refinement step: a rewritten meme scored again. */
    static final class StepNode extends AdamMemeNode {
        StepNode(TestDescriptor parent, int step, String category, String parentMemeId) {
            super(
                    parent.getUniqueId().append("step", Integer.toString(step)),
                    "step " + step + " · " + category + " (rewrites " + parentMemeId + ")",
                    NO_SOURCE,
                    Type.TEST);
        }
    }

    /** The FR figures of a category, or overall. */
    static final class SummaryNode extends AdamMemeNode {
        SummaryNode(TestDescriptor parent, String category) {
            super(parent.getUniqueId().append("summary", "fr"), "FR summary: " + category, NO_SOURCE, Type.TEST);
        }
    }

    /** FR against the baseline run's, failing on a significant rise. */
    static final class RegressionNode extends AdamMemeNode {
        RegressionNode(TestDescriptor parent, String category) {
            super(
                    parent.getUniqueId().append("baseline", "regression"),
                    "against the baseline: " + category,
                    NO_SOURCE,
                    Type.TEST);
        }
    }

    /** An FR budget, failing when exceeded. */
    static final class GateNode extends AdamMemeNode {
        GateNode(TestDescriptor parent, String category) {
            super(parent.getUniqueId().append("gate", "max-fr"), "FR gate: " + category, NO_SOURCE, Type.TEST);
        }
    }

    /** The judge's reliability: its verdicts against a second judge's on a seeded draw of samples. */
    static final class JudgeAgreementNode extends AdamMemeNode {
        JudgeAgreementNode(TestDescriptor parent) {
            super(parent.getUniqueId().append("judge", "agreement"), "judge agreement", NO_SOURCE, Type.TEST);
        }
    }

    /**
     * The whole run, when it was lost, interrupted or an unusable endpoint stopped it: a failed test, so a build
     * that fails on failures fails on it.
     */
    static final class RunLostNode extends AdamMemeNode {
        RunLostNode(TestDescriptor parent, String what) {
            super(parent.getUniqueId().append("run", "lost"), "the run " + what, NO_SOURCE, Type.TEST);
        }
    }

    /** Memes that could not be mined (a missing image, every Miner failing). */
    static final class MiningErrorsNode extends AdamMemeNode {
        MiningErrorsNode(TestDescriptor parent) {
            super(
                    parent.getUniqueId().append("mining", "errors"),
                    "memes that could not be mined",
                    NO_SOURCE,
                    Type.CONTAINER);
        }
    }

    /** A run of the mining stage alone: what it stored for the shards that will score. */
    static final class MiningStageNode extends AdamMemeNode {
        MiningStageNode(TestDescriptor parent) {
            super(
                    parent.getUniqueId().append("mining", "stage"),
                    "mining stage: taxonomy, misbeliefs and references" + " stored in the cache",
                    NO_SOURCE,
                    Type.TEST);
        }
    }

    /** A dry run's one test: the plan of calls and cost, reported as skipped, since nothing was evaluated. */
    static final class PlanNode extends AdamMemeNode {
        PlanNode(TestDescriptor parent) {
            super(
                    parent.getUniqueId().append("run", "plan"),
                    "dry run: the plan of calls and cost (no model called)",
                    NO_SOURCE,
                    Type.TEST);
        }
    }

    /** One meme that could not be mined, shown as a broken test with its reason. */
    static final class MemeErrorNode extends AdamMemeNode {
        MemeErrorNode(TestDescriptor parent, String memeId) {
            super(parent.getUniqueId().append("meme", memeId), memeId + " could not be mined", NO_SOURCE, Type.TEST);
        }
    }

    /** The segment types of the nodes below a suite, in the order a run adds them. */
    static final List<String> SEGMENTS = List.of(
            "category", "pair", "refinement", "step", "summary", "baseline", "gate", "judge", "run", "mining", "meme");

    /**
     * Nodes below the suite have no source of their own: Surefire then names a test by its display
     * name under the suite's class, which keeps every pair and step a test case of its own.
     */
    private static final @Nullable TestSource NO_SOURCE = null;
}
