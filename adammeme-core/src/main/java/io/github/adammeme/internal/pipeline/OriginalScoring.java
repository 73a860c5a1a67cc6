package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Stage 2 over the selected pairs: each original's picture prepared off the pipeline's thread, then
 * its reference, the target's answer and the Scorer, with a bounded number of samples in flight so
 * the endpoint is kept busy without holding every picture in memory.
 */
final class OriginalScoring {

    private static final int SAMPLES_PER_SLOT = 2;

    private final Probes probes;
    private final ScoringStage scoring;
    private final Executor preparers;
    private final SampleWindow window;

    OriginalScoring(Probes probes, ScoringStage scoring, Executor preparers, EvaluationConfig config) {
        this.probes = probes;
        this.scoring = scoring;
        this.preparers = preparers;
        this.window = window(config, preparers);
    }

    /**
     * Samples scored at once: a sample's calls come in two or three waves (the reference and the
     * target, the Senior, the Scorer), so twice the endpoint's concurrency keeps every slot busy. In batch
     * mode a batch's places are slots too, or batches would leave with a few calls each.
     */
    private static SampleWindow window(EvaluationConfig config, Executor preparers) {
        return new SampleWindow(SAMPLES_PER_SLOT * config.callSlots(), preparers);
    }

    /**
     * The reference answers of these pairs, paid and cached now. A picture that cannot be read has no
     * reference on any shard either; a cache that must not be gone without stops the run.
     */
    void prepareReferences(List<MinedSample> pairs) {
        List<CompletableFuture<?>> references = new ArrayList<>();
        for (MinedSample m : pairs) {
            if (m.misbelief() != null) {
                references.add(window.submit(() -> CompletableFuture.supplyAsync(() -> probes.original(m), preparers)
                                .thenCompose(scoring::reference))
                        .exceptionally(error -> {
                            if (cause(error) instanceof ImageException) {
                                return null;
                            }
                            throw error instanceof CompletionException c ? c : new CompletionException(error);
                        }));
            }
        }
        references.forEach(CompletableFuture::join);
    }

    /** The originals' scores as they come, in selection order. */
    @SuppressWarnings("FutureReturnValueIgnored") // false positive: the nested future is flattened by thenCompose
    List<CompletableFuture<ScoredSample>> scoreAll(List<MinedSample> selected, PipelineListener listener) {
        List<CompletableFuture<ScoredSample>> futures = new ArrayList<>();
        for (MinedSample m : selected) {
            CompletableFuture<ScoredSample> future;
            if (m.misbelief() == null) {
                future = CompletableFuture.completedFuture(ScoredSample.unscorable(m, m.narratorError()));
            } else {
                future = window.submit(() -> CompletableFuture.supplyAsync(() -> probes.original(m), preparers)
                        .handle((probe, error) -> {
                            if (error == null) {
                                return scoring.score(probe);
                            }
                            Throwable cause = cause(error);
                            if (cause instanceof ImageException) {
                                return CompletableFuture.completedFuture(
                                        ScoredSample.unscorable(m, cause.getMessage()));
                            }
                            return CompletableFuture.<ScoredSample>failedFuture(cause);
                        })
                        .thenCompose(f -> f));
            }
            futures.add(future.thenApply(s -> {
                listener.sampleScored(s);
                return s;
            }));
        }
        return futures;
    }

    /** What failed, out of the CompletionException a stage wraps it in. */
    private static Throwable cause(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
