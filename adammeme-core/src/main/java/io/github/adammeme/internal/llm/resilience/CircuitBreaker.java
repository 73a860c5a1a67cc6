package io.github.adammeme.internal.llm.resilience;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.EndpointUnusableException;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.http.Redirects;
import java.time.Duration;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Counts one gateway's calls to its endpoint: when every one of the last {@code calls} attempts
 * failed, and they span at least the window, the endpoint is down for this run's purposes and the run
 * stops with one message naming it, instead of retrying each meme's calls for minutes and reporting
 * the run as lacking evidence. A failure that says something about the request rather than the
 * endpoint (a bad request, a body too large) is not counted; a success starts the count again.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class CircuitBreaker {

    private final EndpointChecks checks;
    private final RunStop stop;
    private final String who;
    private final String setting;
    private final CallCache cache;
    private int failed;
    private long since;
    /** Why it tripped: the first streak to complete names the run's stop, not a later failure racing it. */
    private @Nullable EndpointUnusableException tripped;

    /**
     * @param checks  the breaker's settings
     * @param stop    the run's stop, which a tripped breaker pulls
     * @param who     the endpoint and model, as messages name them
     * @param setting the setting that points at the endpoint, e.g. {@code adammeme.target.base-url}
     * @param cache   where the run's answers are kept, which the message's promise about a new run depends on
     */
    public CircuitBreaker(EndpointChecks checks, RunStop stop, String who, String setting, CallCache cache) {
        this.checks = checks;
        this.stop = stop;
        this.who = who;
        this.setting = setting;
        this.cache = cache;
    }

    synchronized void succeeded() {
        failed = 0;
    }

    /** Counts a failed attempt; trips (and throws the reason) when it completes the streak. */
    void failed(ModelCallException e) {
        if (!checks.breaker() || !endpointFailure(e)) {
            return;
        }
        long now = System.nanoTime();
        synchronized (this) {
            if (tripped == null) {
                if (failed++ == 0) {
                    since = now;
                }
                Duration span = Duration.ofNanos(now - since);
                if (failed < checks.breakerCalls() || span.compareTo(checks.breakerWindow()) < 0) {
                    return;
                }
                tripped = new EndpointUnusableException(
                        String.format(
                                Locale.ROOT,
                                "%s (%s) failed all of its last %d"
                                        + " calls over %d s, the last: %s; the run stops here rather than retry meme by meme"
                                        + " (adammeme.breaker.calls=%d, adammeme.breaker.seconds=%d). %s",
                                who,
                                setting,
                                failed,
                                span.toSeconds(),
                                e.getMessage(),
                                checks.breakerCalls(),
                                checks.breakerWindow().toSeconds(),
                                kept()),
                        EndpointUnusableException.When.DURING_RUN);
                stop.stop(tripped);
            }
        }
        stop.throwIfStopped();
    }

    /** What becomes of the answers paid for so far: a promise only a store that outlives the process can keep. */
    private String kept() {
        return cache.outlivesProcess()
                ? "Every answer paid for so far is in the call cache: a run started again once the endpoint answers pays"
                        + " for none of them twice"
                : "The answers paid for so far are kept by no store that outlives this process (adammeme.cache=memory or"
                        + " none, or a cache store that failed): a run started again pays for them again";
    }

    /**
     * What says the endpoint cannot serve the run: no answer at all (refused, reset, timed out, a body
     * that is no chat completion), a server error, or a status that every call would get (a key
     * rejected, a path or model missing, a quota spent, a redirect to another host).
     */
    private static boolean endpointFailure(ModelCallException e) {
        int status = e.status();
        if (status < 0 || status == 200) {
            return e.retryable();
        }
        return status >= 500
                || status == 401
                || status == 403
                || status == 404
                || status == 408
                || status == 429
                || Redirects.isRedirect(status);
    }
}
