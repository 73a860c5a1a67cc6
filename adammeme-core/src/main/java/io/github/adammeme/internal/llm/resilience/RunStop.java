package io.github.adammeme.internal.llm.resilience;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.EndpointUnusableException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apiguardian.api.API;

/**
 * Shared by the gateways of one run: once an endpoint proved unusable, no gateway of the run makes
 * another call (calls already under way finish, and their answers are stored), and calls waiting to
 * retry wake up and give up, so the run ends within moments with the reason, not meme by meme.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RunStop {

    private final AtomicReference<EndpointUnusableException> reason = new AtomicReference<>();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<RunStop> followers = new CopyOnWriteArrayList<>();

    /**
     * Stops the run; the first reason is the one kept.
     *
     * @param why the endpoint and what is wrong with it
     */
    public void stop(EndpointUnusableException why) {
        if (reason.compareAndSet(null, why)) {
            stopped.countDown();
            followers.forEach(f -> f.stop(why));
        }
    }

    /**
     * Makes {@code other} stop when this one does (at once, when this one already has): how a caller that
     * gives up on a whole evaluation stops each run of it.
     *
     * @param other a run's stop
     */
    public void alsoStops(RunStop other) {
        followers.add(other);
        reason().ifPresent(other::stop);
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
