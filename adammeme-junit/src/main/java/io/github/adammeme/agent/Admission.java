package io.github.adammeme.agent;

/**
 * Provenance of a category the Miners proposed and the Examiner and Judge admitted (or not).
 *
 * @param memeId         the meme on which it was proposed
 * @param proposedBy     which Miner replicas proposed it
 * @param name           the proposed name
 * @param description    the proposed description
 * @param examinerSaysYes the Examiner's verdict
 * @param examinerReason the Examiner's reason
 * @param judgeSaysYes   the Judge's verdict
 * @param judgeReason    the Judge's reason
 * @param admitted       whether it joined the taxonomy
 */
public record Admission(String memeId, java.util.List<Integer> proposedBy, String name, String description,
                        boolean examinerSaysYes, String examinerReason, boolean judgeSaysYes, String judgeReason,
                        boolean admitted) {
}
