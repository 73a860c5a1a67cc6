package io.github.adammeme.internal.llm.resilience;

/**
 * Calls in flight to one endpoint, adapted to what it tolerates: halved when it answers 429,
 * grown back by one after a run of successes, never above the configured bound or below one.
 */
final class AdaptiveLimit {

    /** Successes in a row that earn one more call in flight. */
    static final int GROWTH_STREAK = 20;

    /** 429s that arrive together answer one overload: cut once for them, not once each. */
    static final long CUT_INTERVAL_NANOS = 1_000_000_000L;

    private final int max;
    private int limit;
    private int inFlight;
    private int streak;
    private long cuts;
    private long lastCut = System.nanoTime() - CUT_INTERVAL_NANOS;

    /** @param max the configured bound, where the limit starts */
    public AdaptiveLimit(int max) {
        this.max = max;
        this.limit = max;
    }

    /**
     * Waits until one more call fits under the current limit, and counts it in flight.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public synchronized void acquire() throws InterruptedException {
        while (inFlight >= limit) {
            wait();
        }
        inFlight++;
    }

    /**
     * Counts a call as finished, and adapts the limit to how it ended.
     *
     * @param rateLimited whether the endpoint answered it with 429
     */
    public synchronized void release(boolean rateLimited) {
        inFlight--;
        if (rateLimited) {
            streak = 0;
            long now = System.nanoTime();
            if (limit > 1 && now - lastCut >= CUT_INTERVAL_NANOS) {
                limit = Math.max(1, limit / 2);
                cuts++;
                lastCut = now;
            }
        } else if (++streak >= GROWTH_STREAK && limit < max) {
            limit++;
            streak = 0;
        }
        notifyAll();
    }

    /** @return the current bound on calls in flight */
    public synchronized int limit() {
        return limit;
    }

    /** @return how many times the limit was halved */
    public synchronized long cuts() {
        return cuts;
    }
}
