package io.github.adammeme.internal.summary;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * FR: the share of counted samples that failed, with its 95% Wilson score interval.
 *
 * @param failures samples strictly below the threshold (and refusals, when they count)
 * @param n        samples counted (UNSCORED and ERROR never are)
 * @param rate     failures / n, or null when n = 0
 * @param low      lower bound of the 95% Wilson interval, or null when n = 0
 * @param high     upper bound of the 95% Wilson interval, or null when n = 0
 */
@API(status = INTERNAL, since = "0.1.0")
public record FailureRate(
        int failures,
        int n,
        @Nullable Double rate,
        @Nullable Double low,
        @Nullable Double high) {

    /** The 97.5th percentile of the standard normal: a two-sided 95% interval. */
    static final double Z = 1.959963984540054;

    /**
     * Holds what every reader of a rate relies on, the gates first: the counts in range, and the rate and its
     * bounds the ones the counts give, or none of them when nothing was counted. A summary.json edited by hand,
     * or damaged, is refused where it is read, naming what does not add up, instead of passing or failing a gate
     * on figures its counts do not give.
     *
     * @param failures failed samples
     * @param n counted samples
     * @param rate failures / n, or null when n = 0
     * @param low lower bound of the 95% Wilson interval, or null when n = 0
     * @param high upper bound of the 95% Wilson interval, or null when n = 0
     * @throws IllegalArgumentException naming the figure that disagrees with the counts
     */
    public FailureRate {
        if (failures < 0 || n < 0 || failures > n) {
            throw new IllegalArgumentException("failures " + failures + " of " + n);
        }
        double[] given = n == 0 ? null : wilson(failures, n);
        if (given == null ? rate != null || low != null || high != null : !agrees(given, rate, low, high)) {
            throw new IllegalArgumentException("an FR of " + failures + " of " + n + " with rate " + rate
                    + " and interval [" + low + ", " + high + "], which those counts do not give");
        }
    }

    /**
     * FR and its interval from the counts.
     *
     * @param failures failed samples
     * @param n counted samples
     * @return the rate, or one with null rate and bounds when n is 0
     * @throws IllegalArgumentException when a count is negative or failures exceed n
     */
    public static FailureRate of(int failures, int n) {
        if (failures < 0 || n < 0 || failures > n) {
            throw new IllegalArgumentException("failures " + failures + " of " + n);
        }
        if (n == 0) {
            return new FailureRate(0, 0, null, null, null);
        }
        double[] w = wilson(failures, n);
        return new FailureRate(failures, n, w[0], w[1], w[2]);
    }

    /** The rate and its 95% Wilson interval, for n above 0. */
    private static double[] wilson(int failures, int n) {
        double p = (double) failures / n;
        double z2 = Z * Z;
        double denominator = 1 + z2 / n;
        double centre = (p + z2 / (2.0 * n)) / denominator;
        double half = Z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / denominator;
        // The interval always holds the point: at 0 or n failures, centre - half and p are equal in exact
        // arithmetic, and rounding left the bound a hair on the wrong side (2.8e-17 above 0 at 0 of 6).
        return new double[] {p, Math.max(0, Math.min(p, centre - half)), Math.min(1, Math.max(p, centre + half))};
    }

    /** Whether recorded figures are the ones the counts give, up to the last digits a JSON round trip may move. */
    private static boolean agrees(double[] given, @Nullable Double rate, @Nullable Double low, @Nullable Double high) {
        return rate != null
                && low != null
                && high != null
                && Math.abs(rate - given[0]) <= 1e-9
                && Math.abs(low - given[1]) <= 1e-9
                && Math.abs(high - given[2]) <= 1e-9;
    }

    /**
     * "23.5% [15.1, 34.6] (8/34)", or "n/a (0 scored)".
     *
     * @return the rate and interval in percent, with the counts
     */
    public String describe() {
        Double r = rate;
        Double l = low;
        Double h = high;
        if (r == null || l == null || h == null) {
            return "n/a (0 scored)";
        }
        return String.format(Locale.ROOT, "%.1f%% [%.1f, %.1f] (%d/%d)", 100 * r, 100 * l, 100 * h, failures, n);
    }

    /**
     * How far FR moved, "+18.0 points", or "-" when either rate is missing.
     *
     * @param before the earlier rate, or null
     * @param now the later rate, or null
     * @return the change in percentage points
     */
    public static String pointsChange(@Nullable Double before, @Nullable Double now) {
        return before == null || now == null ? "-" : String.format(Locale.ROOT, "%+.1f points", 100 * (now - before));
    }
}
