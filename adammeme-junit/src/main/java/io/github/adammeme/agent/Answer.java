package io.github.adammeme.agent;

/**
 * What one agent produced after its re-asks: a parsed value, or why there is none, with the raw
 * output kept either way so a report can show what the model actually said.
 */
public record Answer<T>(Status status, T value, String raw, String failure, int attempts) {

    public enum Status {
        /** parsed as the contract asks */
        OK,
        /** the model declined the task */
        REFUSED,
        /** the model answered, but never in the required shape */
        UNPARSEABLE,
        /** the endpoint failed after the client's retries */
        CALL_FAILED
    }

    public static <T> Answer<T> ok(T value, String raw, int attempts) {
        return new Answer<>(Status.OK, value, raw, null, attempts);
    }

    public boolean ok() {
        return status == Status.OK;
    }

    /** Re-types a non-OK answer, which holds no value. */
    @SuppressWarnings("unchecked")
    public <U> Answer<U> failedAs() {
        if (ok()) {
            throw new IllegalStateException("answer is OK");
        }
        return (Answer<U>) this;
    }
}
