package io.github.adammeme.engine;

import io.github.adammeme.pipeline.ConfigKeys;

/**
 * The engine's own configuration keys; the pipeline's, the report's and the gates' are in {@link ConfigKeys}. All are read from
 * the suite annotation, then {@code junit-platform.properties}, then system properties.
 */
public final class Constants {

    /** Engine id, as in {@code [engine:adammeme]}. */
    public static final String ENGINE_ID = "adammeme";

    private Constants() {
    }
}
