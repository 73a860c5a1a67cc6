package io.github.adammeme.internal.sim;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The simulator's workers: a fixed number of daemon threads and a bounded queue. What does not fit
 * is not dropped (the JDK server closes the connection of a request its executor rejects) but shed:
 * run on a one-thread lane whose handlers answer 503 at once, as a real endpoint under load does.
 * Only when that lane's own queue is full is a connection dropped.
 */
final class BoundedExecutor implements Executor, AutoCloseable {

    /** Shedding takes a millisecond a request; a lane this deep absorbs any burst a run can make. */
    private static final int SHED_QUEUE = 256;

    /** Idle threads go after this, so an idle simulator holds none. */
    private static final long IDLE_SECONDS = 30;

    private final ThreadPoolExecutor shedder = pool(1, SHED_QUEUE, "adammeme-sim-shed");
    private final ThreadPoolExecutor workers;
    private final ThreadLocal<Boolean> shedding = ThreadLocal.withInitial(() -> Boolean.FALSE);

    BoundedExecutor(int threads, int queue) {
        workers = pool(threads, queue, "adammeme-sim");
        workers.setRejectedExecutionHandler((exchange, pool) -> shedder.execute(() -> shed(exchange)));
    }

    private static ThreadPoolExecutor pool(int threads, int queue, String name) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queue), ServerThreads.daemons(name));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    @Override
    public void execute(Runnable exchange) {
        workers.execute(exchange);
    }

    /** Whether the calling thread runs a request that found the workers and their queue full. */
    boolean shedding() {
        return shedding.get();
    }

    private void shed(Runnable exchange) {
        shedding.set(Boolean.TRUE);
        try {
            exchange.run();
        } finally {
            shedding.remove();
        }
    }

    @Override
    public void close() {
        workers.shutdownNow();
        shedder.shutdownNow();
    }
}
