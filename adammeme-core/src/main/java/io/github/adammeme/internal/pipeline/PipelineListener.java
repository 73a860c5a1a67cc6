package io.github.adammeme.internal.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Hears the pipeline's progress as it happens, for progress lines and for test engines that
 * report each sample as soon as it is scored. Called from pipeline threads.
 */
@API(status = INTERNAL, since = "0.1.0")
public interface PipelineListener {

    /**
     * The run begins; {@code usage} fills as calls complete.
     *
     * @param memes how many memes the run reads
     * @param usage the run's ledger
     */
    default void started(int memes, UsageLedger usage) {}

    /**
     * One meme is decided: harmless, mined into categories, or an error.
     *
     * @param outcome what became of it
     */
    default void memeMined(MemeOutcome outcome) {}

    /**
     * Stage 1 is over.
     *
     * @param memes how many memes were read
     * @param minedSamples how many meme-category pairs were mined
     */
    default void miningFinished(int memes, int minedSamples) {}

    /**
     * The pairs stage 2 will score, in the order the result will list them, and the final taxonomy.
     *
     * @param categories the final taxonomy's names
     * @param samples the pairs to score
     */
    default void samplesSelected(List<String> categories, List<MinedSample> samples) {}

    /**
     * One original sample is scored (or ended otherwise).
     *
     * @param sample the sample
     */
    default void sampleScored(ScoredSample sample) {}

    /**
     * The seeds of Algorithm 1 in one category: one chain each. Called once per category that has
     * scored samples, as soon as they are all scored; categories may interleave.
     *
     * @param category the category
     * @param seedIds the seed samples' ids, one chain each
     */
    default void refinementPlanned(String category, List<String> seedIds) {}

    /**
     * One refinement step is scored (or ended otherwise).
     *
     * @param step the refined sample
     */
    default void refinementStep(ScoredSample step) {}

    /**
     * One chain of Algorithm 1 has ended.
     *
     * @param chain its steps and why it stopped
     */
    default void chainFinished(Chain chain) {}

    /**
     * Called once, after everything else, with the whole result.
     *
     * @param evaluation the result
     */
    default void finished(Evaluation evaluation) {}

    /** Hears nothing. */
    PipelineListener NONE = new PipelineListener() {};
}
