package io.github.adammeme.internal.data.image;

import java.io.InterruptedIOException;
import javax.imageio.ImageReader;
import org.jspecify.annotations.Nullable;

/**
 * One step of one picture's intake, seen from the watchdog: when its time bound passes, the step's
 * reader is told to abort, its thread is interrupted (which ends a blocked file read), and every
 * later read from its bytes fails, which stops any decoder at its next read. Once the step has
 * finished, the watch does nothing more, and an interrupt it delivered is cleared, so it never
 * leaks into whatever the thread does next.
 */
final class ImageWatch {

    private final Thread worker = Thread.currentThread();
    private final boolean interruptedBefore = worker.isInterrupted();
    private volatile boolean expired;
    private boolean finished; // guarded by this
    private @Nullable ImageReader reader; // guarded by this

    /** Called by the watchdog's thread when the time bound passes. */
    synchronized void expire() {
        if (finished) {
            return;
        }
        expired = true;
        if (reader != null) {
            try {
                reader.abort();
            } catch (RuntimeException e) {
                // The JDK's JPEG reader refuses abort() from another thread while it reads; the
                // progress listener and the watched input stop it from its own thread instead.
            }
        }
        worker.interrupt();
    }

    boolean expired() {
        return expired;
    }

    /** @throws InterruptedIOException once the time bound has passed, ending the read that asked */
    void check() throws InterruptedIOException {
        if (expired) {
            throw new InterruptedIOException("the time bound passed");
        }
    }

    synchronized void watch(@Nullable ImageReader current) {
        reader = current;
    }

    /** Called by the worker when its step ends, whichever way. */
    synchronized void finish() {
        finished = true;
        reader = null;
        if (expired && !interruptedBefore) {
            Thread.interrupted();
        }
    }
}
