package io.github.adammeme.engine;

import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.report.SampleVerdict;
import java.util.Objects;
import org.junit.platform.engine.TestExecutionResult;

/**
 * Maps a sample's verdict to a test result. A score below the threshold is an assertion failure
 * (Allure: failed); a sample that could not be scored is a different exception (Allure: broken),
 * because it says nothing about the model's understanding. Neither carries a stack trace (see {@link Verdicts}).
 */
final class SampleResults {

    private SampleResults() {}

    static TestExecutionResult of(ScoredSample s, double threshold, boolean refusalIsFailure) {
        SampleVerdict verdict = SampleVerdict.of(s, threshold, refusalIsFailure);
        // Only a passed sample has no message.
        String message = Objects.requireNonNullElse(verdict.message(), "");
        return switch (verdict.kind()) {
            case PASSED -> TestExecutionResult.successful();
            case FAILED -> Verdicts.failed(message);
            case LEFT_OUT -> Verdicts.aborted(message);
            case UNSCORED -> Verdicts.broken(new UnscoredException(message));
            case ERROR -> Verdicts.broken(new SampleErrorException(message));
        };
    }
}
