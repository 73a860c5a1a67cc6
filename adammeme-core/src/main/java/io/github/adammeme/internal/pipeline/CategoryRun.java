package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.retrieval.MisbeliefIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** H, the pool and the index of one category; touched by one round, or one chain's step, at a time. */
final class CategoryRun {
    final String category;
    final Map<String, ScoredSample> history = new LinkedHashMap<>();
    final Set<String> pool = new LinkedHashSet<>();
    final List<ChainState> chains = new ArrayList<>();
    final MisbeliefIndex index;

    private final RefinementStage stage;
    private final RefinementOrder order;

    CategoryRun(String category, RefinementStage stage, RefinementOrder order) {
        this.category = category;
        this.index = new MisbeliefIndex(stage.retrieval());
        this.stage = stage;
        this.order = order;
    }

    void addToHistory(ScoredSample s) {
        history.put(s.id(), s);
        index.add(s.id(), category, s.probedMisbelief());
    }

    /** A finished step joins its chain, and H when it has a score; retrievals see it from the next refresh. */
    void land(ChainState chain, ScoredSample refined) {
        chain.steps.add(refined);
        if (RefinementStage.usable(refined)) {
            addToHistory(refined);
        }
    }

    CompletableFuture<Void> refine() {
        return order == RefinementOrder.PAPER ? inSequence() : rounds();
    }

    /** All chains still running take one step each, against H as it stood when the round began. */
    private CompletableFuture<Void> rounds() {
        List<ChainState> active = chains.stream().filter(c -> c.stop == null).toList();
        if (active.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        List<CompletableFuture<ScoredSample>> round =
                active.stream().map(c -> stage.step(this, c)).toList();
        return CompletableFuture.allOf(round.toArray(CompletableFuture[]::new)).thenCompose(ignored -> {
            List<ScoredSample> results =
                    round.stream().map(CompletableFuture::join).toList();
            for (int i = 0; i < active.size(); i++) {
                land(active.get(i), results.get(i));
            }
            index.refresh();
            for (int i = 0; i < active.size(); i++) {
                stage.advance(this, active.get(i), results.get(i));
            }
            return rounds();
        });
    }

    /** Algorithm 1's two loops as written: seed after seed, each chain to its end. */
    private CompletableFuture<Void> inSequence() {
        CompletableFuture<Void> done = CompletableFuture.completedFuture(null);
        for (ChainState chain : chains) {
            done = done.thenCompose(ignored -> toItsEnd(chain));
        }
        return done;
    }

    private CompletableFuture<Void> toItsEnd(ChainState chain) {
        if (chain.stop != null) {
            return CompletableFuture.completedFuture(null);
        }
        return stage.step(this, chain).thenCompose(refined -> {
            land(chain, refined);
            // The paper's H grows by each step before the next retrieval, this chain's or a later one's.
            index.refresh();
            stage.advance(this, chain, refined);
            return toItsEnd(chain);
        });
    }
}
