package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A refined sample a target failed on, kept so the next model or version is asked the same thing:
 * what it was shown, what the reference answer says, and where the case came from.
 *
 * @param id          a digest of category, text and picture: the same case found twice is one case
 * @param promptText  what the prompt's meme-text block held (the text, or a note that it is on the picture)
 * @param image       the picture shown, relative to the bank file
 * @param imageSha256 that picture's digest, checked when the bank is replayed
 * @param reference   the reference answer the Scorer compares with
 */
@API(status = INTERNAL, since = "0.1.0")
public record HardCase(
        String id,
        String category,
        String misbelief,
        String text,
        String originalText,
        String promptText,
        String image,
        String imageSha256,
        String reference,
        Provenance provenance) {

    /**
     * @param model    the target that failed
     * @param at       when the run started (ISO-8601)
     * @param sampleId the refined sample's id in that run
     * @param seedId   the chain's seed (the original pair it was refined from)
     * @param step     the refinement step within the chain
     * @param score    the score the target got
     * @param dataset  the run's datasets
     */
    public record Provenance(
            String model,
            String at,
            String sampleId,
            String seedId,
            int step,
            @Nullable Integer score,
            String dataset) {}
}
