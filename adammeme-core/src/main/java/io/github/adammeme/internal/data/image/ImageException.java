package io.github.adammeme.internal.data.image;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** One meme's image cannot be used; that meme becomes an ERROR outcome and the run goes on. */
@API(status = INTERNAL, since = "0.1.0")
public class ImageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, naming the file */
    public ImageException(String message) {
        super(message);
    }

    /**
     * The cause is kept for the log; the message alone must say what is wrong and with which file.
     *
     * @param message what is wrong, naming the file
     * @param cause the reader's or decoder's exception
     */
    public ImageException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
