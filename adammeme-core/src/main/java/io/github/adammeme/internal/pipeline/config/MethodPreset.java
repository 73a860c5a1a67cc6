package io.github.adammeme.internal.pipeline.config;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Which method a run starts from ({@code adammeme.method}): this implementation's defaults, or the paper's
 * way in every setting where the two differ ({@link Departure}). A key set explicitly keeps its value either
 * way, and the report names whatever departure is then in force.
 */
enum MethodPreset {

    /** The defaults: the paper's method where that costs no reliability or speed, the departures docs/method.md lists elsewhere. */
    DEFAULT,

    /** Every setting that departs from the paper is set to the paper's value, unless the run sets it. */
    PAPER;

    /**
     * Reads a configured value, {@code default} or {@code paper}, in any case.
     *
     * @param value the configured value
     * @return the preset
     * @throws IllegalArgumentException for any other value
     */
    static MethodPreset parse(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "default" -> DEFAULT;
            case "paper" -> PAPER;
            default ->
                throw new IllegalArgumentException("expected default (this implementation's defaults) or paper"
                        + " (the paper's way wherever a setting departs from it)");
        };
    }

    /**
     * The configuration's keys with this preset's values added where a key is not set.
     *
     * @param values the keys as configured
     * @return the keys to read the configuration from
     */
    Map<String, String> apply(Map<String, String> values) {
        if (this == DEFAULT) {
            return values;
        }
        Map<String, String> out = new LinkedHashMap<>(values);
        Departure.paperSettings().forEach((key, value) -> {
            String set = values.get(key);
            if (set == null || set.isBlank()) {
                out.put(key, value);
            }
        });
        return out;
    }

    /** @return the value as it is configured */
    String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
