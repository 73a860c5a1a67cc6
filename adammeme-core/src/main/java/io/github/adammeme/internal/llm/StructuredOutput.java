package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Whether the roles that return ratings or votes ask for a JSON schema ({@code response_format}),
 * so the endpoint itself holds the answer to its shape. Their text format stays the fallback.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum StructuredOutput {
    /** ask for it, and answer in text from the first time the endpoint turns it down */
    AUTO,
    /** always ask for it; an endpoint that turns it down fails the call */
    ON,
    /** never ask for it: text answers only */
    OFF;

    /**
     * A mode by name, in any case.
     *
     * @param value auto, on (or true) or off (or false)
     * @return the mode
     * @throws IllegalArgumentException for any other value
     */
    public static StructuredOutput parse(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> AUTO;
            case "on", "true" -> ON;
            case "off", "false" -> OFF;
            default -> throw new IllegalArgumentException("expected auto, on or off");
        };
    }
}
