package io.github.adammeme.internal.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Where the target reads a meme's text ({@code adammeme.refined-text}). A refined text must not
 * be contradicted by the old text still printed on the picture, so the picture is always the
 * erased one, or one with the refined text rendered on it.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum TextPlacement {
    /** the erased image, the text in the prompt (the paper's way) */
    PROMPT,
    /** the text only on the picture: originals as they are, rewrites rendered on the erased image */
    IMAGE,
    /** both: the picture with its text (rendered for rewrites), and the text in the prompt */
    BOTH;

    /**
     * @param value {@code prompt}, {@code image} or {@code both}, in any case
     * @return the placement
     * @throws IllegalArgumentException for any other value
     */
    public static TextPlacement parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("allowed: prompt, image, both");
        }
    }

    boolean textInPrompt() {
        return this != IMAGE;
    }
}
