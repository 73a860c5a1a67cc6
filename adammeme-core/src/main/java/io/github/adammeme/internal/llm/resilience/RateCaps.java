package io.github.adammeme.internal.llm.resilience;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayDeque;
import java.util.Deque;
import org.apiguardian.api.API;

/**
 * Optional requests-per-minute and tokens-per-minute caps over a sliding minute, for endpoints
 * whose limits are known in advance (a tier's quota), so the run stays under them instead of
 * learning them from 429s.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RateCaps {

    private static final long MINUTE_NANOS = 60_000_000_000L;

    private final int requestsPerMinute;
    private final long tokensPerMinute;
    private final Deque<long[]> window = new ArrayDeque<>();
    private long tokensInWindow;

    /**
     * @param requestsPerMinute 0 for no cap
     * @param tokensPerMinute   0 for no cap
     */
    public RateCaps(int requestsPerMinute, long tokensPerMinute) {
        this.requestsPerMinute = requestsPerMinute;
        this.tokensPerMinute = tokensPerMinute;
    }

    /** @return whether neither cap is set */
    public boolean off() {
        return requestsPerMinute <= 0 && tokensPerMinute <= 0;
    }

    /**
     * Waits until one more request of about {@code tokens} tokens fits in the last minute.
     *
     * @param tokens the request's estimated tokens
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public void acquire(long tokens) throws InterruptedException {
        if (off()) {
            return;
        }
        while (true) {
            long waitNanos;
            synchronized (this) {
                long now = System.nanoTime();
                while (!window.isEmpty() && now - window.peekFirst()[0] >= MINUTE_NANOS) {
                    tokensInWindow -= window.pollFirst()[1];
                }
                boolean requestsFit = requestsPerMinute <= 0 || window.size() < requestsPerMinute;
                boolean tokensFit =
                        tokensPerMinute <= 0 || window.isEmpty() || tokensInWindow + tokens <= tokensPerMinute;
                if (requestsFit && tokensFit) {
                    window.addLast(new long[] {now, tokens});
                    tokensInWindow += tokens;
                    return;
                }
                waitNanos = MINUTE_NANOS - (now - window.peekFirst()[0]);
            }
            Thread.sleep(Math.max(1, waitNanos / 1_000_000));
        }
    }
}
