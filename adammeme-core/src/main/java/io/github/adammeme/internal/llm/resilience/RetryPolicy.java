package io.github.adammeme.internal.llm.resilience;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * How a failed call is asked again: exponential backoff with jitter, or exactly what the endpoint
 * asked for in Retry-After, and never beyond a total time per call, so a run cannot stall for hours
 * on an endpoint that stays down.
 *
 * @param maxRetries retries after the first attempt
 * @param maxTotal   total time one call may spend, attempts and waits together
 * @param base       the first backoff
 * @param cap        the longest single backoff
 */
@API(status = INTERNAL, since = "0.1.0")
public record RetryPolicy(int maxRetries, Duration maxTotal, Duration base, Duration cap) {

    /** Six retries within ten minutes, backing off from half a second to at most a minute. */
    public static final RetryPolicy DEFAULT =
            new RetryPolicy(6, Duration.ofMinutes(10), Duration.ofMillis(500), Duration.ofSeconds(60));

    /**
     * The wait before retry number {@code retry} (1-based); Retry-After wins when the endpoint sent one.
     *
     * @param retry the retry's number, from 1
     * @param retryAfter the endpoint's Retry-After, or null
     * @return the wait, never above the cap
     */
    public Duration delay(int retry, @Nullable Duration retryAfter) {
        if (retryAfter != null && !retryAfter.isNegative()) {
            return retryAfter.compareTo(cap) > 0 ? cap : retryAfter;
        }
        long exponential = Math.min(cap.toMillis(), base.toMillis() << Math.min(20, retry - 1));
        // "Equal jitter": half fixed, half random, so clients that failed together do not retry together.
        return Duration.ofMillis(exponential / 2 + ThreadLocalRandom.current().nextLong(exponential / 2 + 1));
    }
}
