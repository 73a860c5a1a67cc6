package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import java.time.Duration;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A call that failed; the message never carries a secret, and is one printable line: it quotes what the endpoint
 * said (a status line, an error body), whose line breaks and terminal escapes would otherwise reach the console.
 */
@API(status = INTERNAL, since = "0.1.0")
public class ModelCallException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The HTTP status, or -1. */
    private final int status;
    /** Whether asking again may succeed. */
    private final boolean retryable;
    /** What the endpoint reported for a call it answered (and billed) with nothing usable, or null. */
    private final @Nullable Usage paid;
    /** What the endpoint asked to wait, or null. */
    private final @Nullable Duration retryAfter;

    /**
     * A failure that asking again will not mend.
     *
     * @param message what failed; secrets are redacted from it
     * @param cause the client's exception, or null when it is not kept
     */
    public ModelCallException(String message, @Nullable Throwable cause) {
        this(message, cause, -1, false, null);
    }

    /**
     * A failure that asking again will not mend.
     *
     * @param message what failed; secrets are redacted from it
     */
    public ModelCallException(String message) {
        this(message, null, -1, false, null);
    }

    /**
     * @param message what failed; secrets are redacted from it
     * @param cause the client's exception, or null
     * @param status     the HTTP status, or -1 when the call got none
     * @param retryable  whether asking again may succeed (rate limits, server errors, broken connections, bad bodies)
     * @param retryAfter what the endpoint asked to wait, or null
     */
    public ModelCallException(
            String message, @Nullable Throwable cause, int status, boolean retryable, @Nullable Duration retryAfter) {
        this(message, cause, status, retryable, retryAfter, null);
    }

    private ModelCallException(
            String message,
            @Nullable Throwable cause,
            int status,
            boolean retryable,
            @Nullable Duration retryAfter,
            @Nullable Usage paid) {
        super(Printable.escaped(Secrets.redact(message)), cause);
        this.status = status;
        this.retryable = retryable;
        this.retryAfter = retryAfter;
        this.paid = paid;
    }

    /**
     * A call the endpoint answered with HTTP 200 and so billed, whose answer holds nothing usable (no
     * choices, a message without content): it failed, yet it is counted as a call made, with its tokens.
     *
     * @param message what the endpoint answered; secrets are redacted from it
     * @param usage   the tokens it reported, {@link Usage#NONE} when it reported none
     * @return a failure that asking again may mend
     */
    static ModelCallException paidButUnusable(String message, Usage usage) {
        return new ModelCallException(message, null, 200, true, null, usage);
    }

    /** @return the tokens of a call that was answered and billed though its answer was unusable, or null */
    public @Nullable Usage paid() {
        return paid;
    }

    /** @return the HTTP status, or -1 when the call got none */
    public int status() {
        return status;
    }

    /** @return whether asking again may succeed */
    public boolean retryable() {
        return retryable;
    }

    /** @return what the endpoint asked to wait, or null */
    public @Nullable Duration retryAfter() {
        return retryAfter;
    }

    /** @return whether the endpoint answered 429 (too many requests) */
    public boolean rateLimited() {
        return status == 429;
    }
}
