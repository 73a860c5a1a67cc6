package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.HardCase;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.summary.Outcome;
import java.nio.file.Path;
import java.util.Objects;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

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
 * @param shownImage   the image the target was shown, when it is not the dataset's own (text erased, or the
 *                     refined text rendered on it), relative to the run's output folder ({@code images/<sha256>.png}),
 *                     so the same run in two folders writes the same line and a moved folder keeps its pictures;
 *                     null otherwise
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
 * @param truncated    the target's answer stopped at the token limit ({@code finish_reason} length): it is
 *                     scored as written, as the paper scores what the model wrote, and marked so
 */
@API(status = INTERNAL, since = "0.1.0")
public record ScoredSample(
        String id,
        String memeId,
        String category,
        @Nullable String misbelief,
        String text,
        String originalText,
        String image,
        @Nullable String shownImage,
        Outcome outcome,
        @Nullable Integer score,
        @Nullable String reference,
        @Nullable String targetAnswer,
        @Nullable String scorerExplanation,
        @Nullable String reason,
        @Nullable String raw,
        @Nullable Refinement refinement,
        @Nullable SecondScore secondScore,
        boolean truncated) {

    /**
     * A sample whose target answer, if any, ran to its end.
     *
     * @param id           stable id
     * @param memeId       the meme whose image it uses
     * @param category     its harmfulness category
     * @param misbelief    the misbelief it conveys
     * @param text         the meme text the target saw
     * @param originalText the dataset's text of the meme
     * @param image        path of the meme image
     * @param shownImage   path of the image the target was shown, or null
     * @param outcome      how it ended
     * @param score        the Scorer's rating, or null
     * @param reference    the reference answer, or null
     * @param targetAnswer the target's analysis, or its refusal
     * @param scorerExplanation the Scorer's explanation
     * @param reason       what happened, for an outcome without a score
     * @param raw          the unusable output, or null
     * @param refinement   null for an original sample
     * @param secondScore  the second judge's score, or null
     */
    public ScoredSample(
            String id,
            String memeId,
            String category,
            @Nullable String misbelief,
            String text,
            String originalText,
            String image,
            @Nullable String shownImage,
            Outcome outcome,
            @Nullable Integer score,
            @Nullable String reference,
            @Nullable String targetAnswer,
            @Nullable String scorerExplanation,
            @Nullable String reason,
            @Nullable String raw,
            @Nullable Refinement refinement,
            @Nullable SecondScore secondScore) {
        this(
                id,
                memeId,
                category,
                misbelief,
                text,
                originalText,
                image,
                shownImage,
                outcome,
                score,
                reference,
                targetAnswer,
                scorerExplanation,
                reason,
                raw,
                refinement,
                secondScore,
                false);
    }

    /** The folder, in a run's output folder, of the pictures its target was shown: {@code shownImage} names a file there. */
    public static final String SHOWN_IMAGES = "images";

    /**
     * The picture the target saw.
     *
     * @param runFolder the output folder of the run the sample belongs to
     * @return the run's copy when the target was shown one, else the dataset's file
     */
    public Path picture(Path runFolder) {
        return shownImage != null ? runFolder.resolve(shownImage) : Path.of(image);
    }

    /**
     * An original pair that never reached the target: its picture could not be read, or it has no misbelief.
     *
     * @param pair the mined pair
     * @param reason why it was not put to the target
     * @return the ERROR sample
     */
    public static ScoredSample unscorable(MinedSample pair, @Nullable String reason) {
        Meme meme = pair.meme();
        return new ScoredSample(
                pair.id(),
                meme.id(),
                pair.category(),
                pair.misbelief(),
                meme.text(),
                meme.text(),
                meme.image().toString(),
                null,
                Outcome.ERROR,
                null,
                null,
                null,
                null,
                reason,
                null,
                null,
                null);
    }

    /**
     * A hard case whose picture could not be read when the bank was replayed.
     *
     * @param pair the case as a pair
     * @param hardCase the case as the bank stored it
     * @param reason why it was not put to the target
     * @return the ERROR sample, with the case's stored reference
     */
    public static ScoredSample unreadableCase(MinedSample pair, HardCase hardCase, @Nullable String reason) {
        return new ScoredSample(
                pair.id(),
                pair.meme().id(),
                hardCase.category(),
                hardCase.misbelief(),
                hardCase.text(),
                hardCase.originalText(),
                pair.meme().image().toString(),
                null,
                Outcome.ERROR,
                null,
                hardCase.reference(),
                null,
                null,
                reason,
                null,
                null,
                null);
    }

    /**
     * A refinement step that failed before it was scored (the Refiner's call, or the rewrite's picture).
     *
     * @param current the sample the step set out from
     * @param id the step's id
     * @param link where the step stands in its chain
     * @param reason what happened, naming the agent
     * @param raw the unusable output, or null
     * @return the ERROR step
     */
    public static ScoredSample failedStep(
            ScoredSample current, String id, Refinement link, @Nullable String reason, @Nullable String raw) {
        return new ScoredSample(
                id,
                current.memeId(),
                current.category(),
                current.misbelief(),
                current.text(),
                current.originalText(),
                current.image(),
                null,
                Outcome.ERROR,
                null,
                null,
                null,
                null,
                reason,
                raw,
                link,
                null);
    }

    /**
     * The same sample with the second judge's score.
     *
     * @param second the independent Scorer's score
     * @return the sample with it
     */
    public ScoredSample withSecondScore(SecondScore second) {
        return new ScoredSample(
                id,
                memeId,
                category,
                misbelief,
                text,
                originalText,
                image,
                shownImage,
                outcome,
                score,
                reference,
                targetAnswer,
                scorerExplanation,
                reason,
                raw,
                refinement,
                second,
                truncated);
    }

    /**
     * The same sample, its target answer marked as cut at the token limit.
     *
     * @return the sample, marked
     */
    public ScoredSample cutAtTokenLimit() {
        return new ScoredSample(
                id,
                memeId,
                category,
                misbelief,
                text,
                originalText,
                image,
                shownImage,
                outcome,
                score,
                reference,
                targetAnswer,
                scorerExplanation,
                reason,
                raw,
                refinement,
                secondScore,
                true);
    }

    /** @return whether it is a refinement step rather than an original sample */
    public boolean refined() {
        return refinement != null;
    }

    /**
     * @return the misbelief of a sample put to the target: only a pair the Narrator wrote one for is probed
     * @throws NullPointerException for a pair the Narrator failed, which is never probed
     */
    public String probedMisbelief() {
        return Objects.requireNonNull(misbelief, () -> id + " has no misbelief: the Narrator failed on it");
    }

    /**
     * @return the Scorer's rating of a sample whose outcome is PASSED or FAILED
     * @throws NullPointerException for one the Scorer did not rate
     */
    public int ratedScore() {
        return Objects.requireNonNull(score, () -> id + " has no rating: " + outcome);
    }

    /**
     * @return the refinement step that made this sample
     * @throws NullPointerException for an original sample, which no step made
     */
    public Refinement madeBy() {
        return Objects.requireNonNull(refinement, () -> id + " is an original sample, not a refinement");
    }
}
