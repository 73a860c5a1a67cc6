package io.github.adammeme.llm;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Shared by the gateways of one run: once an endpoint proved unusable, no gateway of the run makes
 * another call (calls already under way finish, and their answers are stored), and calls waiting to
 * retry wake up and give up, so the run ends within moments with the reason, not meme by meme.
 */
public final class RunStop {

    private final AtomicReference<EndpointUnusableException> reason = new AtomicReference<>();
    private final CountDownLatch stopped = new CountDownLatch(1);

    /**
     * Stops the run; the first reason is the one kept.
     *
     * @param why the endpoint and what is wrong with it
     */
    public void stop(EndpointUnusableException why) {
        if (reason.compareAndSet(null, why)) {
            stopped.countDown();
        }
    }

    /** @return why the run stopped, or empty while it goes on */
    public Optional<EndpointUnusableException> reason() {
        return Optional.ofNullable(reason.get());
    }

    /** Throws the reason, afresh, once the run has stopped. */
    void throwIfStopped() {
        EndpointUnusableException why = reason.get();
        if (why != null) {
            throw why.again();
        }
    }

    /**
     * Waits, unless the run stops meanwhile.
     *
     * @param wait how long
     * @return false when the run stopped before the time was up
     * @throws InterruptedException when the waiting thread is interrupted
     */
    boolean sleep(Duration wait) throws InterruptedException {
        return !stopped.await(Math.max(0, wait.toNanos()), TimeUnit.NANOSECONDS);
    }
}
