package io.github.adammeme.pipeline;

/**
 * Hears the pipeline's progress as it happens, for progress lines and for test engines that
 * report each sample as soon as it is scored. Called from pipeline threads.
 */
public interface PipelineListener {

    /** The run begins; {@code usage} fills as calls complete. */
    default void started(int memes, io.github.adammeme.llm.UsageLedger usage) {
    }

    default void memeMined(MemeOutcome outcome) {
    }

    default void miningFinished(int memes, int minedSamples) {
    }

    /** The pairs stage 2 will score, in the order the result will list them, and the final taxonomy. */
    default void samplesSelected(java.util.List<String> categories, java.util.List<MinedSample> samples) {
    }

    default void sampleScored(ScoredSample sample) {
    }

    /**
     * The seeds of Algorithm 1 in one category: one chain each. Called once per category that has
     * scored samples, as soon as they are all scored; categories may interleave.
     */
    default void refinementPlanned(String category, java.util.List<String> seedIds) {
    }

    default void refinementStep(ScoredSample step) {
    }

    default void chainFinished(Chain chain) {
    }

    /** Called once, after everything else, with the whole result. */
    default void finished(Evaluation evaluation) {
    }

    PipelineListener NONE = new PipelineListener() {
    };
}
