package io.github.adammeme.internal.summary.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.summary.JudgeAgreement;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The judge-agreement test's verdict on a run's figures: reported, and failed below
 * {@code adammeme.judge.min-kappa} when that is set. The engine gives it on a run, and a merge of shards
 * gives it again on the whole run, since each shard's verdict rests on its part only.
 *
 * @param status  passed, failed, or not enough evidence (which fails or is skipped, as the gates' setting says)
 * @param message the figures and, where it failed, why
 */
@API(status = INTERNAL, since = "0.1.0")
public record JudgeVerdict(Status status, String message) {

    /** What became of the test. */
    public enum Status {
        /** reported, or at or above the minimum */
        PASSED,
        /** below the minimum */
        FAILED,
        /** too few compared samples, or every one on one side of the threshold, for a minimum to be judged */
        NOT_ENOUGH_EVIDENCE
    }

    /**
     * @param judge      the run's judge agreement
     * @param threshold  the score threshold
     * @param minKappa   the minimum kappa, when one is set
     * @param minSamples the compared samples a minimum needs ({@code adammeme.gate.min-samples})
     * @return the verdict
     */
    public static JudgeVerdict of(JudgeAgreement judge, double threshold, Optional<Double> minKappa, int minSamples) {
        String message = "judge agreement: " + judge.describe(threshold);
        if (minKappa.isEmpty()) {
            return new JudgeVerdict(Status.PASSED, message);
        }
        double min = minKappa.get();
        if (judge.kappa() == null || judge.compared() < minSamples) {
            return new JudgeVerdict(
                    Status.NOT_ENOUGH_EVIDENCE,
                    message + "; not enough evidence for "
                            + Constants.JUDGE_MIN_KAPPA + " = " + min + ": n = " + judge.compared() + ", needs "
                            + minSamples
                            + " (" + Constants.GATE_MIN_SAMPLES + ") with both sides of the threshold");
        }
        return judge.kappa() < min
                ? new JudgeVerdict(Status.FAILED, message + ", below " + Constants.JUDGE_MIN_KAPPA + " = " + min)
                : new JudgeVerdict(Status.PASSED, message);
    }
}
