package io.github.adammeme.internal.data.image;

/**
 * A container walk's finding: the reason a picture's structure cannot be trusted. Checked, so every
 * walk's caller must turn it into the ImageException that names the file.
 */
final class ImageCorruption extends Exception {
    private static final long serialVersionUID = 1L;

    ImageCorruption(String reason) {
        super(reason, null, false, false);
    }
}
