package io.github.adammeme.internal.summary.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * What of the comparison with the baseline decides a release beside the overall comparison, which always decides
 * and must rest on enough evidence ({@value Constants#BASELINE_CATEGORIES}). A model rarely has 30 paired samples in
 * every category, so a rule that every category must would fail an unchanged model against its own last run.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum BaselineCategories implements FrGates.Keyed {
    /** a category fails the release on a significant regression; one with too few samples is reported, not failed */
    REGRESSIONS,
    /** every category must also rest on enough evidence, as the overall comparison must */
    ALL,
    /** categories are compared in baseline.md only; the overall comparison alone decides */
    OVERALL;

    /**
     * @param value the configured value, or null for the default
     * @return the choice
     * @throws io.github.adammeme.internal.settings.ConfigurationException naming the key and the values allowed
     */
    public static BaselineCategories parse(@Nullable String value) {
        return value == null || value.isBlank()
                ? REGRESSIONS
                : FrGates.parse(BaselineCategories.class, Constants.BASELINE_CATEGORIES, value);
    }
}
