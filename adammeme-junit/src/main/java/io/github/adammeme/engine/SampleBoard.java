package io.github.adammeme.engine;

import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * Where the background pipeline posts its results and the engine's thread waits for them, one
 * test at a time. If the pipeline dies, every wait ends with its cause instead of hanging.
 */
final class SampleBoard implements PipelineListener {

    /** The selection of stage 2: the final taxonomy and the pairs to score. */
    record Selection(List<String> categories, List<MinedSample> samples) {}

    private final CompletableFuture<Selection> selection = new CompletableFuture<>();
    private final Map<String, CompletableFuture<List<String>>> plans = new ConcurrentHashMap<>();
    private final CompletableFuture<Evaluation> evaluation = new CompletableFuture<>();
    private final Map<String, CompletableFuture<ScoredSample>> samples = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<Chain>> chains = new ConcurrentHashMap<>();
    private volatile @Nullable RuntimeException failure;
    /**
     * Set by the first wait an interrupt ended, and seen by every wait after it: an interrupt that lands in a test's
     * wait ends that test, and the platform clears the flag after it, so without this the run would wait on for the
     * next results as if nobody had asked it to stop.
     */
    private volatile boolean interrupted;

    @Override
    public void samplesSelected(List<String> categories, List<MinedSample> selected) {
        selection.complete(new Selection(categories, selected));
    }

    @Override
    public void sampleScored(ScoredSample sample) {
        sample(sample.id()).complete(sample);
    }

    @Override
    public void refinementPlanned(String category, List<String> seedIds) {
        plan(category).complete(seedIds);
    }

    @Override
    public void refinementStep(ScoredSample step) {
        sample(step.id()).complete(step);
    }

    @Override
    public void chainFinished(Chain chain) {
        chain(chain.seedId()).complete(chain);
    }

    @Override
    public void finished(Evaluation result) {
        evaluation.complete(result);
    }

    /** The pipeline ended, normally or not: nothing more will be posted. */
    void pipelineEnded(Throwable failure) {
        RuntimeException cause = failure == null
                ? new IllegalStateException("the pipeline ended without producing this result")
                : new PipelineFailedException(failure);
        // Set before the sweep: a future the engine asks for from now on sees it, and one asked for
        // before is already in the maps the sweep goes through; no future can be left waiting.
        this.failure = cause;
        selection.completeExceptionally(cause);
        plans.values().forEach(f -> f.completeExceptionally(cause));
        evaluation.completeExceptionally(cause);
        samples.values().forEach(f -> f.completeExceptionally(cause));
        chains.values().forEach(f -> f.completeExceptionally(cause));
    }

    Selection selection() {
        return await(selection);
    }

    /** The seeds of a category's chains; none when the run ended without refining it (no scored samples). */
    List<String> seeds(String category) {
        CompletableFuture<List<String>> plan = plan(category);
        awaitEither(plan, evaluation);
        // A finished run that never planned this category (nothing of it was scored) has no chains;
        // by the time we look, the end of the run may already have failed the unplanned future.
        if (evaluation.isDone()
                && !evaluation.isCompletedExceptionally()
                && (!plan.isDone() || plan.isCompletedExceptionally())) {
            return List.of();
        }
        return await(plan);
    }

    Evaluation evaluation() {
        return await(evaluation);
    }

    ScoredSample scored(String id) {
        return await(sample(id));
    }

    /** Step {@code stepId} of a chain, or empty when the chain ended before it. */
    Optional<ScoredSample> step(String seedId, String stepId) {
        CompletableFuture<Chain> chain = chain(seedId);
        CompletableFuture<ScoredSample> step = sample(stepId);
        awaitEither(step, chain);
        if (chain.isDone() && !chain.isCompletedExceptionally()) {
            return chain.join().steps().stream()
                    .filter(s -> s.id().equals(stepId))
                    .findFirst();
        }
        return Optional.of(await(step));
    }

    private CompletableFuture<ScoredSample> sample(String id) {
        CompletableFuture<ScoredSample> f = samples.computeIfAbsent(id, k -> new CompletableFuture<>());
        if (failure != null) {
            f.completeExceptionally(failure);
        }
        return f;
    }

    private CompletableFuture<List<String>> plan(String category) {
        CompletableFuture<List<String>> f = plans.computeIfAbsent(category, k -> new CompletableFuture<>());
        if (failure != null) {
            f.completeExceptionally(failure);
        }
        return f;
    }

    private CompletableFuture<Chain> chain(String seedId) {
        CompletableFuture<Chain> f = chains.computeIfAbsent(seedId, k -> new CompletableFuture<>());
        if (failure != null) {
            f.completeExceptionally(failure);
        }
        return f;
    }

    /**
     * Waits until either future is done, however it ended; as {@link #await} does, so an interrupt ends the wait
     * ({@code join()} would hold an interrupted thread until the run had finished).
     */
    private void awaitEither(CompletableFuture<?> one, CompletableFuture<?> other) {
        await(CompletableFuture.anyOf(one, other).handle((ignored, error) -> null));
    }

    private <T> T await(CompletableFuture<T> future) {
        // A result already posted does not wait, so would never see an interrupt (an IDE's stop, a launcher's cancel).
        if (interrupted || Thread.currentThread().isInterrupted()) {
            interrupted = true;
            throw new PipelineFailedException(new InterruptedException("the test thread was interrupted"));
        }
        try {
            return future.get();
        } catch (InterruptedException e) {
            interrupted = true;
            Thread.currentThread().interrupt();
            throw new PipelineFailedException(e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new PipelineFailedException(e.getCause());
        }
    }

    /** The evaluation stopped with an exception; tests still waiting report it. */
    static final class PipelineFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PipelineFailedException(@Nullable Throwable cause) {
            super("the AdamMeme pipeline failed: " + (cause == null ? null : cause.getMessage()), cause);
        }
    }
}
