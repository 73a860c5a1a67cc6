package io.github.adammeme.engine;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.run.Stages;
import io.github.adammeme.internal.report.SummaryMarkdown;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.text.ReportText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The test tree of a run, in the order a reader expects it: each category's pairs and refinement chains as the
 * pipeline posts them, its FR summary and gates once the run has them all, then the whole run's figures, release
 * checks and the memes that could not be mined. The run's own files are written the moment its figures exist,
 * before any test reports them, so nothing that fails after that can cost them.
 */
final class ResultTree {

    private final SuiteRun run;
    private final Children children;
    private final SuiteNode suite;
    private final EvaluationConfig config;
    private final SampleBoard board;
    private final SuiteOutputs outputs;
    private final FigureTests figures;
    private final SampleTests samples;

    /** @param children the suite's own */
    ResultTree(SuiteRun run, Children children) {
        this.run = run;
        this.children = children;
        this.suite = run.suite();
        this.config = run.config();
        this.board = run.board();
        this.outputs = run.outputs();
        this.figures = new FigureTests(run);
        this.samples = new SampleTests(run);
    }

    /** The finished evaluation, its run files written (once) before any test reports a figure of it. */
    private Evaluation finished() {
        Evaluation e = board.evaluation();
        outputs.saveFigures(e);
        return e;
    }

    /** The whole tree, category by category as the pipeline fills it, then the run's figures and its release checks. */
    void report() {
        SampleBoard.Selection selection = board.selection();
        if (config.method().stages() == Stages.MINING) {
            miningStage(finished());
            return;
        }
        Map<String, List<MinedSample>> byCategory = new LinkedHashMap<>();
        selection.categories().forEach(c -> byCategory.put(c, new ArrayList<>()));
        // every sample's category is one of the selection's
        selection
                .samples()
                .forEach(s ->
                        Objects.requireNonNull(byCategory.get(s.category())).add(s));

        for (Map.Entry<String, List<MinedSample>> entry : byCategory.entrySet()) {
            AdamMemeNode.CategoryNode node = new AdamMemeNode.CategoryNode(suite, entry.getKey());
            children.run(node.containing(tests -> category(tests, node, entry.getKey(), entry.getValue())));
        }
        Evaluation e = finished();
        ReleaseDecision decision = outputs.decision(e);
        elsewhere(decision, byCategory.keySet());
        figures.summary(
                children,
                "overall",
                e.metrics().withRefinementsOverall(),
                e.metrics().originalOverall(),
                outputs.summaryMarkdown(e),
                outputs.charts(e),
                Map.of(
                        "judge agreement",
                        e.metrics().judgeAgreement().describe(config.method().threshold())));
        decision.check(ReleaseDecision.Kind.GATE, Metrics.OVERALL).ifPresent(check -> figures.gate(children, check));
        Optional<ReleaseDecision.Check> judge = decision.check(ReleaseDecision.Kind.JUDGE, Metrics.OVERALL);
        if (config.method().judgeRecheck() > 0 || judge.isPresent()) {
            figures.judgeAgreement(children, e.metrics(), judge);
        }
        decision.check(ReleaseDecision.Kind.BASELINE, Metrics.OVERALL)
                .ifPresent(check -> figures.regression(children, check));
        miningErrors(e);
        outputs.publish(e);
    }

    /**
     * The release checks on categories this run has no pairs in (a gate on a category never mined, a category only
     * the baseline had): each in a container of its own, so every check of the decision is a test.
     */
    private void elsewhere(ReleaseDecision decision, Set<String> reported) {
        Map<String, List<ReleaseDecision.Check>> byCategory = new LinkedHashMap<>();
        for (ReleaseDecision.Check check : decision.checks()) {
            if (!reported.contains(check.category()) && !check.category().equals(Metrics.OVERALL)) {
                byCategory
                        .computeIfAbsent(check.category(), c -> new ArrayList<>())
                        .add(check);
            }
        }
        byCategory.forEach((category, checks) -> {
            AdamMemeNode.CategoryNode node = new AdamMemeNode.CategoryNode(suite, category);
            children.run(node.containing(tests -> checks.forEach(check -> {
                if (check.kind() == ReleaseDecision.Kind.GATE) {
                    figures.gate(tests, check);
                } else {
                    figures.regression(tests, check);
                }
            })));
        });
    }

    /** A category: its pairs, its refinement chains, then its figures once the run has them all. */
    private void category(Children tests, AdamMemeNode.CategoryNode node, String category, List<MinedSample> pairs) {
        for (MinedSample pair : pairs) {
            samples.pair(tests, pair, category);
        }
        for (String seedId : board.seeds(category)) {
            samples.chain(tests, node, seedId);
        }
        Evaluation e = finished();
        int i = indexOf(e, category);
        CategoryFigures all = e.metrics().withRefinements().get(i);
        CategoryFigures originals = e.metrics().original().get(i);
        figures.summary(
                tests,
                category,
                all,
                originals,
                SummaryMarkdown.category(e.metrics(), category),
                outputs.chartsOf(category),
                Map.of());
        ReleaseDecision decision = outputs.decision(e);
        decision.check(ReleaseDecision.Kind.GATE, category).ifPresent(check -> figures.gate(tests, check));
        decision.check(ReleaseDecision.Kind.BASELINE, category).ifPresent(check -> figures.regression(tests, check));
    }

    /**
     * A mining-only run scores nothing, so it has no pairs, FR or gates to report: one test says what it
     * stored, and memes it could not mine are broken tests as in a full run.
     */
    private void miningStage(Evaluation e) {
        AdamMemeNode node = new AdamMemeNode.MiningStageNode(suite);
        children.run(node.testing(() -> run.passedSaying(
                node,
                "mining",
                e.memes().size() + " memes mined into "
                        + e.taxonomy().size() + " categories, " + e.mined().size()
                        + " meme-category pairs; misbeliefs and the"
                        + " references of the selected pairs are in the cache "
                        + config.outputs().cache() + " for the shards ("
                        + Constants.STAGES + "=scoring)")));
        miningErrors(e);
        outputs.publish(e);
    }

    private void miningErrors(Evaluation e) {
        List<MemeOutcome> errors = e.memes().stream()
                .filter(m -> m.status() == MemeOutcome.Status.ERROR)
                .toList();
        if (errors.isEmpty()) {
            return;
        }
        AdamMemeNode.MiningErrorsNode node = new AdamMemeNode.MiningErrorsNode(suite);
        children.run(node.containing(tests -> {
            for (MemeOutcome m : errors) {
                tests.run(new AdamMemeNode.MemeErrorNode(node, m.memeId())
                        .testing(() -> Verdicts.broken(new SampleErrorException(
                                ReportText.plain(m.memeId() + " (" + m.origin() + "): ERROR — " + m.reason())))));
            }
        }));
    }

    private static int indexOf(Evaluation e, String category) {
        List<CategoryFigures> figures = e.metrics().withRefinements();
        for (int i = 0; i < figures.size(); i++) {
            if (figures.get(i).category().equals(category)) {
                return i;
            }
        }
        throw new IllegalStateException("no figures for category " + category);
    }
}
