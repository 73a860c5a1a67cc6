package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A raw meme m = (i, t) as a dataset gives it.
 *
 * @param id     unique within the run: the dataset's own id, prefixed by its source
 * @param source where it came from, e.g. {@code harmeme} or {@code fhm}
 * @param text   the meme text as the dataset transcribed it
 * @param image  the image file; read when needed, never held by the record
 * @param labels the dataset's own labels, kept for comparison and never used for scoring
 * @param origin file and line it was read from, for error messages
 */
@API(status = INTERNAL, since = "0.1.0")
public record Meme(String id, String source, String text, Path image, List<String> labels, String origin) {

    /**
     * Requires an id, a text and an image, and keeps its own copy of the labels.
     *
     * @param id     unique within the run: the dataset's own id, prefixed by its source
     * @param source where it came from
     * @param text   the meme text as the dataset transcribed it
     * @param image  the image file
     * @param labels the dataset's own labels
     * @param origin file and line it was read from
     */
    public Meme {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(image, "image");
        labels = List.copyOf(labels);
    }
}
