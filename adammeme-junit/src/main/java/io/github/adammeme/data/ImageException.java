package io.github.adammeme.data;

/** One meme's image cannot be used; that meme becomes an ERROR outcome and the run goes on. */
public class ImageException extends RuntimeException {

    public ImageException(String message) {
        super(message);
    }
}
