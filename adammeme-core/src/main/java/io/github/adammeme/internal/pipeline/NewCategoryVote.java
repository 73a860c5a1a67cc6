package io.github.adammeme.internal.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * When a meme joins a category admitted on its own proposal. The paper keeps a category for a meme when
 * more than half of the Miners name it; the reference code of the paper puts a meme into a newly admitted
 * category on the one Miner's proposal that brought it in. Either way the category joins the taxonomy
 * when the Examiner and the Judge admit it; this decides only whether the proposing meme is counted in it.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum NewCategoryVote {

    /** The default, the paper's vote rule: a majority of the Miners names it (proposes it, or lists it). */
    MAJORITY,

    /** The reference code's way: the proposal of one Miner is enough. */
    PROPOSER;

    /**
     * @param votes the Miners that named the admitted category for this meme
     * @param miners the Miners asked
     * @return whether the meme is counted in the category
     */
    boolean keeps(long votes, int miners) {
        return this == PROPOSER ? votes >= 1 : 2 * votes > miners;
    }

    /**
     * Reads a configured value, {@code majority} or {@code proposer}, in any case.
     *
     * @param value the configured value
     * @return the rule
     * @throws IllegalArgumentException for any other value
     */
    public static NewCategoryVote parse(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "majority" -> MAJORITY;
            case "proposer" -> PROPOSER;
            default ->
                throw new IllegalArgumentException("expected majority (the paper's vote) or proposer"
                        + " (one Miner's proposal, as the paper's reference code does)");
        };
    }
}
