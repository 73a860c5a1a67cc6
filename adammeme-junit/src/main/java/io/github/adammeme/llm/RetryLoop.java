package io.github.adammeme.llm;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * One request to the endpoint, asked again on retryable failures until it succeeds, retries run
 * out, or its time does; each attempt waits for the rate caps and a slot of the adaptive limit, and
 * none is made once the budget is spent.
 */
final class RetryLoop {

    /** What an image counts against a tokens-per-minute cap: what OpenAI counts for a 1024-pixel square in high detail. */
    private static final int TOKENS_PER_IMAGE = 765;

    private final ChatModel model;
    private final UsageLedger ledger;
    private final RetryPolicy retries;
    private final RateCaps caps;
    private final AdaptiveLimit limit;
    private volatile double budgetUsd = Double.POSITIVE_INFINITY;

    RetryLoop(ChatModel model, UsageLedger ledger, RetryPolicy retries, RateCaps caps, int concurrency) {
        this.model = model;
        this.ledger = ledger;
        this.retries = retries;
        this.caps = caps;
        this.limit = new AdaptiveLimit(concurrency);
    }

    void budget(double usd) {
        this.budgetUsd = usd;
    }

    /** {@code call} (one request to the endpoint for {@code request}) with the retries, limits and budget of any. */
    <T> T run(ChatRequest request, Supplier<T> call) {
        long deadline = System.nanoTime() + retries.maxTotal().toNanos();
        long tokens = caps.off() ? 0 : estimatedTokens(request);
        for (int attempt = 0; ; attempt++) {
            double spent = Double.isInfinite(budgetUsd) ? 0 : ledger.totalCostUsd();
            if (spent >= budgetUsd) {
                throw new ModelCallException(String.format(Locale.ROOT,
                        "the budget of $%.2f is spent ($%.4f so far, adammeme.budget-usd): %s call to %s not made",
                        budgetUsd, spent, request, model.model()));
            }
            try {
                caps.acquire(tokens);
                limit.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ModelCallException("interrupted before calling " + model.model());
            }
            ModelCallException failure;
            try {
                T response = call.get();
                limit.release(false);
                return response;
            } catch (ModelCallException e) {
                // The slot goes back before any wait: a call backing off must not hold up the others.
                limit.release(e.rateLimited());
                failure = e;
            } catch (RuntimeException e) {
                limit.release(false);
                throw e;
            }
            if (!failure.retryable() || attempt >= retries.maxRetries()) {
                throw attempt == 0 ? failure : new ModelCallException(failure.getMessage() + " (after " + (attempt + 1)
                        + " attempts)", failure, failure.status(), false, null);
            }
            Duration wait = retries.delay(attempt + 1, failure.retryAfter());
            if (System.nanoTime() + wait.toNanos() > deadline) {
                throw new ModelCallException(failure.getMessage() + " (gave up: retrying would exceed "
                        + retries.maxTotal().toSeconds() + " s for one call)", failure, failure.status(), false, null);
            }
            ledger.recordRetry(request, model.model(), failure.rateLimited());
            pause(wait);
        }
    }

    private static void pause(Duration wait) {
        try {
            Thread.sleep(Math.max(0, wait.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelCallException("interrupted while waiting to retry");
        }
    }

    /** About four characters a token, plus a flat cost per image: enough for a tokens-per-minute cap. */
    private static long estimatedTokens(ChatRequest request) {
        long tokens = 0;
        for (ChatMessage message : request.messages()) {
            for (ContentPart part : message.parts()) {
                tokens += part instanceof ContentPart.Text t ? t.text().length() / 4 : TOKENS_PER_IMAGE;
            }
        }
        return tokens + (request.maxTokens() == null ? 0 : request.maxTokens());
    }
}
