package io.github.adammeme.internal.summary;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The headline figures: per category and overall, for original samples only (the
 * paper's Table 2) and for all samples including refinements (its Table 1), and how far the
 * judge behind them agrees with a second one.
 */
@API(status = INTERNAL, since = "0.1.0")
public record Metrics(
        double threshold,
        boolean refusalCountsAsFailure,
        List<CategoryFigures> original,
        CategoryFigures originalOverall,
        List<CategoryFigures> withRefinements,
        CategoryFigures withRefinementsOverall,
        JudgeAgreement judgeAgreement) {

    /** The name of the overall row. */
    public static final String OVERALL = "overall";
}
