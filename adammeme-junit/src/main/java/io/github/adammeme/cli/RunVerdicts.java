package io.github.adammeme.cli;

import io.github.adammeme.llm.Secrets;
import io.github.adammeme.pipeline.CategoryFigures;
import io.github.adammeme.pipeline.ConfigKeys;
import io.github.adammeme.pipeline.Evaluation;
import io.github.adammeme.pipeline.Metrics;
import io.github.adammeme.report.FrGates;
import io.github.adammeme.report.ReportText;
import io.github.adammeme.report.RunComparison;
import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;

/**
 * The verdicts a test run gives as tests, given by the command line as lines and an exit status: each
 * FR gate the {@code adammeme.gate.*} keys set (per category, then overall), the baseline comparison,
 * and a run that scored nothing. The same keys and the same verdicts as the engine's gate tests.
 */
final class RunVerdicts {

    private RunVerdicts() {
    }

    /**
     * Prints each verdict and says whether the run passes them all.
     *
     * @param e        the finished run
     * @param gates    the gates the settings name
     * @param baseline the comparison with the baseline, by category ({@code overall} included), when one is set
     * @param out      where each verdict is printed, one line each
     * @return true when a gate failed, the baseline shows a regression, evidence is short (unless
     *         {@code adammeme.gate.insufficient=skip}), or nothing was scored
     */
    static boolean failed(Evaluation e, FrGates gates, Optional<Map<String, RunComparison.Change>> baseline, PrintStream out) {
        boolean failed = false;
        Metrics m = e.metrics();
        if (m.withRefinementsOverall().fr().n() == 0) {
            // Every meme errored, or every answer was left out of FR: there is nothing a release could be judged on.
            out.println("FAILED  nothing was scored: FR n = 0 of " + m.withRefinementsOverall().samples() + " samples ("
                    + e.memes().size() + " memes); see samples.jsonl for each sample's reason");
            failed = true;
        }
        for (int i = 0; i < m.withRefinements().size(); i++) {
            CategoryFigures all = m.withRefinements().get(i);
            Optional<Double> budget = gates.budget(all.category());
            if (budget.isPresent()) {
                failed |= judged(gates, gates.judge(all.category(), gates.basis().of(all, m.original().get(i)), budget.get()), out);
            }
        }
        Optional<Double> overall = gates.budget("");
        if (overall.isPresent()) {
            failed |= judged(gates, gates.judge(Metrics.OVERALL, gates.basis().of(m.withRefinementsOverall(),
                    m.originalOverall()), overall.get()), out);
        }
        if (baseline.isPresent()) {
            for (RunComparison.Change c : baseline.get().values()) {
                failed |= compared(gates, c, out);
            }
        }
        return failed;
    }

    private static boolean judged(FrGates gates, FrGates.GateVerdict verdict, PrintStream out) {
        boolean counts = verdict.status() == FrGates.Status.FAILED || verdict.status() == FrGates.Status.NOT_ENOUGH_EVIDENCE
                && gates.insufficient() == FrGates.Insufficient.FAIL;
        out.println(status(verdict.status() == FrGates.Status.PASSED, counts) + plain(verdict.message()));
        return counts;
    }

    private static boolean compared(FrGates gates, RunComparison.Change c, PrintStream out) {
        String what = c.category() + " against the baseline: " + c.describe();
        return switch (c.verdict()) {
            case REGRESSED -> {
                out.println(status(false, true) + plain("significant regression in " + what));
                yield true;
            }
            case IMPROVED -> {
                out.println(status(true, false) + plain("significant improvement in " + what));
                yield false;
            }
            case UNCHANGED -> {
                out.println(status(true, false) + plain("no significant change in " + what));
                yield false;
            }
            case NOT_ENOUGH_EVIDENCE -> {
                boolean counts = gates.insufficient() == FrGates.Insufficient.FAIL;
                out.println(status(false, counts) + plain("not enough evidence to call " + c.category() + " unchanged: n = "
                        + Math.min(c.before().n(), c.now().n()) + ", needs " + gates.minSamples() + " ("
                        + ConfigKeys.GATE_MIN_SAMPLES + ") in " + what));
                yield counts;
            }
        };
    }

    private static String status(boolean passed, boolean counts) {
        return passed ? "PASSED  " : counts ? "FAILED  " : "SKIPPED ";
    }

    private static String plain(String message) {
        return Secrets.redact(ReportText.plain(message));
    }
}
