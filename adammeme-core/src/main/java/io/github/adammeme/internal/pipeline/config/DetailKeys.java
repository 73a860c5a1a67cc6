package io.github.adammeme.internal.pipeline.config;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.pipeline.RefinerPicture;
import io.github.adammeme.internal.retrieval.Retrieval;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.Setting;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Reads the finer points where this implementation departs from the paper or its reference code: what the
 * mining agents are given, how the target's refusals, the Scorer's decimals and the refinement's retrieval are
 * treated, and the question the target is asked.
 */
final class DetailKeys {

    private DetailKeys() {}

    static EvaluationConfig.Details read(ConfigValues r) {
        return new EvaluationConfig.Details(
                r.bool(Setting.REFUSAL_DETECTION),
                r.bool(Setting.MINING_MEME_TEXT),
                r.parse(Setting.RETRIEVAL, Retrieval.CONTENT_WORDS, Retrieval::parse),
                r.parse(Setting.REFINER_PICTURE, RefinerPicture.ERASED, RefinerPicture::parse),
                r.parse(Setting.RATING_DECIMALS, false, DetailKeys::decimals),
                r.bool(Setting.CATEGORY_INSTRUCTIONS));
    }

    /**
     * The answer's token cap: a number, or {@code none} for no cap at all (the endpoint's own limit).
     *
     * @return the cap, or null for none
     */
    static @Nullable Integer maxTokens(ConfigValues r) {
        String value = r.stringOrNull(Constants.MAX_TOKENS);
        if (value != null && value.toLowerCase(Locale.ROOT).equals("none")) {
            return null;
        }
        try {
            return r.integer(Setting.MAX_TOKENS);
        } catch (ConfigurationException e) {
            throw new ConfigurationException(
                    Constants.MAX_TOKENS,
                    value,
                    "expected a whole number from 16 to 1000000,"
                            + " or none (no cap, as the paper's reference code sends)");
        }
    }

    private static boolean decimals(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "reject" -> false;
            case "read" -> true;
            default ->
                throw new IllegalArgumentException("expected reject (the default: asked again, then UNSCORED) or"
                        + " read (6.0 read as 6, as the paper's reference code reads it)");
        };
    }
}
