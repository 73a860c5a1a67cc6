package io.github.adammeme.internal.sim;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Deadlines on a worker's reads from a client. The JDK server reads a request body on the worker's
 * thread through a blocking socket channel, which has no read timeout; but such a channel is
 * interruptible: interrupting the reader closes the connection and throws, which frees the worker
 * however slowly the client drips its bytes.
 */
final class ServerDeadlines implements AutoCloseable {

    private final ScheduledThreadPoolExecutor timer =
            new ScheduledThreadPoolExecutor(1, ServerThreads.daemons("adammeme-sim-deadline"));

    ServerDeadlines() {
        // Nearly every deadline is disarmed long before it falls due: drop it then, not when it would have.
        timer.setRemoveOnCancelPolicy(true);
    }

    /** A deadline for the calling thread; close it when the reads it bounds are done. */
    Armed arm(Duration bound) {
        return new Armed(Thread.currentThread(), bound);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }

    /** One armed deadline: it interrupts its thread if still armed when due. */
    final class Armed implements AutoCloseable {

        private final Thread reader;
        private final ScheduledFuture<?> alarm;
        private boolean armed = true;
        private boolean fired;

        private Armed(Thread reader, Duration bound) {
            this.reader = reader;
            this.alarm = timer.schedule(this::fire, bound.toNanos(), TimeUnit.NANOSECONDS);
        }

        private synchronized void fire() {
            if (armed) {
                fired = true;
                reader.interrupt();
            }
        }

        /** Disarms the deadline; once this returns the thread is never interrupted by it again. */
        @Override
        public void close() {
            synchronized (this) {
                armed = false;
            }
            alarm.cancel(false);
            if (fired) {
                // Clear our own interrupt, so it cannot cut short the rest of the worker's request.
                Thread.interrupted();
            }
        }
    }
}
