package io.github.adammeme.engine;

import io.github.adammeme.report.ReportText;
import java.util.Set;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;

/**
 * The test tree (DESIGN.md §2). Only suites exist at discovery; everything below them is
 * registered as the pipeline produces it, which is why containers say they may register tests.
 * Unique ids are built from dataset ids and categories, so a rerun or a report history lines up.
 */
abstract class AdamMemeNode extends AbstractTestDescriptor {

    private final Type type;

    /** Display names are made of meme ids, categories and model names: shown as plain text only. */
    AdamMemeNode(UniqueId id, String displayName, TestSource source, Type type) {
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

    /** A marker class annotated {@link AdamMemeSuite}: one evaluation. */
    static final class Suite extends AdamMemeNode {
        static final String SEGMENT = "suite";

        private final SuiteSettings settings;
        private final Set<UniqueId> selected;

        private final boolean oneOfSeveralTargets;

        Suite(UniqueId id, Class<?> suiteClass, SuiteSettings settings, Set<UniqueId> selected, boolean oneOfSeveralTargets) {
            super(id, suiteClass.getSimpleName() + " · target " + settings.config().models().target().model(),
                    ClassSource.from(suiteClass), Type.CONTAINER);
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
    }

    /** A harmfulness category of the final taxonomy. */
    static final class CategoryNode extends AdamMemeNode {
        CategoryNode(TestDescriptor parent, String category) {
            super(parent.getUniqueId().append("category", category), category, NO_SOURCE, Type.CONTAINER);
        }
    }

    /** A mined meme-category pair, scored once: passes at or above the threshold. */
    static final class Pair extends AdamMemeNode {
        Pair(TestDescriptor parent, String memeId, String category) {
            super(parent.getUniqueId().append("pair", memeId), memeId + " · " + category, NO_SOURCE, Type.TEST);
        }
    }

    /** One seed's refinement chain (Algorithm 1). */
    static final class ChainNode extends AdamMemeNode {
        ChainNode(TestDescriptor parent, String seedMemeId) {
            super(parent.getUniqueId().append("refinement", seedMemeId), "refinement of " + seedMemeId + " · "
                    + parent.getDisplayName(), NO_SOURCE,
                    Type.CONTAINER);
        }
    }

    /** One refinement step: a rewritten meme scored again. */
    static final class Step extends AdamMemeNode {
        Step(TestDescriptor parent, int step, String category, String parentMemeId) {
            super(parent.getUniqueId().append("step", Integer.toString(step)),
                    "step " + step + " · " + category + " (rewrites " + parentMemeId + ")", NO_SOURCE, Type.TEST);
        }
    }

    /** The FR figures of a category, or overall. */
    static final class Summary extends AdamMemeNode {
        Summary(TestDescriptor parent, String category) {
            super(parent.getUniqueId().append("summary", "fr"), "FR summary: " + category, NO_SOURCE, Type.TEST);
        }
    }

    /** FR against the baseline run's, failing on a significant rise. */
    static final class Regression extends AdamMemeNode {
        Regression(TestDescriptor parent, String category) {
            super(parent.getUniqueId().append("baseline", "regression"), "against the baseline: " + category, NO_SOURCE,
                    Type.TEST);
        }
    }

    /** An FR budget, failing when exceeded. */
    static final class Gate extends AdamMemeNode {
        Gate(TestDescriptor parent, String category) {
            super(parent.getUniqueId().append("gate", "max-fr"), "FR gate: " + category, NO_SOURCE, Type.TEST);
        }
    }

    /** The judge's reliability: its verdicts against a second judge's on a seeded draw of samples. */
    static final class JudgeAgreement extends AdamMemeNode {
        JudgeAgreement(TestDescriptor parent) {
            super(parent.getUniqueId().append("judge", "agreement"), "judge agreement", NO_SOURCE, Type.TEST);
        }
    }

    /** The whole run, when it was lost: a failed test, so a build that fails on failures fails on it. */
    static final class RunLost extends AdamMemeNode {
        RunLost(TestDescriptor parent) {
            super(parent.getUniqueId().append("run", "lost"), "the run was lost", NO_SOURCE, Type.TEST);
        }
    }

    /** Memes that could not be mined (a missing image, every Miner failing). */
    static final class MiningErrors extends AdamMemeNode {
        MiningErrors(TestDescriptor parent) {
            super(parent.getUniqueId().append("mining", "errors"), "memes that could not be mined", NO_SOURCE,
                    Type.CONTAINER);
        }
    }

    /** A run of the mining stage alone: what it stored for the shards that will score. */
    static final class MiningStage extends AdamMemeNode {
        MiningStage(TestDescriptor parent) {
            super(parent.getUniqueId().append("mining", "stage"), "mining stage: taxonomy, misbeliefs and references"
                    + " stored in the cache", NO_SOURCE, Type.TEST);
        }
    }

    /** One meme that could not be mined, shown as a broken test with its reason. */
    static final class MemeError extends AdamMemeNode {
        MemeError(TestDescriptor parent, String memeId) {
            super(parent.getUniqueId().append("meme", memeId), memeId + " could not be mined", NO_SOURCE, Type.TEST);
        }
    }

    /**
     * Nodes below the suite have no source of their own: Surefire then names a test by its display
     * name under the suite's class, which keeps every pair and step a test case of its own.
     */
    private static final TestSource NO_SOURCE = null;
}
