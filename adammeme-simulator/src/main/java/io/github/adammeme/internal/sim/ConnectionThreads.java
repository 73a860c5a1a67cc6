package io.github.adammeme.internal.sim;

import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads the JDK server hands its connections to: it reads a request's line and headers on them, and the
 * guard reads the body, before any worker is involved. A client that opens a connection and sends half a request
 * holds one of these while it stalls (until the read deadlines cut it off), never one of the {@link WorkerSlots} that
 * answer requests, so normal requests are served beside a hundred stalled ones. There are many, and they are cheap:
 * blocked in a read, each is a parked thread. Past the bound a connection is closed at once, as the JDK server closes
 * one its executor refuses.
 */
final class ConnectionThreads implements Executor, AutoCloseable {

    /** Idle threads go after this, so an idle simulator holds none. */
    private static final long IDLE_SECONDS = 30;

    private final ThreadPoolExecutor threads;

    /** @param most connections read or answered at once */
    ConnectionThreads(int most) {
        // No queue: a connection gets an idle thread or a new one, up to the bound; a queued one would wait unread.
        threads = new ThreadPoolExecutor(
                0,
                most,
                IDLE_SECONDS,
                TimeUnit.SECONDS,
                new SynchronousQueue<>(),
                ServerThreads.daemons("adammeme-sim"));
    }

    @Override
    public void execute(Runnable exchange) {
        threads.execute(exchange);
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
