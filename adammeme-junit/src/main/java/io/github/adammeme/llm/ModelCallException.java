package io.github.adammeme.llm;

/** A call that failed after the client's own retries; the message never carries a secret. */
public class ModelCallException extends RuntimeException {

    public ModelCallException(String message, Throwable cause) {
        super(message, cause);
    }

    public ModelCallException(String message) {
        super(message);
    }
}
