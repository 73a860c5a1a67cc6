package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * What one agent produced after its re-asks: a parsed value, or why there is none, with the raw
 * output kept either way so a report can show what the model actually said.
 *
 * @param cutOff whether the answer kept stopped at the token limit ({@code finish_reason} length): only a
 *               target's can, since an agent's cut answer is asked again
 */
@API(status = INTERNAL, since = "0.1.0")
public record Answer<T>(
        Status status,
        @Nullable T value,
        @Nullable String raw,
        @Nullable String failure,
        int attempts,
        boolean cutOff) {

    /**
     * An answer that ran to its end.
     *
     * @param status whether it holds a value, and if not, why
     * @param value the parsed value, or null
     * @param raw the model's output, as received
     * @param failure why there is no value, or null
     * @param attempts how many times the model was asked, re-asks included
     */
    public Answer(Status status, @Nullable T value, @Nullable String raw, @Nullable String failure, int attempts) {
        this(status, value, raw, failure, attempts, false);
    }

    /** Whether the agent's answer holds a value, and if not, why. */
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

    /**
     * An answer parsed as its contract asks.
     *
     * @param <T> the parsed value's type
     * @param value the parsed value
     * @param raw the model's output, as received
     * @param attempts how many times the model was asked, re-asks included
     * @return the OK answer
     */
    public static <T> Answer<T> ok(T value, String raw, int attempts) {
        return new Answer<>(Status.OK, value, raw, null, attempts);
    }

    /** @return whether the answer holds a parsed value */
    public boolean ok() {
        return status == Status.OK;
    }

    /**
     * @return the value of an answer that is {@link #ok()}
     * @throws IllegalStateException for one that is not, which has none
     */
    public T okValue() {
        T v = value;
        if (v == null) {
            throw new IllegalStateException("a " + status + " answer has no value");
        }
        return v;
    }
}
