package io.github.adammeme.internal.agent.answer;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** A model answer that does not have the shape its role's contract asks for. */
@API(status = INTERNAL, since = "0.1.0")
public class ParseException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong with the answer, shown in reports and used to re-ask */
    public ParseException(String message) {
        super(message);
    }
}
