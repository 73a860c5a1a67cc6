package io.github.adammeme.llm;

import java.time.Duration;

/** A call that failed; the message never carries a secret. */
public class ModelCallException extends RuntimeException {

    private final int status;
    private final boolean retryable;
    private final Duration retryAfter;

    public ModelCallException(String message, Throwable cause) {
        this(message, cause, -1, false, null);
    }

    public ModelCallException(String message) {
        this(message, null, -1, false, null);
    }

    /**
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

    public int status() {
        return status;
    }

    public boolean retryable() {
        return retryable;
    }

    public Duration retryAfter() {
        return retryAfter;
    }

    public boolean rateLimited() {
        return status == 429;
    }
}
