package io.github.adammeme.agent;

/** A model answer that does not have the shape its role's contract asks for. */
public class ParseException extends Exception {

    public ParseException(String message) {
        super(message);
    }
}
