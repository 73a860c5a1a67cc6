package io.github.adammeme.data;

/** A dataset that cannot be read; the message names the file, and the line and field when known. */
public class DatasetException extends RuntimeException {

    public DatasetException(String message) {
        super(message);
    }

    public DatasetException(String message, Throwable cause) {
        super(message, cause);
    }
}
