package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.Admission;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.run.RunInfo;
import io.github.adammeme.internal.summary.Metrics;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A whole AdamMeme evaluation: the final taxonomy and how it grew, what became of every input
 * meme, the mined pairs, the scored samples, the refinement chains and the figures.
 *
 * @param taxonomy    the final taxonomy, initial categories first
 * @param admissions  every proposal the Examiner and Judge ruled on, admitted or not, in order
 * @param memes       one outcome per input meme, in dataset order
 * @param mined       every mined pair with its misbelief
 * @param samples     the original samples put to the target (at most K per category), in category then dataset order
 * @param chains      the refinement chains, by category then seed
 * @param metrics     counts, average scores and FR
 * @param usage       calls and tokens per role and model
 */
@API(status = INTERNAL, since = "0.1.0")
public record Evaluation(
        RunInfo run,
        List<Category> taxonomy,
        List<Admission> admissions,
        List<MemeOutcome> memes,
        List<MinedSample> mined,
        List<ScoredSample> samples,
        List<Chain> chains,
        Metrics metrics,
        List<UsageLedger.Line> usage) {

    /**
     * Every refined sample, chain by chain.
     *
     * @return the refined samples
     */
    public List<ScoredSample> refinedSamples() {
        return chains.stream().flatMap(c -> c.steps().stream()).toList();
    }
}
