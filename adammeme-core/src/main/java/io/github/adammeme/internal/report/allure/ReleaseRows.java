package io.github.adammeme.internal.report.allure;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.JudgeAgreement;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.release.FrChange;
import io.github.adammeme.internal.summary.release.FrGates;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.summary.release.ReleaseDecision.Check;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The release decision as rows of Allure's Environment panel, read on the overview without clicking: the verdict,
 * then one row per check with its status and the figure that decided it ("FR gate overall" = "FAILED · FR 54.0% &gt;
 * 25.0%, n = 158"). The sentences behind them are the check tests' messages, a click away.
 *
 * @param metrics  the run's figures
 * @param gates    the FR budgets and how they are judged
 * @param changes  the comparison with the baseline, per category and overall, when one is set
 * @param minKappa the judge agreement the judge check holds, when set
 */
@API(status = INTERNAL, since = "0.1.0")
public record ReleaseRows(
        Metrics metrics, FrGates gates, Optional<Map<String, FrChange>> changes, Optional<Double> minKappa) {

    /** The verdict's row, first of those {@link #of} gives. */
    public static final String VERDICT = "release decision";

    /**
     * @param decision what the figures decided
     * @return the verdict row, then a row per check, named as its test is
     */
    public Map<String, String> of(ReleaseDecision decision) {
        Map<String, String> rows = new LinkedHashMap<>();
        List<Check> checks = decision.checks();
        long blocking = checks.stream().filter(Check::blocks).count();
        rows.put(
                VERDICT,
                switch (decision.verdict()) {
                    case PASSED -> "PASSED (" + checks.size() + (checks.size() == 1 ? " check)" : " checks)");
                    case FAILED ->
                        "FAILED (" + blocking + " of " + checks.size() + (checks.size() == 1 ? " check)" : " checks)");
                    case UNDECIDED -> "none: no check set (" + Constants.GATE_MAX_FR + ", " + Constants.BASELINE + ")";
                    case NOT_SCORED -> "none: a mining-only run scores nothing";
                });
        // What failed first, then the whole run's checks, then the rest; a category only reported comes last: the
        // overview shows five rows before a click.
        List<Check> ordered = checks.stream()
                .sorted(Comparator.comparing((Check c) -> !c.blocks())
                        .thenComparing(c -> !c.category().equals(Metrics.OVERALL))
                        .thenComparing(c -> c.status() != ReleaseDecision.Status.PASSED))
                .toList();
        for (Check c : ordered) {
            rows.put(c.label(), status(c) + " · " + figure(c));
        }
        return rows;
    }

    private static String status(Check c) {
        return switch (c.status()) {
            case PASSED -> "PASSED";
            case FAILED -> "FAILED";
            case NOT_ENOUGH_EVIDENCE -> c.blocks() ? "FAILED, not enough evidence" : "SKIPPED, not enough evidence";
        };
    }

    private String figure(Check c) {
        return switch (c.kind()) {
            case GATE -> gate(c);
            case BASELINE -> baseline(c);
            case JUDGE -> judge(metrics.judgeAgreement());
        };
    }

    private String gate(Check c) {
        Optional<CategoryFigures> figures = figures(c.category());
        Optional<Double> budget = budget(c.category());
        if (figures.isEmpty() || budget.isEmpty()) {
            return "the run has no category " + c.category();
        }
        CategoryFigures all = figures.get();
        FailureRate fr = all.fr();
        int left = all.samples() - fr.n();
        if (all.samples() > 0 && (double) left / all.samples() > gates.maxUncounted()) {
            return left + " of " + all.samples() + " samples uncounted, at most " + percent(gates.maxUncounted());
        }
        Double rate = fr.rate();
        Double high = fr.high();
        if (fr.n() < gates.minSamples() || rate == null || high == null) {
            return "n = " + fr.n() + ", needs " + gates.minSamples();
        }
        boolean upper = gates.bound() == FrGates.Bound.UPPER_BOUND;
        double judged = upper ? high : rate;
        String which =
                (gates.basis() == FrGates.Basis.ORIGINALS ? "FR originals " : "FR ") + (upper ? "upper bound " : "");
        return which + percent(judged) + (judged <= budget.get() ? " ≤ " : " > ") + percent(budget.get()) + ", n = "
                + fr.n();
    }

    /** The figures a gate on this category holds: with refinements or on the originals, as the gates' basis says. */
    private Optional<CategoryFigures> figures(String category) {
        if (category.equals(Metrics.OVERALL)) {
            return Optional.of(gates.basis().of(metrics.withRefinementsOverall(), metrics.originalOverall()));
        }
        for (int i = 0; i < metrics.withRefinements().size(); i++) {
            if (metrics.withRefinements().get(i).category().equalsIgnoreCase(category)) {
                return Optional.of(gates.basis()
                        .of(metrics.withRefinements().get(i), metrics.original().get(i)));
            }
        }
        return Optional.empty();
    }

    /** A category's budget, whose key may spell the category in another case. */
    private Optional<Double> budget(String category) {
        String key = category.equals(Metrics.OVERALL) ? "" : category;
        return gates.budgets().entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase(key))
                .map(Map.Entry::getValue)
                .findFirst();
    }

    private String baseline(Check c) {
        FrChange change = changes.map(m -> m.get(c.category())).orElse(null);
        if (change == null) {
            return "no comparison";
        }
        if (c.status() == ReleaseDecision.Status.NOT_ENOUGH_EVIDENCE) {
            return "n = " + Math.min(change.before().n(), change.now().n()) + ", needs " + gates.minSamples();
        }
        // A category's verdict rests on its p adjusted across categories: that is the figure that decided.
        boolean adjusted = change.adjusted() > change.p();
        return "FR " + rate(change.before()) + " → " + rate(change.now()) + " ("
                + FailureRate.pointsChange(change.before().rate(), change.now().rate()) + "), "
                + (adjusted ? "Holm-adjusted " + FrChange.p(change.adjusted()) : FrChange.p(change.p()));
    }

    private String judge(JudgeAgreement judge) {
        double min = minKappa.orElse(0.0);
        if (judge.kappa() == null || judge.compared() < gates.minSamples()) {
            return (judge.kappa() == null ? "kappa undefined" : "kappa " + number(judge.kappa())) + ", n = "
                    + judge.compared() + ", needs " + gates.minSamples();
        }
        return "kappa " + number(judge.kappa()) + (judge.kappa() < min ? " < " : " ≥ ") + number(min) + ", n = "
                + judge.compared();
    }

    private static String rate(FailureRate fr) {
        return fr.rate() == null ? "n/a" : percent(fr.rate());
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
