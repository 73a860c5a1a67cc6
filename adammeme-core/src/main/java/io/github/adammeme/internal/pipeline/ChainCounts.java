package io.github.adammeme.internal.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.pipeline.progress.TimeLeft;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.summary.Outcome;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Per category, what its refinement can still take, from the pipeline's events: the originals it has to draw on, its
 * chains, how many of them a step has ended, its steps so far, and whether it is over. Every step rewrites an original
 * no other step has (the seed, then a pool sample taken out of the pool), so a category takes at most as many steps as
 * it has usable originals; and a chain ends at the first step whose score does not drop. A category's chains are
 * reported only when the last of them ends, so these counts, not those reports, tell how far its chains are.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ChainCounts {

    private static final class Counts {
        int pairs;
        int usable;
        int chains = -1;
        int ended;
        int steps;
        boolean finished;
    }

    private final Map<String, Counts> byCategory = new HashMap<>();

    private Counts of(String category) {
        return byCategory.computeIfAbsent(category, c -> new Counts());
    }

    /** @param samples the pairs drawn to be scored */
    public synchronized void selected(List<MinedSample> samples) {
        samples.forEach(s -> of(s.category()).pairs++);
    }

    /** @param original an original sample scored */
    public synchronized void scored(ScoredSample original) {
        if (RefinementStage.usable(original)) {
            of(original.category()).usable++;
        }
    }

    /**
     * @param category a category whose refinement is planned
     * @param chains how many chains it has, one per seed
     */
    public synchronized void planned(String category, int chains) {
        of(category).chains = chains;
    }

    /** @param step a refinement step scored */
    public synchronized void step(ScoredSample step) {
        Counts c = of(step.category());
        c.steps++;
        if (endsChain(step)) {
            c.ended++;
        }
    }

    /** @param category a category whose every chain has ended */
    public synchronized void finished(String category) {
        of(category).finished = true;
    }

    /**
     * Whether the chain ends at this step, as {@code RefinementStage.advance} decides on the score: no score to go by
     * (a refusal is the target's failure on the rewrite, so its chain goes on), or a score that did not drop below its
     * parent's. A chain also ends at {@code adammeme.iterations} or with its pool used up, which the bound on steps
     * stands for.
     */
    static boolean endsChain(ScoredSample step) {
        if (!step.outcome().scored()) {
            return step.outcome() != Outcome.REFUSED;
        }
        Integer parent = step.refinement() == null ? null : step.refinement().parentScore();
        return parent != null && step.score() != null && step.score() >= parent;
    }

    /** @return each category's counts as they stand, in the categories' order by name */
    public synchronized List<TimeLeft.Category> snapshot() {
        Map<String, TimeLeft.Category> out = new TreeMap<>();
        byCategory.forEach((name, c) ->
                out.put(name, new TimeLeft.Category(c.pairs, c.usable, c.chains, c.ended, c.steps, c.finished)));
        return List.copyOf(out.values());
    }
}
