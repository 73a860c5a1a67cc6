package io.github.adammeme.internal.sim;

import com.sun.net.httpserver.HttpServer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads for the simulator that never keep a process alive: a run that ends, or crashes, must exit
 * even with the simulator still open.
 */
final class ServerThreads {

    private ServerThreads() {}

    /** Daemon threads named {@code prefix-1}, {@code prefix-2}, ... */
    static ThreadFactory daemons(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return task -> {
            Thread t = new Thread(task, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * Starts {@code server} from a daemon thread and waits for it. The JDK server's dispatcher thread
     * is created without a daemon flag of its own, so it inherits the starting thread's: started from
     * a caller's (non-daemon) thread, it would hold the JVM open after main returned.
     */
    static void startAsDaemon(HttpServer server) {
        FutureTask<Void> start = new FutureTask<>(server::start, null);
        daemons("adammeme-sim-start").newThread(start).start();
        try {
            start.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot start the simulated model server: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.stop(0);
            throw new IllegalStateException("interrupted while starting the simulated model server", e);
        }
    }
}
