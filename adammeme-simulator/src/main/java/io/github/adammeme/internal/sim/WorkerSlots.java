package io.github.adammeme.internal.sim;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The simulator's workers: a request whose body has arrived takes a slot for as long as it is answered (its
 * simulated latency included). When all are taken it waits, up to {@code queue} requests at a time; beyond them it is
 * shed at once (503), as a real endpoint under load does. Only requests that have arrived whole wait here, so a client
 * that stalls part way through its request takes no slot.
 */
final class WorkerSlots {

    private final Semaphore free;
    private final int queue;
    private final AtomicInteger waiting = new AtomicInteger();

    WorkerSlots(int workers, int queue) {
        this.free = new Semaphore(workers, true);
        this.queue = queue;
    }

    /**
     * Takes a slot, waiting for one when the queue has room; {@link #leave()} gives it back.
     *
     * @return whether a slot was taken; false when the request is to be shed
     */
    boolean enter() {
        if (free.tryAcquire()) {
            return true;
        }
        if (waiting.incrementAndGet() > queue) {
            waiting.decrementAndGet();
            return false;
        }
        try {
            free.acquire();
            return true;
        } catch (InterruptedException closing) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            waiting.decrementAndGet();
        }
    }

    /** Gives back the slot {@link #enter()} took. */
    void leave() {
        free.release();
    }
}
