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
 * Stage 3, iterative refinement (the paper's Algorithm 1), for one category at a time. For each
 * seed: retrieve the top-3 similar samples of the history H, let the Refiner rewrite the case,
 * score the rewrite, add it to H; if the score dropped (s' &lt; s) continue from the pool sample
 * nearest in misbelief, else stop.
 *
 * <p>Algorithm 1 never looks across categories, so each category runs on its own, with its own H
 * and its own BM25 index (whose statistics must not move with another category's progress), and
 * may start as soon as its own originals are scored. Within a category all chains advance together
 * in rounds: a round's retrievals see H as it stood when the round began and its additions land in
 * chain order, so a concurrent run retrieves exactly what a serial run would, every time.
 */
final class RefinementStage {

    static final int EXAMPLES = 3;

    private final Refiner refiner;
    private final ScoringStage scoring;
    private final Probes probes;
    private final int seeds;
    private final int iterations;
    private final long randomSeed;
    private final PipelineListener listener;

    RefinementStage(Refiner refiner, ScoringStage scoring, Probes probes, int seeds, int iterations, long randomSeed,
                    PipelineListener listener) {
        this.refiner = refiner;
        this.scoring = scoring;
        this.probes = probes;
        this.seeds = seeds;
        this.iterations = iterations;
        this.randomSeed = randomSeed;
        this.listener = listener;
    }

    /** One seed's chain while it runs. */
    private static final class ChainState {
        final ScoredSample seed;
        ScoredSample current;
        final List<ScoredSample> steps = new ArrayList<>();
        String stop;

        ChainState(ScoredSample seed) {
            this.seed = seed;
            this.current = seed;
        }
    }

    /** H, the pool and the index of one category; touched by one round at a time. */
    private final class CategoryRun {
        final String category;
        final Map<String, ScoredSample> history = new LinkedHashMap<>();
        final Set<String> pool = new LinkedHashSet<>();
        final List<ChainState> chains = new ArrayList<>();
        final MisbeliefIndex index = new MisbeliefIndex();

        CategoryRun(String category) {
            this.category = category;
        }

        void addToHistory(ScoredSample s) {
            history.put(s.id(), s);
            index.add(s.id(), category, s.misbelief());
        }

        CompletableFuture<Void> rounds() {
            List<ChainState> active = chains.stream().filter(c -> c.stop == null).toList();
            if (active.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            List<CompletableFuture<ScoredSample>> round = active.stream().map(c -> step(this, c)).toList();
            return CompletableFuture.allOf(round.toArray(CompletableFuture[]::new)).thenCompose(ignored -> {
                List<ScoredSample> results = round.stream().map(CompletableFuture::join).toList();
                for (int i = 0; i < active.size(); i++) {
                    active.get(i).steps.add(results.get(i));
                    if (usable(results.get(i))) {
                        addToHistory(results.get(i));
                    }
                }
                index.refresh();
                for (int i = 0; i < active.size(); i++) {
                    advance(this, active.get(i), results.get(i));
                }
                return rounds();
            });
        }
    }

    /**
     * Runs Algorithm 1 on one category.
     *
     * @param originals the category's scored original samples, in the order stage 2 listed them
     * @return its chains, in seed order, once the last one stopped
     */
    CompletableFuture<List<Chain>> run(String category, List<ScoredSample> originals) {
        CategoryRun run = new CategoryRun(category);
        try {
            for (ScoredSample s : originals) {
                if (!s.category().equals(category)) {
                    throw new IllegalArgumentException(s.id() + " is not a " + category + " sample");
                }
                if (usable(s)) {
                    run.addToHistory(s);
                }
            }
            run.index.refresh();
            // S is drawn from every original of the category, not only those this target scored,
            // so every target is refined from the same seeds.
            Set<String> seedIds = new LinkedHashSet<>();
            for (ScoredSample seed : seedSet(category, originals)) {
                seedIds.add(seed.id());
                ChainState chain = new ChainState(seed);
                if (!usable(seed)) {
                    chain.stop = "the seed has no score (" + seed.outcome() + ")";
                } else if (iterations == 0) {
                    chain.stop = "refinement is off (N = 0)";
                }
                run.chains.add(chain);
            }
            originals.stream().filter(RefinementStage::usable).filter(s -> !seedIds.contains(s.id()))
                    .forEach(s -> run.pool.add(s.id()));
            listener.refinementPlanned(category, List.copyOf(seedIds));
        } catch (RuntimeException e) {
            run.index.close();
            throw e;
        }
        CompletableFuture<Void> rounds;
        try {
            rounds = run.rounds();
        } catch (RuntimeException e) {
            rounds = CompletableFuture.failedFuture(e);
        }
        return rounds.whenComplete((ignored, error) -> run.index.close()).thenApply(ignored -> {
            List<Chain> out = new ArrayList<>();
            for (ChainState c : run.chains) {
                Chain chain = new Chain(category, c.seed.id(), c.steps, c.stop);
                listener.chainFinished(chain);
                out.add(chain);
            }
            return out;
        });
    }

    /** S for one category: drawn with the run's seed, the same for every target. */
    List<ScoredSample> seedSet(String category, List<ScoredSample> samples) {
        return Sampler.draw(samples, seeds, randomSeed ^ category.hashCode() ^ 0x5EED);
    }

    private CompletableFuture<ScoredSample> step(CategoryRun run, ChainState chain) {
        ScoredSample current = chain.current;
        int stepNo = chain.steps.size() + 1;
        List<String> exampleIds = run.index.top(run.category, current.misbelief(), EXAMPLES, current.id());
        String previous = chain.steps.isEmpty() ? null : chain.steps.get(chain.steps.size() - 1).id();
        String id = chain.seed.id() + "#" + stepNo;
        try {
            List<Refiner.Example> examples = exampleIds.stream().map(run.history::get)
                    .map(s -> new Refiner.Example(s.text(), s.misbelief(), s.score(), probes.erasedImage(s.memeId())))
                    .toList();
            return refiner.refine(current.text(), probes.erasedImage(current.memeId()), run.category,
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

    private void advance(CategoryRun run, ChainState chain, ScoredSample refined) {
        int step = chain.steps.size();
        if (!refined.outcome().scored()) {
            chain.stop = "step " + step + " has no score (" + refined.outcome() + ")";
        } else if (refined.score() >= chain.current.score()) {
            chain.stop = "the score did not drop at step " + step + " (s' = " + refined.score() + " >= s = "
                    + chain.current.score() + ")";
        } else if (step >= iterations) {
            chain.stop = "reached N = " + iterations + " steps";
        } else {
            var next = run.index.nearest(run.category, chain.current.misbelief(), run.pool);
            if (next.isEmpty()) {
                chain.stop = "the pool of " + run.category + " samples is used up";
            } else {
                run.pool.remove(next.get());
                chain.current = run.history.get(next.get());
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
