package io.github.adammeme.data;

/** One meme's image cannot be used; that meme becomes an ERROR outcome and the run goes on. */
public class ImageException extends RuntimeException {

    public ImageException(String message) {
        super(message);
    }

    /** The cause is kept for the log; the message alone must say what is wrong and with which file. */
    public ImageException(String message, Throwable cause) {
        super(message, cause);
    }
}
