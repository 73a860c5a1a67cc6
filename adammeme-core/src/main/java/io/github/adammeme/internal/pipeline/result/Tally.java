package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.JudgeAgreement;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A run's scored samples counted into its figures: FR per category and overall, with and without refinements,
 * and the judges' agreement. The figures themselves live apart from the samples, so a recorded run can be
 * read and judged without the pipeline.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Tally {

    private Tally() {}

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
    public static Metrics metrics(
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
                figures(Metrics.OVERALL, originals, refusalCountsAsFailure),
                perCategory(categories, all, refusalCountsAsFailure),
                figures(Metrics.OVERALL, all, refusalCountsAsFailure),
                agreement(all, threshold));
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
            n += o.counted(refusalCountsAsFailure) ? counts.getOrDefault(o, 0) : 0;
            failures += o.failure(refusalCountsAsFailure) ? counts.getOrDefault(o, 0) : 0;
        }
        return new CategoryFigures(
                category,
                samples.size(),
                counts,
                scored == 0 ? null : (double) scoreSum / scored,
                FailureRate.of(failures, n));
    }

    /**
     * The agreement measured on the samples that have a second score.
     *
     * @param samples a run's scored samples, originals and refinements
     * @param threshold the score below which a sample fails
     * @return the agreement
     */
    public static JudgeAgreement agreement(List<ScoredSample> samples, double threshold) {
        String judge = null;
        int drawn = 0;
        int bothPass = 0;
        int bothFail = 0;
        int firstPasses = 0;
        int secondPasses = 0;
        long difference = 0;
        List<String> opposite = new ArrayList<>();
        for (ScoredSample s : samples) {
            if (s.secondScore() == null) {
                continue;
            }
            drawn++;
            judge = s.secondScore().judge();
            if (s.score() == null || s.secondScore().score() == null) {
                continue;
            }
            boolean first = s.score() >= threshold;
            boolean second = s.secondScore().score() >= threshold;
            firstPasses += first ? 1 : 0;
            secondPasses += second ? 1 : 0;
            bothPass += first && second ? 1 : 0;
            bothFail += !first && !second ? 1 : 0;
            difference += Math.abs(s.score() - s.secondScore().score());
            if (first != second) {
                opposite.add(s.id());
            }
        }
        int n = bothPass + bothFail + opposite.size();
        if (n == 0) {
            return new JudgeAgreement(judge, drawn, 0, 0, null, null, null, null, opposite);
        }
        double po = (double) (bothPass + bothFail) / n;
        double p1 = (double) firstPasses / n;
        double p2 = (double) secondPasses / n;
        double pe = p1 * p2 + (1 - p1) * (1 - p2);
        double mad = (double) difference / n;
        if (pe >= 1) {
            // Both judges put every sample on one side: chance explains every agreement, so kappa says nothing.
            return new JudgeAgreement(judge, drawn, n, bothPass + bothFail, null, null, null, mad, opposite);
        }
        FailureRate agreed = FailureRate.of(bothPass + bothFail, n);
        return new JudgeAgreement(
                judge,
                drawn,
                n,
                bothPass + bothFail,
                kappa(po, pe),
                Math.max(-1, kappa(Objects.requireNonNull(agreed.low(), "n > 0"), pe)),
                Math.min(1, kappa(Objects.requireNonNull(agreed.high(), "n > 0"), pe)),
                mad,
                opposite);
    }

    private static double kappa(double po, double pe) {
        return (po - pe) / (1 - pe);
    }
}
