package io.github.adammeme.llm;

import java.time.Duration;

/** A call that failed; the message never carries a secret. */
public class ModelCallException extends RuntimeException {

    /** The HTTP status, or -1. */
    private final int status;
    /** Whether asking again may succeed. */
    private final boolean retryable;
    /** What the endpoint asked to wait, or null. */
    private final Duration retryAfter;

    /**
     * A failure that asking again will not mend.
     *
     * @param message what failed; secrets are redacted from it
     * @param cause the client's exception
     */
    public ModelCallException(String message, Throwable cause) {
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
    public ModelCallException(String message, Throwable cause, int status, boolean retryable, Duration retryAfter) {
        super(Secrets.redact(message), cause);
        this.status = status;
        this.retryable = retryable;
        this.retryAfter = retryAfter;
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
    public Duration retryAfter() {
        return retryAfter;
    }

    /** @return whether the endpoint answered 429 (too many requests) */
    public boolean rateLimited() {
        return status == 429;
    }
}
