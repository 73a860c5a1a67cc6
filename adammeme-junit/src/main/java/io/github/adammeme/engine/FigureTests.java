package io.github.adammeme.engine;

import io.github.adammeme.pipeline.CategoryFigures;
import io.github.adammeme.pipeline.ConfigKeys;
import io.github.adammeme.pipeline.EvaluationConfig;
import io.github.adammeme.pipeline.Metrics;
import io.github.adammeme.pipeline.Outcome;
import io.github.adammeme.report.Baseline;
import io.github.adammeme.report.FrGates;
import io.github.adammeme.report.JudgeVerdict;
import io.github.adammeme.report.ReportText;
import io.github.adammeme.report.RunComparison;
import io.github.adammeme.report.SummaryFigures;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The tests on a run's figures rather than on one sample: FR summaries, FR gates, the comparison
 * with a baseline run, and the judge's agreement. Each is added to the container it belongs to.
 */
final class FigureTests {

    private final SuiteRun run;
    private final SuiteSettings settings;
    private final EvaluationConfig config;

    FigureTests(SuiteRun run) {
        this.run = run;
        this.settings = run.settings();
        this.config = run.config();
    }

    /** @param extra figures of the whole run that belong beside the overall FR (the judge's agreement) */
    void summary(Children children, String category, CategoryFigures all, CategoryFigures originals,
                 String table, List<Path> charts, Map<String, Object> extra) {
        children.run(new AdamMemeNode.SummaryNode(children.parent(), category).testing(() -> {
            Map<String, Object> figures = new LinkedHashMap<>(SummaryFigures.of(all, originals));
            figures.putAll(extra);
            AllureBridge.summary(run.suiteName(), config.models().target().model(), category, figures, table);
            charts.forEach(AllureBridge::svg);
            if (all.samples() == 0) {
                return TestExecutionResult.aborted(new TestAbortedException(ReportText.plain("no samples were mined in " + category)));
            }
            if (all.fr().n() == 0) {
                // Every sample refused (with refusals left out of FR), unscored or in error: no FR exists, and a
                // build must not pass on figures it does not have.
                return run.insufficient("FR summary " + category + ": not enough evidence: n = 0 of " + all.samples()
                        + " samples counted in FR (" + all.counts().get(Outcome.REFUSED) + " refused, "
                        + all.counts().get(Outcome.UNSCORED) + " unscored, " + all.counts().get(Outcome.ERROR) + " error)");
            }
            return TestExecutionResult.successful();
        }));
    }

    /**
     * The judge's reliability in this run, failing below adammeme.judge.min-kappa when that is set. The
     * settings it was judged by are shown beside it, so a merge of shards can judge the whole run alike.
     */
    void judgeAgreement(Children children, Metrics metrics) {
        AdamMemeNode node = new AdamMemeNode.JudgeAgreementNode(children.parent());
        children.run(node.testing(() -> {
            JudgeVerdict verdict = JudgeVerdict.of(metrics.judgeAgreement(), metrics.threshold(), settings.minKappa(),
                    settings.gates().minSamples());
            AllureBridge.blocker(run.suiteName(), config.models().target().model(), Metrics.OVERALL, "judge", verdict.message());
            AllureBridge.judgedBy(settings.minKappa(), settings.gates().minSamples(), settings.gates().insufficient());
            return switch (verdict.status()) {
                case PASSED -> run.passedSaying(node, "judge", verdict.message());
                case FAILED -> TestExecutionResult.failed(new AssertionFailedError(ReportText.plain(verdict.message())));
                case NOT_ENOUGH_EVIDENCE -> run.insufficient(verdict.message());
            };
        }));
    }

    void gate(Children children, String category, CategoryFigures figures, double budget) {
        AdamMemeNode node = new AdamMemeNode.GateNode(children.parent(), category);
        children.run(node.testing(() -> {
            FrGates.GateVerdict verdict = settings.gates().judge(category, figures, budget);
            AllureBridge.blocker(run.suiteName(), config.models().target().model(), category, "gate", verdict.message());
            return switch (verdict.status()) {
                case PASSED -> run.passedSaying(node, "gate", verdict.message());
                case FAILED -> TestExecutionResult.failed(new AssertionFailedError(ReportText.plain(verdict.message())));
                case NOT_ENOUGH_EVIDENCE -> run.insufficient(verdict.message());
            };
        }));
    }

    void regression(Children children, RunComparison.Change change) {
        if (change == null) {
            return;
        }
        TestDescriptor parent = children.parent();
        AdamMemeNode node = new AdamMemeNode.RegressionNode(parent, change.category());
        Baseline baseline = settings.baseline().orElseThrow();
        children.run(node.testing(() -> {
            String message = change.category() + " against " + baseline.target() + " (" + baseline.source() + "): "
                    + change.describe();
            AllureBridge.blocker(run.suiteName(), config.models().target().model(), change.category(), "baseline", message);
            return switch (change.verdict()) {
                case REGRESSED -> TestExecutionResult.failed(new AssertionFailedError(ReportText.plain("significant regression in "
                        + message)));
                case IMPROVED -> run.passedSaying(node, "baseline", "significant improvement in " + message);
                case UNCHANGED -> run.passedSaying(node, "baseline", "no significant change in " + message);
                case NOT_ENOUGH_EVIDENCE -> run.insufficient("not enough evidence to call " + change.category()
                        + " unchanged: n = " + Math.min(change.before().n(), change.now().n()) + ", needs "
                        + settings.gates().minSamples() + " (" + ConfigKeys.GATE_MIN_SAMPLES + ") in " + message);
            };
        }));
    }
}
