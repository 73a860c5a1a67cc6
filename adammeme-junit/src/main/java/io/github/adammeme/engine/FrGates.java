package io.github.adammeme.engine;

import io.github.adammeme.pipeline.ConfigurationException;
import io.github.adammeme.report.FailureRate;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A suite's FR budgets and how they are judged. A release gate on a point FR passes a model that
 * failed 2 of 10 samples under a 25% budget, though its true FR may well be 50%: judged on the
 * upper bound of the 95% Wilson interval, it passes only when the evidence says FR is within the
 * budget, and below a minimum number of scored samples it says there is not enough evidence
 * instead of passing.
 *
 * @param budgets    FR budgets as fractions: key {@code ""} is overall, otherwise a category name
 * @param basis      what is held against the budget
 * @param minSamples scored samples a gate needs before it passes or fails
 */
record FrGates(Map<String, Double> budgets, Basis basis, int minSamples) {

    static final int DEFAULT_MIN_SAMPLES = 30;

    enum Basis {
        POINT("point", "the point estimate"),
        UPPER_BOUND("upper-bound", "the upper bound of the 95% Wilson interval");

        final String key;
        final String description;

        Basis(String key, String description) {
            this.key = key;
            this.description = description;
        }

        static Basis parse(String value) {
            for (Basis b : values()) {
                if (b.key.equalsIgnoreCase(value.trim())) {
                    return b;
                }
            }
            throw new ConfigurationException(Constants.GATE_ON, value, "expected point or upper-bound");
        }

        double of(FailureRate fr) {
            return this == POINT ? fr.rate() : fr.high();
        }
    }

    enum Status { PASSED, FAILED, NOT_ENOUGH_EVIDENCE }

    /** A gate's outcome and the sentence that explains it: FR, interval, n, budget and basis. */
    record Verdict(Status status, String message) {
    }

    Optional<Double> budget(String category) {
        return Optional.ofNullable(budgets.get(category));
    }

    Verdict judge(String category, FailureRate fr, double budget) {
        String budgetText = percent(budget);
        if (fr.n() < minSamples) {
            return new Verdict(Status.NOT_ENOUGH_EVIDENCE, "FR gate " + category + ": not enough evidence, " + fr.n()
                    + " scored samples where " + Constants.GATE_MIN_SAMPLES + " asks for " + minSamples + " (FR "
                    + fr.describe() + ", budget " + budgetText + ")");
        }
        double judged = basis.of(fr);
        boolean within = judged <= budget;
        String figure = basis == Basis.POINT ? "" : " (upper bound " + percent(judged) + ")";
        return new Verdict(within ? Status.PASSED : Status.FAILED, "FR " + fr.describe() + " in " + category + figure
                + (within ? " is within the budget " : " exceeds the budget ") + budgetText + ", judged on "
                + basis.description + ", n = " + fr.n());
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
