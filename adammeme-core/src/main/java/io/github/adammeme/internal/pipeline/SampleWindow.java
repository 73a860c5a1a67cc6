package io.github.adammeme.internal.pipeline;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Starts pieces of work in the order given, with at most {@code width} of them unfinished. A sample
 * being scored holds its picture, in its probe and in every request waiting for a slot; a category's
 * worth of samples started at once would wait in the endpoint's queue long enough for the collector
 * to move their pictures to the old generation, where they stay as garbage until the next marking.
 * A window a few times the endpoint's concurrency keeps every slot busy all the same.
 */
final class SampleWindow {

    private final int width;
    private final Executor starter;
    private final Queue<Runnable> waiting = new ArrayDeque<>();
    private int unfinished;

    /**
     * @param width   the most pieces unfinished at once
     * @param starter where a piece is started when an earlier one finishes (not on that one's thread,
     *                which may be an endpoint's)
     */
    SampleWindow(int width, Executor starter) {
        this.width = width;
        this.starter = starter;
    }

    /**
     * @param work starts one piece of work
     * @param <T> its result
     * @return its result, when it is started and done
     */
    <T> CompletableFuture<T> submit(Supplier<CompletableFuture<T>> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Runnable start = () -> {
            CompletableFuture<T> started;
            try {
                started = work.get();
            } catch (RuntimeException e) {
                started = CompletableFuture.failedFuture(e);
            }
            var unused = started.whenComplete((value, error) -> {
                finished();
                if (error != null) {
                    result.completeExceptionally(error);
                } else {
                    result.complete(value);
                }
            });
        };
        synchronized (this) {
            if (unfinished >= width) {
                waiting.add(start);
                return result;
            }
            unfinished++;
        }
        start.run();
        return result;
    }

    private void finished() {
        Runnable next;
        synchronized (this) {
            next = waiting.poll();
            if (next == null) {
                unfinished--;
                return;
            }
        }
        starter.execute(next);
    }
}
