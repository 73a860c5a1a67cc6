package io.github.adammeme.internal.pipeline.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** Several pipeline listeners heard as one, in order. */
@API(status = INTERNAL, since = "0.1.0")
public final class Listeners implements PipelineListener {

    private final List<PipelineListener> all;

    private Listeners(List<PipelineListener> all) {
        this.all = all;
    }

    /**
     * @param listeners the listeners, in the order they hear each event; nulls (a listener switched off) are left out
     * @return one listener for all of them
     */
    public static PipelineListener of(@Nullable PipelineListener... listeners) {
        return new Listeners(Arrays.stream(listeners).filter(Objects::nonNull).toList());
    }

    @Override
    public void started(int memes, UsageLedger usage) {
        all.forEach(l -> l.started(memes, usage));
    }

    @Override
    public void memeMined(MemeOutcome outcome) {
        all.forEach(l -> l.memeMined(outcome));
    }

    @Override
    public void miningFinished(int memes, int minedSamples) {
        all.forEach(l -> l.miningFinished(memes, minedSamples));
    }

    @Override
    public void samplesSelected(List<String> categories, List<MinedSample> samples) {
        all.forEach(l -> l.samplesSelected(categories, samples));
    }

    @Override
    public void sampleScored(ScoredSample sample) {
        all.forEach(l -> l.sampleScored(sample));
    }

    @Override
    public void refinementPlanned(String category, List<String> seedIds) {
        all.forEach(l -> l.refinementPlanned(category, seedIds));
    }

    @Override
    public void refinementStep(ScoredSample step) {
        all.forEach(l -> l.refinementStep(step));
    }

    @Override
    public void chainFinished(Chain chain) {
        all.forEach(l -> l.chainFinished(chain));
    }

    @Override
    public void finished(Evaluation evaluation) {
        all.forEach(l -> l.finished(evaluation));
    }
}
