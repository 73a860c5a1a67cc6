package io.github.adammeme.engine;

import io.github.adammeme.pipeline.ConfigKeys;

/**
 * The engine's id and, for scripts that name it here, the judge-agreement key; every configuration key is in
 * {@link ConfigKeys}. All are read from the suite annotation, then {@code junit-platform.properties}, then system
 * properties.
 */
public final class Constants {

    /** Engine id, as in {@code [engine:adammeme]}. */
    public static final String ENGINE_ID = "adammeme";

    /**
     * The judge-agreement test fails when Cohen's kappa falls below this (default: reported, never failed); it
     * joins the gates in a run's release decision, so its key is read with theirs.
     */
    public static final String JUDGE_MIN_KAPPA = ConfigKeys.JUDGE_MIN_KAPPA;

    private Constants() {
    }
}
