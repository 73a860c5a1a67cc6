package io.github.adammeme.internal.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The picture the Refiner is shown of the meme it rewrites ({@code adammeme.refinement.picture}). Its examples
 * are shown erased either way, as the paper's figure 12 describes them.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum RefinerPicture {

    /** The default: erased, as the target is shown it, so the Refiner writes for the picture the target will see. */
    ERASED,

    /** The reference code's: the original picture, its printed text on it. */
    ORIGINAL;

    /**
     * @param value {@code erased} or {@code original}, in any case
     * @return the picture
     * @throws IllegalArgumentException for any other value
     */
    public static RefinerPicture parse(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "erased" -> ERASED;
            case "original" -> ORIGINAL;
            default ->
                throw new IllegalArgumentException("expected erased (the default) or original (the picture with its"
                        + " printed text, as the paper's reference code shows it)");
        };
    }

    /** @return the value as it is configured */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
