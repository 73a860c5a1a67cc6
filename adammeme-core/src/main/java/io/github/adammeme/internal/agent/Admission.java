package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Provenance of a category the Miners proposed, and what became of it. A proposal is admitted
 * only when the Examiner and the Judge both say yes; it is rejected when either says no, or when
 * its name is not one a taxonomy can carry; and it stays undecided when the answers in hand do not
 * settle it (one said yes and the other gave no usable answer), because nothing is decided by default.
 *
 * @param memeId          the meme on which it was proposed
 * @param proposedBy      which Miner replicas proposed it
 * @param name            the proposed name, as the Miner wrote it
 * @param description     the proposed description
 * @param examinerSaysYes the Examiner's verdict, or null when it gave none or was not asked
 * @param examinerReason  the Examiner's reason, or why there is none
 * @param judgeSaysYes    the Judge's verdict, or null when it gave none or was not asked
 * @param judgeReason     the Judge's reason, or why there is none
 * @param decision        admitted, rejected or undecided
 * @param reason          why, in one sentence
 */
@API(status = INTERNAL, since = "0.1.0")
public record Admission(
        String memeId,
        List<Integer> proposedBy,
        String name,
        String description,
        @Nullable Boolean examinerSaysYes,
        String examinerReason,
        @Nullable Boolean judgeSaysYes,
        String judgeReason,
        Decision decision,
        String reason) {

    /** What became of a proposal. */
    public enum Decision {
        /** the Examiner and the Judge both said yes */
        ADMITTED,
        /** either said no, or the name is not one a taxonomy can carry */
        REJECTED,
        /** the answers in hand do not settle it: one said yes and the other gave no usable answer */
        UNDECIDED
    }

    /**
     * Keeps its own copy of the Miner replicas.
     *
     * @param memeId          the meme on which it was proposed
     * @param proposedBy      which Miner replicas proposed it
     * @param name            the proposed name, as the Miner wrote it
     * @param description     the proposed description
     * @param examinerSaysYes the Examiner's verdict, or null when it gave none or was not asked
     * @param examinerReason  the Examiner's reason, or why there is none
     * @param judgeSaysYes    the Judge's verdict, or null when it gave none or was not asked
     * @param judgeReason     the Judge's reason, or why there is none
     * @param decision        admitted, rejected or undecided
     * @param reason          why, in one sentence
     */
    public Admission {
        proposedBy = List.copyOf(proposedBy);
    }

    /** @return whether the proposal joined the taxonomy */
    public boolean admitted() {
        return decision == Decision.ADMITTED;
    }
}
