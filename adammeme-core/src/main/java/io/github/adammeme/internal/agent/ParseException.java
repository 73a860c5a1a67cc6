package io.github.adammeme.internal.agent;

/** A model answer that does not have the shape its role's contract asks for. */
public class ParseException extends Exception {

    /** @param message what is wrong with the answer, shown in reports and used to re-ask */
    public ParseException(String message) {
        super(message);
    }
}
