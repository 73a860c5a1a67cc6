package io.github.adammeme.internal.agent.refusal;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.RefusalChecker;
import io.github.adammeme.internal.agent.answer.RefusalScreen;
import io.github.adammeme.internal.agent.answer.Verdict;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;

/**
 * Tells a target that declined from a target that analysed: the {@link RefusalScreen} proposes,
 * the {@link RefusalChecker} decides. An answer the screen lets through is an analysis; a candidate
 * is a refusal only when the checker says so, and when the checker gives no usable answer the
 * question stays open (the sample is an ERROR), because nothing is decided by default.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RefusalDetector {

    /** What the detector concluded about one answer. */
    public record Decision(Kind kind, String reason) {

        /** The three things the detector can conclude. */
        public enum Kind {
            /** the answer does the task */
            ANALYSIS,
            /** the refusal check confirmed that the answer declines the task */
            REFUSAL,
            /** the refusal check gave no usable answer, so it is not known */
            UNDECIDED
        }

        static Decision analysis(String reason) {
            return new Decision(Kind.ANALYSIS, reason);
        }
    }

    private final RefusalChecker checker;

    /** @param checker the refusal check that decides the answers the screen proposes */
    public RefusalDetector(RefusalChecker checker) {
        this.checker = checker;
    }

    /**
     * Decides whether one answer declined the task.
     *
     * @param category the category the answer was asked about
     * @param answer the answer, whole
     * @return an analysis, a confirmed refusal, or undecided when the check gave no usable answer
     */
    public CompletableFuture<Decision> detect(String category, String answer) {
        if (!RefusalScreen.candidate(answer)) {
            return CompletableFuture.completedFuture(Decision.analysis("the screen found no sign of a refusal"));
        }
        return checker.check(category, answer).thenApply(verdict -> {
            if (!verdict.ok()) {
                return new Decision(
                        Decision.Kind.UNDECIDED,
                        "the refusal check gave no usable answer (" + verdict.status() + ": " + verdict.failure()
                                + "), so whether the target declined is not known");
            }
            Verdict read = Objects.requireNonNull(verdict.value(), "an OK answer holds its value");
            return read.yes()
                    ? new Decision(Decision.Kind.REFUSAL, "the refusal check confirmed it: " + read.reason())
                    : Decision.analysis("the refusal check read it as an analysis: " + read.reason());
        });
    }
}
