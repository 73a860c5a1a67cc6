package io.github.adammeme.engine;

import io.github.adammeme.internal.text.ReportText;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The results of the engine's tests, which are verdicts on a model, not faults of the code: the message
 * says all there is, so they carry no stack trace, and a console shows one line of reason per failed pair
 * instead of the engine's call stack. Messages are built from meme ids, categories and model text: plain
 * text only.
 */
final class Verdicts {

    private static final StackTraceElement[] NONE = new StackTraceElement[0];

    private Verdicts() {}

    /** Failed: a score below the threshold, a refusal that counts, a gate over its budget. */
    static TestExecutionResult failed(String message) {
        AssertionFailedError failure = new AssertionFailedError(ReportText.plain(message));
        failure.setStackTrace(NONE);
        return TestExecutionResult.failed(failure);
    }

    /** Failed with an exception that is not an assertion (Allure: broken): the sample says nothing of the target. */
    static TestExecutionResult broken(RuntimeException why) {
        why.setStackTrace(NONE);
        return TestExecutionResult.failed(why);
    }

    /** Aborted (skipped): a refusal left out of FR, a figure too thin to judge where the suite skips those. */
    static TestExecutionResult aborted(String message) {
        TestAbortedException aborted = new TestAbortedException(ReportText.plain(message));
        aborted.setStackTrace(NONE);
        return TestExecutionResult.aborted(aborted);
    }
}
