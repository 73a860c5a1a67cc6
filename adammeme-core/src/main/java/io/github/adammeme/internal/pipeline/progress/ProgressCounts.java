package io.github.adammeme.internal.pipeline.progress;

import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * How far a run has got, counted from the pipeline's events: memes mined, pairs scored, refinement steps and
 * chains. What the progress line shows while the run goes on and what an interrupted run says it reached.
 */
abstract class ProgressCounts implements PipelineListener {

    private volatile @Nullable UsageLedger usage;
    private volatile int memes = -1;
    private final AtomicInteger mined = new AtomicInteger();
    private volatile int pairs = -1;
    private final AtomicInteger scored = new AtomicInteger();
    private final AtomicInteger chains = new AtomicInteger();
    private volatile boolean refining;
    private final AtomicInteger chainsDone = new AtomicInteger();
    private final AtomicInteger steps = new AtomicInteger();

    @Override
    public void started(int memeCount, UsageLedger ledger) {
        usage = ledger;
        memes = memeCount;
    }

    @Override
    public void memeMined(MemeOutcome outcome) {
        mined.incrementAndGet();
    }

    @Override
    public void samplesSelected(List<String> categories, List<MinedSample> samples) {
        pairs = samples.size();
    }

    @Override
    public void sampleScored(ScoredSample sample) {
        scored.incrementAndGet();
    }

    @Override
    public void refinementPlanned(String category, List<String> seedIds) {
        chains.addAndGet(seedIds.size());
        refining = true;
    }

    @Override
    public void refinementStep(ScoredSample step) {
        steps.incrementAndGet();
    }

    @Override
    public void chainFinished(Chain chain) {
        chainsDone.incrementAndGet();
    }

    /** @return the run's ledger, or null before its first call */
    final @Nullable UsageLedger usage() {
        return usage;
    }

    /** @return whether the pipeline has started (read its dataset) */
    final boolean hasStarted() {
        return memes >= 0;
    }

    /** @return the memes of the dataset, 0 before the start */
    final int memes() {
        return Math.max(memes, 0);
    }

    final int mined() {
        return mined.get();
    }

    /** @return whether the mining stage has drawn its pairs */
    final boolean selected() {
        return pairs >= 0;
    }

    /** @return the pairs drawn for scoring, -1 before they are drawn */
    final int pairs() {
        return pairs;
    }

    final int scored() {
        return scored.get();
    }

    /** @return whether any category's refinement chains were planned */
    final boolean refining() {
        return refining;
    }

    final int chains() {
        return chains.get();
    }

    final int chainsDone() {
        return chainsDone.get();
    }

    final int steps() {
        return steps.get();
    }
}
