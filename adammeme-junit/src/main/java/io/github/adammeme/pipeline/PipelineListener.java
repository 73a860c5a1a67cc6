package io.github.adammeme.pipeline;

/**
 * Hears the pipeline's progress as it happens, for progress lines and for test engines that
 * report each sample as soon as it is scored. Called from pipeline threads.
 */
public interface PipelineListener {

    default void memeMined(MemeOutcome outcome) {
    }

    default void miningFinished(int memes, int minedSamples) {
    }

    default void samplesSelected(int samples) {
    }

    default void sampleScored(ScoredSample sample) {
    }

    default void refinementStep(ScoredSample step) {
    }

    default void chainFinished(Chain chain) {
    }

    PipelineListener NONE = new PipelineListener() {
    };
}
