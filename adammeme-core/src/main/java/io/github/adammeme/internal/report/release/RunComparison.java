package io.github.adammeme.internal.report.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import io.github.adammeme.internal.summary.release.FrChange;
import io.github.adammeme.internal.text.ReportText;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import org.apache.commons.statistics.inference.BinomialTest;
import org.apache.commons.statistics.inference.ChiSquareTest;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * This run against a baseline, per category and overall: FR and average score before and now, and
 * whether the change in FR is more than chance. Samples both runs scored (same id, same text and
 * picture) are paired, and the exact McNemar test asks whether pass-to-fail and fail-to-pass flips
 * are balanced; with no such pairs, a chi-square test on the two FRs (the two-proportion test).
 * FR counts refusals as failures when this run does. The categories' p-values are adjusted together
 * (Holm's method): with six categories each tested at 5%, an unchanged model would otherwise be called
 * regressed somewhere in one run of four. A category neither run scored is no comparison at all.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RunComparison {

    private RunComparison() {}

    /**
     * Compares this run with its baseline per category, then overall.
     *
     * @param now this run
     * @param baseline the earlier run
     * @param alpha the significance level below which a change is a regression or an improvement
     * @param minSamples the counted samples each run needs in a category before no change is called unchanged
     * @return one change per category of either run, then the overall one
     */
    public static List<FrChange> compare(Evaluation now, Baseline baseline, double alpha, int minSamples) {
        List<Baseline.Sample> current = new ArrayList<>();
        for (ScoredSample s : now.samples()) {
            current.add(asSample(s));
        }
        for (ScoredSample s : now.refinedSamples()) {
            current.add(asSample(s));
        }
        Set<String> categories = new LinkedHashSet<>();
        now.metrics().withRefinements().forEach(f -> categories.add(f.category()));
        return compare(
                current, baseline.samples(), categories, now.metrics().refusalCountsAsFailure(), alpha, minSamples);
    }

    /**
     * Two runs' samples compared per category (those given, then any only the earlier run has) and overall.
     *
     * @param now           the later run's samples
     * @param before        the earlier run's samples
     * @param categoriesNow the later run's categories, in its order
     * @param refusalFails  whether a refusal counts as a failure
     * @param alpha         the significance level
     * @param minSamples    the counted samples each run needs in a category before no change is called unchanged
     * @return one change per category, then overall
     */
    public static List<FrChange> compare(
            List<Baseline.Sample> now,
            List<Baseline.Sample> before,
            Collection<String> categoriesNow,
            boolean refusalFails,
            double alpha,
            int minSamples) {
        Set<String> categories = new LinkedHashSet<>(categoriesNow);
        before.forEach(s -> categories.add(s.category()));
        List<Tested> tested = new ArrayList<>();
        for (String category : categories) {
            List<Baseline.Sample> inNow =
                    now.stream().filter(s -> s.category().equals(category)).toList();
            List<Baseline.Sample> inBefore =
                    before.stream().filter(s -> s.category().equals(category)).toList();
            // A category the taxonomy has but neither run scored a sample of has nothing to compare.
            if (!inNow.isEmpty() || !inBefore.isEmpty()) {
                tested.add(test(category, inNow, inBefore, refusalFails));
            }
        }
        double[] adjusted = holm(tested.stream().mapToDouble(Tested::p).toArray());
        List<FrChange> out = new ArrayList<>();
        for (int i = 0; i < tested.size(); i++) {
            out.add(tested.get(i).change(adjusted[i], alpha, minSamples));
        }
        Tested overall = test(Metrics.OVERALL, now, before, refusalFails);
        out.add(overall.change(overall.p(), alpha, minSamples));
        return out;
    }

    /**
     * Holm's step-down adjustment: the smallest p-value times the number of tests, the next times one fewer, each
     * at least its predecessor's, at most 1. It holds the chance of calling any unchanged category changed to alpha.
     */
    static double[] holm(double[] p) {
        Integer[] order = new Integer[p.length];
        for (int i = 0; i < p.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(p[a], p[b]));
        double[] adjusted = new double[p.length];
        double running = 0;
        for (int rank = 0; rank < order.length; rank++) {
            running = Math.max(running, Math.min(1, (p.length - rank) * p[order[rank]]));
            adjusted[order[rank]] = running;
        }
        return adjusted;
    }

    private static Baseline.Sample asSample(ScoredSample s) {
        return new Baseline.Sample(s.id(), s.category(), s.text(), s.image(), s.outcome(), s.score());
    }

    /** A category's figures and test, before its p-value is adjusted for the others and a verdict drawn. */
    private record Tested(
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
            int direction) {

        FrChange change(double adjusted, double alpha, int minSamples) {
            FrChange.Verdict verdict = adjusted >= alpha || direction == 0
                    ? FrChange.Verdict.UNCHANGED
                    : direction > 0 ? FrChange.Verdict.REGRESSED : FrChange.Verdict.IMPROVED;
            // A change the test shows is shown whatever the sample size; the absence of one, on a handful of samples
            // (or none: a broken baseline), says nothing, and must not pass as "unchanged".
            if (verdict == FrChange.Verdict.UNCHANGED && Math.min(before.n(), now.n()) < minSamples) {
                verdict = FrChange.Verdict.NOT_ENOUGH_EVIDENCE;
            }
            return new FrChange(
                    category,
                    before,
                    now,
                    averageBefore,
                    averageNow,
                    pairs,
                    regressed,
                    improved,
                    test,
                    p,
                    adjusted,
                    verdict);
        }
    }

    private static Tested test(
            String category, List<Baseline.Sample> now, List<Baseline.Sample> before, boolean refusalFails) {
        Map<String, Baseline.Sample> earlier = new LinkedHashMap<>();
        before.forEach(s -> earlier.put(s.id(), s));
        int pairs = 0;
        int regressed = 0;
        int improved = 0;
        for (Baseline.Sample s : now) {
            Baseline.Sample b = earlier.get(s.id());
            // A refinement's id names its chain and step; only the same text on the same picture is the same sample.
            if (b == null || !Objects.equals(b.text(), s.text()) || !Objects.equals(b.image(), s.image())) {
                continue;
            }
            if (!b.outcome().counted(refusalFails) || !s.outcome().counted(refusalFails)) {
                continue;
            }
            boolean failedBefore = b.outcome().failure(refusalFails);
            boolean failedNow = s.outcome().failure(refusalFails);
            pairs++;
            if (!failedBefore && failedNow) {
                regressed++;
            } else if (failedBefore && !failedNow) {
                improved++;
            }
        }
        FailureRate frBefore =
                rate(before.stream().map(Baseline.Sample::outcome).toList(), refusalFails);
        FailureRate frNow = rate(now.stream().map(Baseline.Sample::outcome).toList(), refusalFails);
        String test;
        double p;
        int direction;
        if (pairs > 0) {
            int discordant = regressed + improved;
            p = discordant == 0
                    ? 1.0
                    : BinomialTest.withDefaults()
                            .test(discordant, regressed, 0.5)
                            .getPValue();
            test = "McNemar exact test on " + pairs + " paired samples (" + regressed + " passed before and fail now, "
                    + improved + " the reverse)";
            direction = Integer.compare(regressed, improved);
        } else {
            p = twoProportions(frBefore, frNow);
            test = "two-proportion chi-square test (no sample scored in both runs)";
            direction =
                    frBefore.rate() == null || frNow.rate() == null ? 0 : Double.compare(frNow.rate(), frBefore.rate());
        }
        return new Tested(
                category,
                frBefore,
                frNow,
                average(before.stream().map(Baseline.Sample::score).toList()),
                average(now.stream().map(Baseline.Sample::score).toList()),
                pairs,
                regressed,
                improved,
                test,
                p,
                direction);
    }

    /**
     * The comparison as a markdown table, for baseline.md and the report.
     *
     * @param target this run's target
     * @param baseline the earlier run
     * @param alpha the significance level
     * @param changes the changes, as {@link #compare} gave them
     * @return the Markdown
     */
    public static String markdown(String target, Baseline baseline, double alpha, Collection<FrChange> changes) {
        return markdown(target, "", baseline, alpha, changes);
    }

    /**
     * The comparison as a markdown table, led by what each run's target answers were.
     *
     * @param target   this run's target
     * @param identity what this run's target answers belonged to and who gave them, or empty
     * @param baseline the earlier run
     * @param alpha    the significance level
     * @param changes  the changes, as {@link #compare} gave them
     * @return the Markdown
     */
    public static String markdown(
            String target, String identity, Baseline baseline, double alpha, Collection<FrChange> changes) {
        StringBuilder md = new StringBuilder("# ")
                .append(ReportText.markdown(target))
                .append(" against ")
                .append(ReportText.markdown(baseline.target()))
                .append("\n\nThis run's target answers: ")
                .append(ReportText.markdown(identity.isEmpty() ? "not recorded" : identity))
                .append("\n\nBaseline: ")
                .append(ReportText.markdown(baseline.source()))
                .append(" · its target answers: ")
                .append(ReportText.markdown(baseline.identity().isEmpty() ? "not recorded" : baseline.identity()))
                .append("\n\nSignificance level ")
                .append(alpha)
                .append("; the categories' p-values adjusted together" + " (Holm), the overall one not.")
                .append(
                        "\n\n| category | FR before | FR now | change | avg score before | avg score now | test | p | verdict |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
        for (FrChange c : changes) {
            md.append("| ")
                    .append(ReportText.markdown(c.category()))
                    .append(" | ")
                    .append(c.before().describe())
                    .append(" | ")
                    .append(c.now().describe())
                    .append(" | ")
                    .append(FailureRate.pointsChange(c.before().rate(), c.now().rate()))
                    .append(" | ")
                    .append(FrChange.number(c.averageBefore()))
                    .append(" | ")
                    .append(FrChange.number(c.averageNow()))
                    .append(" | ")
                    .append(
                            c.pairs() > 0
                                    ? "McNemar, " + c.pairs() + " pairs (" + c.regressed() + " worse, " + c.improved()
                                            + " better)"
                                    : "two-proportion")
                    .append(" | ")
                    .append(c.pValues())
                    .append(" | ")
                    .append(c.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '))
                    .append(" |\n");
        }
        return md.toString();
    }

    private static FailureRate rate(List<Outcome> outcomes, boolean refusalFails) {
        int failures = 0;
        int n = 0;
        for (Outcome o : outcomes) {
            if (o.counted(refusalFails)) {
                n++;
                failures += o.failure(refusalFails) ? 1 : 0;
            }
        }
        return FailureRate.of(failures, n);
    }

    private static double twoProportions(FailureRate a, FailureRate b) {
        if (a.n() == 0 || b.n() == 0) {
            return 1.0;
        }
        int failures = a.failures() + b.failures();
        int passes = a.n() - a.failures() + b.n() - b.failures();
        if (failures == 0 || passes == 0) {
            return 1.0; // every sample failed, or none did, in both runs together: nothing differs
        }
        long[][] table = {{a.failures(), a.n() - a.failures()}, {b.failures(), b.n() - b.failures()}};
        return ChiSquareTest.withDefaults().test(table).getPValue();
    }

    private static @Nullable Double average(List<Integer> scores) {
        OptionalDouble mean = scores.stream()
                .filter(Objects::nonNull)
                .mapToInt(Integer::intValue)
                .average();
        return mean.isPresent() ? mean.getAsDouble() : null;
    }
}
