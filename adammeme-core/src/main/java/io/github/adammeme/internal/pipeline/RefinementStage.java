package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.Refiner;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Refinement;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.retrieval.Retrieval;
import io.github.adammeme.internal.summary.Outcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Stage 3, iterative refinement (the paper's Algorithm 1), for one category at a time. For each
 * seed: retrieve the top-3 similar samples of the history H, let the Refiner rewrite the case,
 * score the rewrite, add it to H; if the score dropped (s' &lt; s), or the target declined the rewrite,
 * continue from the pool sample nearest in misbelief, else stop.
 *
 * <p>The seed set S is drawn from the scored originals only, as the paper draws it from
 * M_scored: a seed without a score could only end its chain before it began. The paper also keeps
 * S fixed across targets, so the draw is one seeded ranking of all the category's originals,
 * whatever this target scored, of which S takes the first usable ones: every target that scored
 * them gets the same S.
 *
 * <p>Algorithm 1 never looks across categories, so each category runs on its own, with its own H
 * and its own BM25 index (whose statistics must not move with another category's progress), and
 * may start as soon as its own originals are scored. Within a category the {@link RefinementOrder}
 * decides when each chain takes its steps: in rounds, where a round's retrievals see H as it stood
 * when the round began and its additions land in chain order, so a concurrent run retrieves exactly
 * what a serial run would; or in the paper's order, one chain after another, where every retrieval
 * sees every step made before it. Both make the same step and the same transition after it.
 */
final class RefinementStage {

    static final int EXAMPLES = 3;

    /** Keeps S's draw apart from stage 1's draw of K per category, which uses the same run seed. */
    private static final int SEED_SET_SALT = 0x5EED;

    private final Refiner refiner;
    private final ScoringStage scoring;
    private final Probes probes;
    private final int seeds;
    private final int iterations;
    private final long randomSeed;
    private final PipelineListener listener;
    private final RefinementOrder order;
    private final Retrieval retrieval;
    private final RefinerPicture picture;

    RefinementStage(
            Refiner refiner,
            ScoringStage scoring,
            Probes probes,
            int seeds,
            int iterations,
            long randomSeed,
            PipelineListener listener,
            RefinementOrder order) {
        this(
                refiner,
                scoring,
                probes,
                seeds,
                iterations,
                randomSeed,
                listener,
                order,
                Retrieval.CONTENT_WORDS,
                RefinerPicture.ERASED);
    }

    /**
     * @param retrieval how H_ref and the next pool case are retrieved by misbelief
     * @param picture   the picture the Refiner is shown of the case it rewrites
     */
    RefinementStage(
            Refiner refiner,
            ScoringStage scoring,
            Probes probes,
            int seeds,
            int iterations,
            long randomSeed,
            PipelineListener listener,
            RefinementOrder order,
            Retrieval retrieval,
            RefinerPicture picture) {
        this.retrieval = retrieval;
        this.picture = picture;
        this.refiner = refiner;
        this.scoring = scoring;
        this.probes = probes;
        this.seeds = seeds;
        this.iterations = iterations;
        this.randomSeed = randomSeed;
        this.listener = listener;
        this.order = order;
    }

    /**
     * Runs Algorithm 1 on one category.
     *
     * @param originals the category's scored original samples, in the order stage 2 listed them
     * @return its chains, in seed order, once the last one stopped
     */
    CompletableFuture<List<Chain>> run(String category, List<ScoredSample> originals) {
        CategoryRun run = new CategoryRun(category, this, order);
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
            Set<String> seedIds = new LinkedHashSet<>();
            for (ScoredSample seed : seedSet(category, originals)) {
                seedIds.add(seed.id());
                ChainState chain = new ChainState(seed);
                if (iterations == 0) {
                    chain.stop = "refinement is off (N = 0)";
                }
                run.chains.add(chain);
            }
            originals.stream()
                    .filter(RefinementStage::usable)
                    .filter(s -> !seedIds.contains(s.id()))
                    .forEach(s -> run.pool.add(s.id()));
            listener.refinementPlanned(category, List.copyOf(seedIds));
        } catch (RuntimeException e) {
            run.index.close();
            throw e;
        }
        CompletableFuture<Void> refined;
        try {
            refined = run.refine();
        } catch (RuntimeException e) {
            refined = CompletableFuture.failedFuture(e);
        }
        return refined.whenComplete((ignored, error) -> run.index.close()).thenApply(ignored -> {
            List<Chain> out = new ArrayList<>();
            for (ChainState c : run.chains) {
                Chain chain = new Chain(category, c.seed.id(), c.steps, c.stop);
                listener.chainFinished(chain);
                out.add(chain);
            }
            return out;
        });
    }

    /**
     * S for one category: the first {@code seeds} usable originals in a ranking of all of them drawn with
     * the run's seed, in the originals' order. The ranking ignores what this target scored, so S changes
     * between targets only where a target left one of its members unscored, and then only by that member.
     */
    List<ScoredSample> seedSet(String category, List<ScoredSample> originals) {
        return ranking(originals.size(), randomSeed ^ category.hashCode() ^ SEED_SET_SALT).stream()
                .filter(i -> usable(originals.get(i)))
                .limit(seeds)
                .sorted()
                .map(originals::get)
                .toList();
    }

    /**
     * Positions 0..n-1 shuffled as {@link Sampler#draw} shuffles them, so that when every original is
     * scored S is exactly the draw of seeds that {@link Sampler#draw} makes with the same seed.
     */
    private static List<Integer> ranking(int n, long seed) {
        List<Integer> positions = IntStream.range(0, n).boxed().collect(Collectors.toCollection(ArrayList::new));
        Collections.shuffle(positions, new Random(seed));
        return positions;
    }

    @SuppressWarnings("FutureReturnValueIgnored") // false positive: the nested future is flattened by thenCompose
    CompletableFuture<ScoredSample> step(CategoryRun run, ChainState chain) {
        ScoredSample current = chain.current;
        int stepNo = chain.steps.size() + 1;
        List<String> exampleIds = run.index.top(run.category, current.probedMisbelief(), EXAMPLES, current.id());
        String previous = chain.steps.isEmpty()
                ? null
                : chain.steps.get(chain.steps.size() - 1).id();
        String id = chain.seed.id() + "#" + stepNo;
        try {
            List<Refiner.Example> examples = exampleIds.stream()
                    .map(run.history::get)
                    .map(s -> new Refiner.Example(
                            s.text(), s.probedMisbelief(), s.ratedScore(), probes.erasedImage(s.memeId())))
                    .toList();
            return refiner.refine(
                            current.text(),
                            picture == RefinerPicture.ORIGINAL
                                    ? probes.originalImage(current.memeId())
                                    : probes.erasedImage(current.memeId()),
                            run.category,
                            current.probedMisbelief(),
                            current.ratedScore(),
                            examples)
                    .thenApply(rewrite -> {
                        Refinement link = new Refinement(
                                chain.seed.id(),
                                current.id(),
                                previous,
                                stepNo,
                                current.score(),
                                exampleIds,
                                rewrite.ok() ? rewrite.okValue().explanation() : null);
                        if (!rewrite.ok()) {
                            return CompletableFuture.completedFuture(ScoredSample.failedStep(
                                    current,
                                    id,
                                    link,
                                    "Refiner " + rewrite.status() + ": " + rewrite.failure(),
                                    rewrite.raw()));
                        }
                        try {
                            return scoring.score(probes.refined(
                                    current, id, rewrite.okValue().rewrittenText(), link));
                        } catch (ImageException e) {
                            return CompletableFuture.completedFuture(
                                    ScoredSample.failedStep(current, id, link, e.getMessage(), null));
                        }
                    })
                    .thenCompose(f -> f)
                    .thenApply(refined -> {
                        listener.refinementStep(refined);
                        return refined;
                    });
        } catch (ImageException e) {
            Refinement link =
                    new Refinement(chain.seed.id(), current.id(), previous, stepNo, current.score(), exampleIds, null);
            ScoredSample failed = ScoredSample.failedStep(current, id, link, e.getMessage(), null);
            listener.refinementStep(failed);
            return CompletableFuture.completedFuture(failed);
        }
    }

    /**
     * Algorithm 1's transition after a step: on to the pool sample nearest in misbelief when the target did
     * worse on the rewrite than on its parent (s' &lt; s), else the chain ends. A rewrite the target declined
     * to analyse is its failure on that content, below any score, so the chain goes on as after a drop; a
     * step with no answer to judge by (an agent or the endpoint failed) ends it.
     */
    void advance(CategoryRun run, ChainState chain, ScoredSample refined) {
        int step = chain.steps.size();
        if (!refined.outcome().scored() && refined.outcome() != Outcome.REFUSED) {
            chain.stop = "step " + step + " has no score (" + refined.outcome() + ")";
        } else if (refined.outcome().scored() && refined.ratedScore() >= chain.current.ratedScore()) {
            chain.stop = "the score did not drop at step " + step + " (s' = " + refined.score() + " >= s = "
                    + chain.current.score() + ")";
        } else if (step >= iterations) {
            chain.stop = "reached N = " + iterations + " steps";
        } else {
            var next = run.index.nearest(run.category, chain.current.probedMisbelief(), run.pool);
            if (next.isEmpty()) {
                chain.stop = "the pool of " + run.category + " samples is used up";
            } else {
                run.pool.remove(next.get());
                chain.current =
                        Objects.requireNonNull(run.history.get(next.get()), "the pool is drawn from the history");
            }
        }
    }

    /** @return how this stage retrieves by misbelief: each category's index is built for it */
    Retrieval retrieval() {
        return retrieval;
    }

    /** In H, and usable as a seed, a pool case or an example: it has a score and a misbelief. */
    static boolean usable(ScoredSample s) {
        return s.outcome().scored() && s.misbelief() != null;
    }
}
