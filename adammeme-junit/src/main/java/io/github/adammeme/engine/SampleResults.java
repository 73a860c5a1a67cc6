package io.github.adammeme.engine;

import io.github.adammeme.agent.Rating;
import io.github.adammeme.pipeline.ScoredSample;
import io.github.adammeme.report.ReportText;
import java.util.Locale;
import org.junit.platform.engine.TestExecutionResult;

/**
 * Maps a sample's outcome to a test result. A score below the threshold is an assertion failure
 * (Allure: failed); a sample that could not be scored is a different exception (Allure: broken),
 * because it says nothing about the model's understanding. Neither carries a stack trace (see {@link Verdicts}).
 */
final class SampleResults {

    private SampleResults() {
    }

    /** Messages are built from meme ids, categories and model text: they reach reports as plain text only. */
    static TestExecutionResult of(ScoredSample s, double threshold, boolean refusalIsFailure) {
        String subject = s.memeId() + " · " + s.category() + (s.refined() ? " · step " + s.refinement().step() : "");
        return switch (s.outcome()) {
            case PASSED -> TestExecutionResult.successful();
            case FAILED -> Verdicts.failed(subject + ": score " + s.score() + " < " + format(threshold) + dropped(s) + " — "
                    + oneLine(s.scorerExplanation()));
            case REFUSED -> refusalIsFailure
                    ? Verdicts.failed(subject + ": the target refused to analyse the meme (refusals count as failures) — "
                            + oneLine(s.targetAnswer()))
                    : Verdicts.aborted(subject + ": the target refused to analyse the meme (refusals are left out of FR)");
            case UNSCORED -> Verdicts.broken(new UnscoredException(ReportText.plain(subject + ": UNSCORED — " + s.reason())));
            case ERROR -> Verdicts.broken(new SampleErrorException(ReportText.plain(subject + ": ERROR — " + s.reason())));
        };
    }

    private static String dropped(ScoredSample s) {
        if (!s.refined()) {
            return "";
        }
        Integer before = s.refinement().parentScore();
        return " (the rewritten " + s.refinement().parentId() + (before == null ? "'s score is not known)" : " had scored " + before + ")");
    }

    private static String oneLine(String text) {
        return Rating.firstSentence(text);
    }

    static String format(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }
}
