package io.github.adammeme.engine;

import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.report.SummaryFigures;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;

/**
 * The tests on a run's figures rather than on one sample: FR summaries, FR gates, the comparison
 * with a baseline run, and the judge's agreement. Each is added to the container it belongs to; the
 * gates, the baseline and a judge held to a minimum report the run's release decision.
 */
final class FigureTests {

    private final SuiteRun run;
    private final EvaluationConfig config;

    FigureTests(SuiteRun run) {
        this.run = run;
        this.config = run.config();
    }

    /** @param extra figures of the whole run that belong beside the overall FR (the judge's agreement) */
    void summary(
            Children children,
            String category,
            CategoryFigures all,
            CategoryFigures originals,
            String table,
            List<Path> charts,
            Map<String, Object> extra) {
        children.run(new AdamMemeNode.SummaryNode(children.parent(), category).testing(() -> {
            Map<String, Object> figures = new LinkedHashMap<>(SummaryFigures.of(all, originals));
            figures.putAll(extra);
            AllureBridge.summary(run.suiteName(), config, category, figures, table);
            charts.forEach(AllureBridge::svg);
            if (all.samples() == 0) {
                return Verdicts.aborted("no samples were mined in " + category);
            }
            if (all.fr().n() == 0) {
                // Every sample refused (with refusals left out of FR), unscored or in error: no FR exists, and a
                // build must not pass on figures it does not have.
                return run.insufficient("FR summary " + category + ": not enough evidence: n = 0 of " + all.samples()
                        + " samples counted in FR (" + all.counts().get(Outcome.REFUSED) + " refused, "
                        + all.counts().get(Outcome.UNSCORED) + " unscored, "
                        + all.counts().get(Outcome.ERROR) + " error)");
            }
            return TestExecutionResult.successful();
        }));
    }

    /**
     * The judge's reliability in this run: reported, and a release check when adammeme.judge.min-kappa is set.
     * The settings it was judged by are shown beside it, so a merge of shards can judge the whole run alike.
     *
     * @param check the decision's judge check, when a minimum is set
     */
    void judgeAgreement(Children children, Metrics metrics, Optional<ReleaseDecision.Check> check) {
        AdamMemeNode node = new AdamMemeNode.JudgeAgreementNode(children.parent());
        SuiteSettings settings = run.settings();
        Runnable judgedBy = () -> AllureBridge.judgedBy(
                settings.minKappa(),
                settings.gates().minSamples(),
                settings.gates().insufficient());
        if (check.isPresent()) {
            check(children, node, check.get(), judgedBy);
            return;
        }
        children.run(node.testing(() -> {
            judgedBy.run();
            String message = "judge agreement: " + metrics.judgeAgreement().describe(metrics.threshold());
            AllureBridge.blocker(run.suiteName(), config, Metrics.OVERALL, "judge", message);
            return run.passedSaying(node, "judge", message);
        }));
    }

    /** An FR gate's test, its verdict as the run's release decision has it. */
    void gate(Children children, ReleaseDecision.Check check) {
        check(children, new AdamMemeNode.GateNode(children.parent(), check.category()), check, () -> {});
    }

    /** A category's comparison with the baseline, its verdict as the run's release decision has it. */
    void regression(Children children, ReleaseDecision.Check check) {
        check(children, new AdamMemeNode.RegressionNode(children.parent(), check.category()), check, () -> {});
    }

    /**
     * A release check as a test: the sentence summary.json records is its message, so a test report, the
     * files and the Maven plugin never tell two stories.
     */
    private void check(Children children, AdamMemeNode node, ReleaseDecision.Check check, Runnable alsoRecord) {
        String stage = check.kind().name().toLowerCase(Locale.ROOT);
        children.run(node.testing(() -> {
            alsoRecord.run();
            AllureBridge.blocker(run.suiteName(), config, check.category(), stage, check.message());
            return switch (check.status()) {
                case PASSED -> run.passedSaying(node, stage, check.message());
                case FAILED -> Verdicts.failed(check.message());
                // The decision says whether a check short of evidence blocks: a category the baseline comparison only
                // reports is skipped, whatever adammeme.gate.insufficient says of the checks that do block.
                case NOT_ENOUGH_EVIDENCE ->
                    check.blocks() ? Verdicts.failed(check.message()) : Verdicts.aborted(check.message());
            };
        }));
    }
}
