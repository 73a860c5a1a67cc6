package io.github.adammeme.internal.llm.resilience;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.cost.TokenEstimate;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * One request to the endpoint, asked again on retryable failures until it succeeds, retries run
 * out, or its time does; each attempt waits for the rate caps and a slot of the adaptive limit, and
 * none is made once the budget is spent.
 *
 * <p>Why not openai-java's own retries (switched off for chat calls, used for the Batch API's polls and
 * downloads, where they fit): they repeat a request inside one {@code execute()}, out of sight. This loop
 * must see every attempt: a 429 halves the adaptive concurrency and a retry is counted in the run's cost
 * report; an answer billed but unusable (no choices, a body cut off, HTTP 200 that is not JSON, which the
 * library does not retry) is paid for and asked again; the circuit breaker counts each failure; each
 * attempt waits for the rate caps and is refused once the budget is spent; a stopped run wakes a call that
 * is backing off; and one call never spends more than {@code adammeme.retry-max-seconds} in all, whatever
 * Retry-After an endpoint sends.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RetryLoop {

    private final ChatModel model;
    private final UsageLedger ledger;
    private final RetryPolicy retries;
    private final RateCaps caps;
    private final AdaptiveLimit limit;
    private volatile double budgetUsd = Double.POSITIVE_INFINITY;
    /** The run's stop, shared with its other gateways; one of its own until a run hands it one. */
    private volatile RunStop stop = new RunStop();

    private volatile @Nullable CircuitBreaker breaker;

    /**
     * @param model the model its calls go to
     * @param ledger where each attempt is counted
     * @param retries how a failed call is asked again
     * @param caps the endpoint's rate caps
     * @param concurrency the most calls in flight to the endpoint
     */
    public RetryLoop(ChatModel model, UsageLedger ledger, RetryPolicy retries, RateCaps caps, int concurrency) {
        this.model = model;
        this.ledger = ledger;
        this.retries = retries;
        this.caps = caps;
        this.limit = new AdaptiveLimit(concurrency);
    }

    /** @param usd what the run may spend; no attempt is made once it is spent */
    public void budget(double usd) {
        this.budgetUsd = usd;
    }

    /**
     * @param runStop the run's stop, shared with its other gateways
     * @param circuitBreaker the breaker that counts this endpoint's failures, or null when it is off
     */
    public void stopWith(RunStop runStop, @Nullable CircuitBreaker circuitBreaker) {
        this.stop = runStop;
        this.breaker = circuitBreaker;
    }

    /**
     * {@code call} (one request to the endpoint for {@code request}) with the retries, limits and budget of any.
     *
     * @param request the call, for its size and its accounting
     * @param call one request to the endpoint
     * @param <T> what the endpoint answers
     * @return the answer of the attempt that succeeded
     */
    public <T> T run(ChatRequest request, Supplier<T> call) {
        long deadline = System.nanoTime() + retries.maxTotal().toNanos();
        long tokens = caps.off() ? 0 : estimatedTokens(request);
        for (int attempt = 0; ; attempt++) {
            stop.throwIfStopped();
            double spent = Double.isInfinite(budgetUsd) ? 0 : ledger.totalCostUsd();
            if (spent >= budgetUsd) {
                // The call by its role: the request itself is prompts and pictures, thousands of characters.
                throw new ModelCallException(String.format(
                        Locale.ROOT,
                        "the budget of $%.2f is spent ($%.4f so far, adammeme.budget-usd): %s call to %s not made",
                        budgetUsd,
                        spent,
                        request.role(),
                        model.model()));
            }
            try {
                caps.acquire(tokens);
                limit.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ModelCallException("interrupted before calling " + model.model());
            }
            if (stop.reason().isPresent()) {
                // Stopped while this call waited for its slot: it is not made.
                limit.release(false);
                stop.throwIfStopped();
            }
            ModelCallException failure;
            try {
                T response = call.get();
                limit.release(false);
                if (breaker != null) {
                    breaker.succeeded();
                }
                return response;
            } catch (ModelCallException e) {
                // The slot goes back before any wait: a call backing off must not hold up the others.
                limit.release(e.rateLimited());
                if (e.paid() != null) {
                    // Answered and billed, though unusable: a call made, with its tokens, whatever follows.
                    ledger.recordCall(request, model.model(), e.paid());
                }
                failure = e;
            } catch (RuntimeException e) {
                limit.release(false);
                throw e;
            }
            if (breaker != null) {
                breaker.failed(failure); // throws when this failure completes a streak that stops the run
            }
            if (!failure.retryable() || attempt >= retries.maxRetries()) {
                throw attempt == 0
                        ? failure
                        : new ModelCallException(
                                failure.getMessage() + " (after " + (attempt + 1) + " attempts)",
                                failure,
                                failure.status(),
                                false,
                                null);
            }
            Duration wait = retries.delay(attempt + 1, failure.retryAfter());
            if (System.nanoTime() + wait.toNanos() > deadline) {
                throw new ModelCallException(
                        failure.getMessage() + " (gave up: retrying would exceed "
                                + retries.maxTotal().toSeconds() + " s for one call)",
                        failure,
                        failure.status(),
                        false,
                        null);
            }
            ledger.recordRetry(request, model.model(), failure.rateLimited());
            pause(wait);
        }
    }

    /** Waits before a retry; a run that stops meanwhile wakes it, and the call gives up with the reason. */
    private void pause(Duration wait) {
        try {
            if (!stop.sleep(wait)) {
                stop.throwIfStopped();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelCallException("interrupted while waiting to retry");
        }
    }

    /** The request's size and the most it may answer: enough for a tokens-per-minute cap. */
    private static long estimatedTokens(ChatRequest request) {
        return TokenEstimate.input(request) + (request.maxTokens() == null ? 0 : request.maxTokens());
    }
}
