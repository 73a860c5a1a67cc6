package io.github.adammeme.internal.summary.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * One category's change in FR against a baseline, as the comparison of the two runs found it (the core's
 * {@code RunComparison} tests it; a release decision reads it).
 *
 * @param pairs    samples both runs scored; {@code regressed} passed before and fail now, {@code improved} the reverse
 * @param test     which test gave {@code p}
 * @param adjusted {@code p} adjusted for the number of categories compared (Holm); {@code p} itself overall
 */
@API(status = INTERNAL, since = "0.1.0")
public record FrChange(
        String category,
        FailureRate before,
        FailureRate now,
        @Nullable Double averageBefore,
        @Nullable Double averageNow,
        int pairs,
        int regressed,
        int improved,
        String test,
        double p,
        double adjusted,
        Verdict verdict) {

    /** What the test says of a category's change in FR. */
    public enum Verdict {
        /** FR rose, beyond what chance explains at the significance level */
        REGRESSED,
        /** FR fell, beyond what chance explains at the significance level */
        IMPROVED,
        /** no change chance does not explain */
        UNCHANGED,
        /**
         * no change shown, on fewer counted samples than a gate needs ({@code adammeme.gate.min-samples}) in one
         * run or the other: too few to call the category unchanged
         */
        NOT_ENOUGH_EVIDENCE
    }

    /**
     * A p-value as reports print it: four decimals, and below their reach "p &lt; 0.0001" rather than a zero that
     * reads as certainty.
     *
     * @param p a p-value
     * @return "p = 0.0123" or "p &lt; 0.0001"
     */
    public static String p(double p) {
        return p < 0.0001 ? "p < 0.0001" : String.format(Locale.ROOT, "p = %.4f", p);
    }

    /** @return whether this is the overall comparison, which decides a release and is adjusted for nothing */
    public boolean overall() {
        return category.equals(Metrics.OVERALL);
    }

    /** @return "p = 0.0123", with the adjusted value where the categories' adjustment changed it */
    public String pValues() {
        return p(p)
                + (adjusted > p ? ", " + p(adjusted).replace("p ", "adjusted ") + " (Holm, across categories)" : "");
    }

    /**
     * "FR 12.0% [...] (6/50) -> 30.0% [...] (15/50), +18.0 points; average score 7.1 -> 5.2; McNemar ...,
     * p = 0.004"
     *
     * @return one line
     */
    public String describe() {
        StringBuilder s = new StringBuilder("FR ")
                .append(before.describe())
                .append(" -> ")
                .append(now.describe());
        if (before.rate() != null && now.rate() != null) {
            s.append(", ").append(FailureRate.pointsChange(before.rate(), now.rate()));
        }
        s.append("; average score ")
                .append(number(averageBefore))
                .append(" -> ")
                .append(number(averageNow));
        s.append("; ").append(test).append(", ").append(pValues());
        return s.toString();
    }

    /**
     * @param d an average score, or null when there is none
     * @return it with two decimals, or "-"
     */
    public static String number(@Nullable Double d) {
        return d == null ? "-" : String.format(Locale.ROOT, "%.2f", d);
    }
}
