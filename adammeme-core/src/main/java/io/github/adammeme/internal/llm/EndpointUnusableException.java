package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A run cannot go on with one of its endpoints: the preflight found it unreachable, its key rejected or
 * its model or path missing before any call was paid for, or the circuit breaker found it failing every
 * call for a while. The message names the setting to look at, never a key's value, on one printable line
 * (it quotes the endpoint's words). Unlike a failed call,
 * which leaves its sample an ERROR, this stops the run: no figure is computed from a run that could not
 * ask its questions, and no run that stopped is recorded as one a baseline can pick.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class EndpointUnusableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** When the endpoint was found unusable. */
    public enum When {
        /** by the preflight, before the run paid for any call */
        PREFLIGHT,
        /** by the circuit breaker, during the run */
        DURING_RUN,
        /** not the endpoint's fault: the run was interrupted (Ctrl-C, SIGTERM, a thread interrupt) and stops calling */
        INTERRUPTED
    }

    /** When the endpoint was found unusable, or that the run was interrupted. */
    private final When when;

    /**
     * @param message what is wrong and which setting to look at; secrets are redacted from it
     * @param when    whether the preflight or the breaker found it
     */
    public EndpointUnusableException(String message, When when) {
        super(Printable.escaped(Secrets.redact(message)));
        this.when = when;
    }

    /** @return whether the preflight or the breaker found it */
    public When when() {
        return when;
    }

    /** @return the same reason, thrown afresh from the calls it stops (so no two threads share one trace) */
    public EndpointUnusableException again() {
        return new EndpointUnusableException(Objects.requireNonNull(getMessage(), "made with a message"), when);
    }
}
