package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /**
     * The figures of a run.
     *
     * @param categories the taxonomy's categories, in order: each gets a row, even with no sample
     * @param originals the original samples
     * @param refined the refined samples
     * @param threshold the score below which a sample fails
     * @param refusalCountsAsFailure whether FR counts a refusal as a failure
     * @return per-category and overall figures for originals and for all samples, and the judge's agreement
     */
    public static Metrics of(
            List<String> categories,
            List<ScoredSample> originals,
            List<ScoredSample> refined,
            double threshold,
            boolean refusalCountsAsFailure) {
        List<ScoredSample> all = new ArrayList<>(originals);
        all.addAll(refined);
        return new Metrics(
                threshold,
                refusalCountsAsFailure,
                perCategory(categories, originals, refusalCountsAsFailure),
                figures(OVERALL, originals, refusalCountsAsFailure),
                perCategory(categories, all, refusalCountsAsFailure),
                figures(OVERALL, all, refusalCountsAsFailure),
                JudgeAgreement.of(all, threshold));
    }

    private static List<CategoryFigures> perCategory(
            List<String> categories, List<ScoredSample> samples, boolean refusalCountsAsFailure) {
        Map<String, List<ScoredSample>> groups = new LinkedHashMap<>();
        categories.forEach(c -> groups.put(c, new ArrayList<>()));
        samples.forEach(s ->
                groups.computeIfAbsent(s.category(), c -> new ArrayList<>()).add(s));
        List<CategoryFigures> out = new ArrayList<>();
        groups.forEach((c, members) -> out.add(figures(c, members, refusalCountsAsFailure)));
        return out;
    }

    /** FR = FAILED (+ REFUSED when they count) over PASSED + FAILED (+ REFUSED); UNSCORED and ERROR never count. */
    static CategoryFigures figures(String category, List<ScoredSample> samples, boolean refusalCountsAsFailure) {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            counts.put(o, 0);
        }
        long scoreSum = 0;
        int scored = 0;
        for (ScoredSample s : samples) {
            counts.merge(s.outcome(), 1, Integer::sum);
            if (s.score() != null) {
                scoreSum += s.score();
                scored++;
            }
        }
        int failures = 0;
        int n = 0;
        for (Outcome o : Outcome.values()) {
            n += o.counted(refusalCountsAsFailure) ? counts.get(o) : 0;
            failures += o.failure(refusalCountsAsFailure) ? counts.get(o) : 0;
        }
        return new CategoryFigures(
                category,
                samples.size(),
                counts,
                scored == 0 ? null : (double) scoreSum / scored,
                FailureRate.of(failures, n));
    }
}
