package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How closely a model looks at a picture: OpenAI's {@code detail} field. {@code low} shows the model a
 * 512-pixel version for a fixed 85 tokens; {@code high} adds 170 tokens per 512-pixel tile of the picture
 * scaled to fit 2048 pixels with its short side at most 768; {@code auto} leaves the choice to the endpoint.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum ImageDetail {
    /** A 512-pixel thumbnail, 85 tokens whatever the picture's size. */
    LOW,
    /** The picture in 512-pixel tiles, 85 tokens plus 170 per tile. */
    HIGH,
    /** The endpoint decides by the picture's size. */
    AUTO;

    /** @return the value sent on the wire */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param value {@code low}, {@code high} or {@code auto}, in any case
     * @return the detail
     * @throws IllegalArgumentException for anything else
     */
    public static ImageDetail parse(String value) {
        for (ImageDetail d : values()) {
            if (d.wire().equalsIgnoreCase(value.trim())) {
                return d;
            }
        }
        throw new IllegalArgumentException("expected low, high or auto");
    }
}
