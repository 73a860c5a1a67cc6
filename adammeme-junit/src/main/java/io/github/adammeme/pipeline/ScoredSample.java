package io.github.adammeme.pipeline;

/**
 * One sample put to the target and scored: an original mined pair, or a refined rewrite of one.
 *
 * @param id           stable: {@code <meme id>/<category>} for originals, {@code <seed id>#<step>} for refinements
 * @param memeId       the meme whose image it uses
 * @param category     its harmfulness category
 * @param misbelief    the misbelief it conveys (null only when the Narrator failed)
 * @param text         the meme text the target saw
 * @param originalText the dataset's text of the meme
 * @param image        path of the meme image
 * @param shownImage   path of the image the target was shown, when it is not the dataset's own
 *                     (text erased, or the refined text rendered on it); null otherwise
 * @param outcome      how it ended
 * @param score        the Scorer's rating 1..10, or null when there is none
 * @param reference    the reference answer (Senior), or null when it could not be formed
 * @param targetAnswer the target's analysis, or its refusal
 * @param scorerExplanation the Scorer's explanation, before its rating
 * @param reason       for REFUSED, UNSCORED and ERROR: what happened, naming the agent
 * @param raw          for UNSCORED and ERROR: the unusable output, kept as it was
 * @param refinement   null for an original sample
 * @param secondScore  the judge's reliability check: this sample scored again by an independent Scorer,
 *                     when the seeded draw of {@code adammeme.judge.recheck} picked it; null otherwise
 */
public record ScoredSample(String id, String memeId, String category, String misbelief, String text,
                           String originalText, String image, String shownImage, Outcome outcome, Integer score, String reference,
                           String targetAnswer, String scorerExplanation, String reason, String raw,
                           Refinement refinement, SecondScore secondScore) {

    /**
     * A sample no second judge looked at.
     *
     * @param id stable id of the sample
     * @param memeId the meme whose image it uses
     * @param category its harmfulness category
     * @param misbelief the misbelief it conveys, or null
     * @param text the meme text the target saw
     * @param originalText the dataset's text of the meme
     * @param image path of the meme image
     * @param shownImage path of the image the target was shown, or null
     * @param outcome how it ended
     * @param score the Scorer's rating, or null
     * @param reference the reference answer, or null
     * @param targetAnswer the target's analysis, or its refusal
     * @param scorerExplanation the Scorer's explanation
     * @param reason what happened, for REFUSED, UNSCORED and ERROR
     * @param raw the unusable output, for UNSCORED and ERROR
     * @param refinement null for an original sample
     */
    public ScoredSample(String id, String memeId, String category, String misbelief, String text, String originalText,
                        String image, String shownImage, Outcome outcome, Integer score, String reference,
                        String targetAnswer, String scorerExplanation, String reason, String raw, Refinement refinement) {
        this(id, memeId, category, misbelief, text, originalText, image, shownImage, outcome, score, reference,
                targetAnswer, scorerExplanation, reason, raw, refinement, null);
    }

    /**
     * The same sample with the second judge's score.
     *
     * @param second the independent Scorer's score
     * @return the sample with it
     */
    public ScoredSample withSecondScore(SecondScore second) {
        return new ScoredSample(id, memeId, category, misbelief, text, originalText, image, shownImage, outcome, score,
                reference, targetAnswer, scorerExplanation, reason, raw, refinement, second);
    }

    /** @return whether it is a refinement step rather than an original sample */
    public boolean refined() {
        return refinement != null;
    }
}
