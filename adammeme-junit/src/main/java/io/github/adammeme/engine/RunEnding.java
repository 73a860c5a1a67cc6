package io.github.adammeme.engine;

import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.ReportText;
import io.github.adammeme.internal.text.Secrets;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.junit.platform.engine.TestExecutionResult;

/**
 * How a suite's run ended short, said where a reader looks: a failed test of its own (Surefire counts it, so a
 * build that fails on test failures fails), summary.json when this run's figures are not there, stderr with the
 * trace of a fault (none for a run an unusable endpoint stopped, whose message names the setting, nor for an
 * interrupted run, whose record and line the interruption wrote), and the console's closing lines.
 *
 * @param kind   how it ended
 * @param reason why, in one line
 * @param trace  the fault to trace on stderr, or null
 */
record RunEnding(
        Kind kind, @Nullable String reason, @Nullable Throwable trace) {

    /** How a run ended short, and whether its figures survive it. */
    enum Kind {
        LOST("was lost", "RUN LOST, no figures"),
        STOPPED("stopped", "RUN STOPPED, no figures"),
        INTERRUPTED("was interrupted", "RUN INTERRUPTED, no figures"),
        /** Its figures were reported, but its own files could not be written (a full disk). */
        UNSAVED("could not be saved", "RUN NOT SAVED, figures only in the test reports"),
        /** Another run held its output folder: it wrote nothing there. */
        NOT_STARTED("did not start", "RUN NOT STARTED, no figures"),
        /** It failed after its figures were written: summary.json keeps them. */
        AFTER_FIGURES("failed after its figures", "RUN INCOMPLETE, figures kept");

        final String what;
        final String headline;

        Kind(String what, String headline) {
            this.what = what;
            this.headline = headline;
        }
    }

    /** The line the console's closing lines give it. */
    String closingLine(SuiteNode suite) {
        return kind.headline + ": " + suite.getDisplayName() + ": " + reason;
    }

    /** Says it on stderr, as a failed test and in summary.json; the engine repeats it in the console's closing lines. */
    void report(SuiteRun run, Children children) {
        if (kind != Kind.INTERRUPTED) {
            Console.err().println("adammeme: the run of " + run.suiteName() + " " + kind.what + ": " + reason);
            if (trace != null) {
                Console.err().println(Secrets.redactedStackTrace(trace));
            }
        }
        Path summary = run.config().outputs().directory().resolve(EvaluationWriter.SUMMARY);
        String figures = switch (kind) {
            case AFTER_FIGURES -> "its figures are in " + summary;
            case UNSAVED -> "its figures are in the tests above and on the console, not in " + summary;
            case NOT_STARTED -> "nothing of it was written to " + summary.getParent();
            default -> "no figures were computed; see " + summary;
        };
        children.runEvenIfLost(new AdamMemeNode.RunLostNode(run.suite(), kind.what)
                .testing(() -> TestExecutionResult.failed(
                        new RunLostException("the AdamMeme run " + kind.what + ": " + reason + "; " + figures))));
        // A finished run's summary is never written over, nor another run's; an interrupted run's the interruption
        // wrote.
        if (kind == Kind.LOST || kind == Kind.STOPPED || kind == Kind.UNSAVED) {
            run.outputs().recordLoss(reason);
        }
    }

    /** The exception the suite fails with. */
    RunLostException failure() {
        return new RunLostException("the AdamMeme run " + kind.what + ": " + reason);
    }

    /** The run ended short: what it would have reported is missing, or not where it belongs. */
    static final class RunLostException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RunLostException(String message) {
            super(ReportText.plain(message));
        }
    }
}
