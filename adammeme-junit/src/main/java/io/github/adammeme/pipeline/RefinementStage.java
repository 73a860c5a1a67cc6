package io.github.adammeme.pipeline;

import io.github.adammeme.agent.Refiner;
import io.github.adammeme.data.ImageException;
import io.github.adammeme.retrieval.MisbeliefIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Stage 3, iterative refinement (the paper's Algorithm 1). For each seed: retrieve the top-3
 * similar samples of the history H, let the Refiner rewrite the case, score the rewrite, add it to
 * H; if the score dropped (s' &lt; s) continue from the pool sample nearest in misbelief, else stop.
 *
 * <p>All chains advance together in rounds. A round's retrievals see H as it stood when the round
 * began and its additions land in chain order, so a concurrent run retrieves exactly what a serial
 * run of the same rounds would, every time.
 */
final class RefinementStage {

    static final int EXAMPLES = 3;

    private final Refiner refiner;
    private final ScoringStage scoring;
    private final Probes probes;
    private final MisbeliefIndex index;
    private final int seeds;
    private final int iterations;
    private final long randomSeed;
    private final PipelineListener listener;

    RefinementStage(Refiner refiner, ScoringStage scoring, Probes probes, MisbeliefIndex index, int seeds,
                    int iterations, long randomSeed, PipelineListener listener) {
        this.refiner = refiner;
        this.scoring = scoring;
        this.probes = probes;
        this.index = index;
        this.seeds = seeds;
        this.iterations = iterations;
        this.randomSeed = randomSeed;
        this.listener = listener;
    }

    /** One seed's chain while it runs. */
    private static final class ChainState {
        final String category;
        final ScoredSample seed;
        ScoredSample current;
        final List<ScoredSample> steps = new ArrayList<>();
        String stop;

        ChainState(String category, ScoredSample seed) {
            this.category = category;
            this.seed = seed;
            this.current = seed;
        }
    }

    /**
     * @param originals the scored original samples, in the order stage 2 produced them
     * @return the chains, by category then seed order
     */
    List<Chain> run(List<ScoredSample> originals) {
        Map<String, ScoredSample> history = new LinkedHashMap<>();
        Map<String, List<ScoredSample>> byCategory = new LinkedHashMap<>();
        for (ScoredSample s : originals) {
            byCategory.computeIfAbsent(s.category(), c -> new ArrayList<>()).add(s);
            if (usable(s)) {
                history.put(s.id(), s);
                index.add(s.id(), s.category(), s.misbelief());
            }
        }
        index.refresh();

        List<ChainState> chains = new ArrayList<>();
        Map<String, Set<String>> pools = new LinkedHashMap<>();
        byCategory.forEach((category, samples) -> {
            // S is drawn from every original of the category, not only those this target scored,
            // so every target is refined from the same seeds.
            List<ScoredSample> seedSet = seedSet(category, samples);
            Set<String> seedIds = new LinkedHashSet<>();
            for (ScoredSample seed : seedSet) {
                seedIds.add(seed.id());
                ChainState chain = new ChainState(category, seed);
                if (!usable(seed)) {
                    chain.stop = "the seed has no score (" + seed.outcome() + ")";
                }
                chains.add(chain);
            }
            Set<String> pool = new LinkedHashSet<>();
            samples.stream().filter(RefinementStage::usable).filter(s -> !seedIds.contains(s.id()))
                    .forEach(s -> pool.add(s.id()));
            pools.put(category, pool);
        });
        Map<String, List<String>> plan = new LinkedHashMap<>();
        chains.forEach(c -> plan.computeIfAbsent(c.category, k -> new ArrayList<>()).add(c.seed.id()));
        listener.refinementPlanned(plan);
        if (iterations == 0) {
            chains.forEach(c -> c.stop = c.stop != null ? c.stop : "refinement is off (N = 0)");
        }

        while (chains.stream().anyMatch(c -> c.stop == null)) {
            List<ChainState> active = chains.stream().filter(c -> c.stop == null).toList();
            List<CompletableFuture<ScoredSample>> round = new ArrayList<>();
            for (ChainState chain : active) {
                round.add(step(chain, history));
            }
            List<ScoredSample> results = round.stream().map(CompletableFuture::join).toList();
            for (int i = 0; i < active.size(); i++) {
                ScoredSample refined = results.get(i);
                active.get(i).steps.add(refined);
                if (usable(refined)) {
                    history.put(refined.id(), refined);
                    index.add(refined.id(), refined.category(), refined.misbelief());
                }
            }
            index.refresh();
            for (int i = 0; i < active.size(); i++) {
                advance(active.get(i), results.get(i), history, pools.get(active.get(i).category));
            }
        }
        List<Chain> out = new ArrayList<>();
        for (ChainState c : chains) {
            Chain chain = new Chain(c.category, c.seed.id(), c.steps, c.stop);
            listener.chainFinished(chain);
            out.add(chain);
        }
        return out;
    }

    /** S for one category: drawn with the run's seed, the same for every target. */
    List<ScoredSample> seedSet(String category, List<ScoredSample> samples) {
        return Sampler.draw(samples, seeds, randomSeed ^ category.hashCode() ^ 0x5EED);
    }

    private CompletableFuture<ScoredSample> step(ChainState chain, Map<String, ScoredSample> history) {
        ScoredSample current = chain.current;
        int stepNo = chain.steps.size() + 1;
        List<String> exampleIds = index.top(chain.category, current.misbelief(), EXAMPLES, current.id());
        String previous = chain.steps.isEmpty() ? null : chain.steps.get(chain.steps.size() - 1).id();
        String id = chain.seed.id() + "#" + stepNo;
        try {
            List<Refiner.Example> examples = exampleIds.stream().map(history::get)
                    .map(s -> new Refiner.Example(s.text(), s.misbelief(), s.score(), probes.erasedImage(s.memeId())))
                    .toList();
            return refiner.refine(current.text(), probes.erasedImage(current.memeId()), chain.category,
                    current.misbelief(), current.score(), examples).thenApply(rewrite -> {
                        Refinement link = new Refinement(chain.seed.id(), current.id(), previous, stepNo, current.score(),
                                exampleIds, rewrite.ok() ? rewrite.value().explanation() : null);
                        if (!rewrite.ok()) {
                            return CompletableFuture.completedFuture(failed(current, id, link,
                                    "Refiner " + rewrite.status() + ": " + rewrite.failure(), rewrite.raw()));
                        }
                        try {
                            return scoring.score(probes.refined(current, id, rewrite.value().rewrittenText(), link));
                        } catch (ImageException e) {
                            return CompletableFuture.completedFuture(failed(current, id, link, e.getMessage(), null));
                        }
                    }).thenCompose(f -> f).thenApply(refined -> {
                        listener.refinementStep(refined);
                        return refined;
                    });
        } catch (ImageException e) {
            Refinement link = new Refinement(chain.seed.id(), current.id(), previous, stepNo, current.score(), exampleIds, null);
            ScoredSample failed = failed(current, id, link, e.getMessage(), null);
            listener.refinementStep(failed);
            return CompletableFuture.completedFuture(failed);
        }
    }

    private void advance(ChainState chain, ScoredSample refined, Map<String, ScoredSample> history, Set<String> pool) {
        int step = chain.steps.size();
        if (!refined.outcome().scored()) {
            chain.stop = "step " + step + " has no score (" + refined.outcome() + ")";
        } else if (refined.score() >= chain.current.score()) {
            chain.stop = "the score did not drop at step " + step + " (s' = " + refined.score() + " >= s = "
                    + chain.current.score() + ")";
        } else if (step >= iterations) {
            chain.stop = "reached N = " + iterations + " steps";
        } else {
            var next = index.nearest(chain.category, chain.current.misbelief(), pool);
            if (next.isEmpty()) {
                chain.stop = "the pool of " + chain.category + " samples is used up";
            } else {
                pool.remove(next.get());
                chain.current = history.get(next.get());
            }
        }
    }

    private static ScoredSample failed(ScoredSample current, String id, Refinement link, String reason, String raw) {
        return new ScoredSample(id, current.memeId(), current.category(), current.misbelief(), current.text(),
                current.originalText(), current.image(), null, Outcome.ERROR, null, null, null, null, reason, raw, link);
    }

    /** In H, and usable as a seed, a pool case or an example: it has a score and a misbelief. */
    private static boolean usable(ScoredSample s) {
        return s.outcome().scored() && s.misbelief() != null;
    }
}
