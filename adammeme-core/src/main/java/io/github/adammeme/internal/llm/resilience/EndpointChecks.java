package io.github.adammeme.internal.llm.resilience;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * How a run makes sure its endpoints can be used: a preflight call to each before any call is paid
 * for, and a circuit breaker that stops the run once an endpoint has failed every one of its last
 * {@code breakerCalls} calls over at least {@code breakerWindow}, instead of retrying meme by meme.
 *
 * @param preflight     whether each endpoint and model is checked before the run pays for a call
 * @param breakerCalls  failed calls in a row that, over the window, stop the run; 0 turns the breaker off
 * @param breakerWindow the least time those failures must span, so a short outage is ridden out by the retries
 */
@API(status = INTERNAL, since = "0.1.0")
public record EndpointChecks(boolean preflight, int breakerCalls, Duration breakerWindow) {

    /** A preflight, and a breaker at 10 failed calls in a row over at least two minutes. */
    public static final EndpointChecks DEFAULT = new EndpointChecks(true, 10, Duration.ofMinutes(2));

    /** Neither: for tests of the retries themselves and for gateways used outside a run. */
    public static final EndpointChecks OFF = new EndpointChecks(false, 0, Duration.ZERO);

    /**
     * @param preflight whether each endpoint and model is checked first
     * @param breakerCalls failed calls in a row that stop the run, at least 0
     * @param breakerWindow the least time they span
     * @throws IllegalArgumentException for a negative count or window
     */
    public EndpointChecks {
        if (breakerCalls < 0 || breakerWindow.isNegative()) {
            throw new IllegalArgumentException("the breaker's calls and window cannot be negative");
        }
    }

    /** @return whether the circuit breaker is on */
    public boolean breaker() {
        return breakerCalls > 0;
    }
}
