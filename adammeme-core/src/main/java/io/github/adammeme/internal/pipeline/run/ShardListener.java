package io.github.adammeme.internal.pipeline.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.List;
import org.apiguardian.api.API;

/** Passes on what this shard reports, and nothing of what it computes only to get there. */
@API(status = INTERNAL, since = "0.1.0")
public final class ShardListener implements PipelineListener {

    private final PipelineListener next;
    private final Shard shard;
    private volatile List<String> categories = List.of();

    /**
     * @param next  who hears what this shard reports
     * @param shard the shard
     */
    public ShardListener(PipelineListener next, Shard shard) {
        this.next = next;
        this.shard = shard;
    }

    @Override
    public void started(int memes, UsageLedger usage) {
        next.started(memes, usage);
    }

    @Override
    public void memeMined(MemeOutcome outcome) {
        next.memeMined(outcome);
    }

    @Override
    public void miningFinished(int memes, int minedSamples) {
        next.miningFinished(memes, minedSamples);
    }

    @Override
    public void samplesSelected(List<String> all, List<MinedSample> samples) {
        categories = List.copyOf(all);
        next.samplesSelected(
                all.stream().filter(c -> shard.computes(c, all)).toList(),
                samples.stream()
                        .filter(s -> shard.reports(s.category(), s.id(), all))
                        .toList());
    }

    @Override
    public void sampleScored(ScoredSample sample) {
        if (shard.reports(sample.category(), sample.id(), categories)) {
            next.sampleScored(sample);
        }
    }

    @Override
    public void refinementPlanned(String category, List<String> seedIds) {
        next.refinementPlanned(
                category,
                seedIds.stream()
                        .filter(id -> shard.reports(category, id, categories))
                        .toList());
    }

    @Override
    public void refinementStep(ScoredSample step) {
        if (shard.reports(step.category(), step.madeBy().seedId(), categories)) {
            next.refinementStep(step);
        }
    }

    @Override
    public void chainFinished(Chain chain) {
        if (shard.reports(chain.category(), chain.seedId(), categories)) {
            next.chainFinished(chain);
        }
    }

    @Override
    public void finished(Evaluation evaluation) {
        next.finished(evaluation);
    }
}
