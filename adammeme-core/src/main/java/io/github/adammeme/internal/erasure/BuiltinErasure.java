package io.github.adammeme.internal.erasure;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.image.MemeImages;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * The built-in eraser ({@code adammeme.text-erasure=builtin}), which the module {@code adammeme-erasure} provides
 * through {@link java.util.ServiceLoader}: its OCR and its natives stay out of the core, and a build that leaves the
 * module out runs without erasure, saying so.
 */
@API(status = INTERNAL, since = "0.1.0")
public interface BuiltinErasure {

    /**
     * Checks that the eraser can start here, before any meme is read.
     *
     * @throws IllegalStateException naming what is missing (this platform's Tesseract natives)
     */
    void check();

    /**
     * @return the folder, inside the cache, of this version's erased pictures: it changes whenever the erasure does
     */
    String version();

    /**
     * The eraser.
     *
     * @param cache the folder erased pictures are kept in, by the original's digest
     * @param images reads and prepares the erased pictures as any meme's
     * @return the eraser
     * @throws IllegalStateException when this platform's natives are not on the classpath
     */
    TextEraser create(Path cache, MemeImages images);
}
