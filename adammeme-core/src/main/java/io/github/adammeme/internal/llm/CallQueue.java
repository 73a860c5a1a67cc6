package io.github.adammeme.internal.llm;

import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToIntFunction;

/**
 * The gateway's callers: calls waiting for a free thread are made lowest rank first, and in order
 * of arrival within a rank.
 */
final class CallQueue {

    private final ThreadPoolExecutor callers;
    private final AtomicLong arrivals = new AtomicLong();
    private volatile ToIntFunction<ChatRequest> rank = request -> 0;

    CallQueue(int threads, String modelName) {
        this.callers = new ThreadPoolExecutor(
                threads, threads, 0, TimeUnit.MILLISECONDS, new PriorityBlockingQueue<>(), daemonThreads(modelName));
    }

    void order(ToIntFunction<ChatRequest> rank) {
        this.rank = rank;
    }

    /** Runs {@code call} when its turn comes, ranked as {@code request}. */
    void submit(ChatRequest request, Runnable call) {
        callers.execute(new Waiting(rank.applyAsInt(request), arrivals.getAndIncrement(), call));
    }

    void close() {
        callers.shutdownNow();
    }

    /** A call waiting for a slot, in the queue's order. */
    private record Waiting(int rank, long arrival, Runnable call) implements Runnable, Comparable<Waiting> {

        @Override
        public void run() {
            call.run();
        }

        @Override
        public int compareTo(Waiting other) {
            return rank != other.rank ? Integer.compare(rank, other.rank) : Long.compare(arrival, other.arrival);
        }
    }

    private static ThreadFactory daemonThreads(String modelName) {
        AtomicInteger n = new AtomicInteger();
        return runnable -> {
            Thread t = new Thread(runnable, "adammeme-call-" + modelName + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
