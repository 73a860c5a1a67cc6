package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * What became of one input meme: harmless, mined into categories, or an error with its reason.
 * Every input meme has exactly one, so nothing leaves the pipeline unaccounted for.
 *
 * @param votes each Miner's raw category list (null for a Miner that failed)
 */
@API(status = INTERNAL, since = "0.1.0")
public record MemeOutcome(
        String memeId,
        @Nullable String origin,
        Status status,
        List<String> categories,
        @Nullable List<List<String>> votes,
        List<String> datasetLabels,
        @Nullable String reason) {

    /** What became of a meme. */
    public enum Status {
        /** no majority of the Miners found it harmful */
        HARMLESS,
        /** mined into at least one category */
        MINED,
        /** it could not be mined: a picture that cannot be read, a Miner's vote missing */
        ERROR
    }
}
