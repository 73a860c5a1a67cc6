package io.github.adammeme.engine;

import io.github.adammeme.pipeline.ConfigKeys;

/**
 * The engine's own configuration keys; the pipeline's are in {@link ConfigKeys}. All are read from
 * the suite annotation, then {@code junit-platform.properties}, then system properties.
 */
public final class Constants {

    /** Engine id, as in {@code [engine:adammeme]}. */
    public static final String ENGINE_ID = "adammeme";

    /** Overall FR budget, a fraction (0.25) or a percentage (25%); the gate test fails above it. */
    public static final String GATE_MAX_FR = ConfigKeys.PREFIX + "gate.max-fr";

    /** Prefix of per-category budgets: {@code adammeme.gate.max-fr.race=0.2}. */
    public static final String GATE_MAX_FR_CATEGORY_PREFIX = GATE_MAX_FR + ".";

    /** Whether to print the progress line on stderr (default true). */
    public static final String PROGRESS = ConfigKeys.PREFIX + "progress";

    private Constants() {
    }
}
