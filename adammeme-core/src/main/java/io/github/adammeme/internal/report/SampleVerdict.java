package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.Rating;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.text.ReportText;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * What a sample's test says of it, for any runner: the engine reports it as a test result, and an imported run's
 * Allure results file it as Allure's JUnit listener would. A score below the threshold is a failure; a sample that
 * could not be scored is broken, because it says nothing about the model's understanding; a refusal fails or is
 * left out of FR, as the method says.
 *
 * @param kind    how the test ends
 * @param message what it says, as plain text (meme ids, categories and model text reach reports only as text);
 *                null for a pass
 */
@API(status = INTERNAL, since = "0.1.0")
public record SampleVerdict(Kind kind, @Nullable String message) {

    /** How a sample's test ends. */
    public enum Kind {
        /** at or above the threshold */
        PASSED,
        /** below the threshold, or a refusal where refusals count as failures */
        FAILED,
        /** a refusal left out of FR: the test is skipped (aborted) */
        LEFT_OUT,
        /** the Scorer's answer gave no score */
        UNSCORED,
        /** a call or a parse failed before a score */
        ERROR
    }

    /**
     * @param s                the scored sample
     * @param threshold        the score below which it fails
     * @param refusalIsFailure whether a refusal counts as a failure
     * @return the verdict
     */
    public static SampleVerdict of(ScoredSample s, double threshold, boolean refusalIsFailure) {
        String subject = s.memeId() + " · " + s.category()
                + (s.refined() ? " · step " + s.madeBy().step() : "");
        return switch (s.outcome()) {
            case PASSED -> new SampleVerdict(Kind.PASSED, null);
            case FAILED ->
                new SampleVerdict(
                        Kind.FAILED,
                        subject + ": score " + s.score() + " < " + format(threshold)
                                + dropped(s)
                                + (s.truncated() ? " (the target's answer was cut at the token limit)" : "") + " — "
                                + Rating.firstSentence(s.scorerExplanation()));
            case REFUSED ->
                refusalIsFailure
                        ? new SampleVerdict(
                                Kind.FAILED,
                                subject + ": the target refused to analyse the meme (refusals count"
                                        + " as failures) — " + Rating.firstSentence(s.targetAnswer()))
                        : new SampleVerdict(
                                Kind.LEFT_OUT,
                                subject + ": the target refused to analyse the meme (refusals are"
                                        + " left out of FR)");
            case UNSCORED -> new SampleVerdict(Kind.UNSCORED, ReportText.plain(subject + ": UNSCORED — " + s.reason()));
            case ERROR -> new SampleVerdict(Kind.ERROR, ReportText.plain(subject + ": ERROR — " + s.reason()));
        };
    }

    private static String dropped(ScoredSample s) {
        if (!s.refined()) {
            return "";
        }
        Integer before = s.madeBy().parentScore();
        return " (the rewritten " + s.madeBy().parentId()
                + (before == null ? "'s score is not known)" : " had scored " + before + ")");
    }

    /**
     * @param d a threshold
     * @return it with one decimal, as messages show it
     */
    public static String format(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }
}
