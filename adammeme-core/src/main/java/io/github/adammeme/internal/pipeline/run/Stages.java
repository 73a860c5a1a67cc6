package io.github.adammeme.internal.pipeline.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How much of the method a run carries out ({@code adammeme.stages}), so a CI pipeline can pay for the
 * target-independent work once and fan out: one job mines, its shards score.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum Stages {

    /** Mining, scoring and refinement: the whole method. */
    ALL,

    /**
     * Only what no target changes: mining (votes, admissions, misbeliefs) and the reference answers of
     * every selected pair, all stored in the cache; the run writes the mined pairs and the taxonomy and
     * scores nothing.
     */
    MINING,

    /**
     * Scoring and refinement on a cache that already holds the mining: a mining call whose answer is
     * not there stops the run instead of being paid again on every shard.
     */
    SCORING;

    /**
     * A value of {@code adammeme.stages}, in any case.
     *
     * @param value all, mining or scoring
     * @return the stages
     * @throws IllegalArgumentException for any other value
     */
    public static Stages parse(String value) {
        return switch (value == null ? "" : value.strip().toLowerCase(Locale.ROOT)) {
            case "all" -> ALL;
            case "mining" -> MINING;
            case "scoring" -> SCORING;
            default -> throw new IllegalArgumentException("expected all, mining or scoring");
        };
    }
}
