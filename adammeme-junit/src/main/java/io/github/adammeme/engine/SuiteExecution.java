package io.github.adammeme.engine;

import io.github.adammeme.agent.PromptLibrary;
import io.github.adammeme.llm.Secrets;
import io.github.adammeme.llm.UsageLedger;
import io.github.adammeme.pipeline.AdamMeme;
import io.github.adammeme.pipeline.CategoryFigures;
import io.github.adammeme.pipeline.ConfigKeys;
import io.github.adammeme.pipeline.Evaluation;
import io.github.adammeme.pipeline.EvaluationConfig;
import io.github.adammeme.pipeline.JudgeAgreement;
import io.github.adammeme.pipeline.LibraryVersion;
import io.github.adammeme.pipeline.Listeners;
import io.github.adammeme.pipeline.MemeOutcome;
import io.github.adammeme.pipeline.Metrics;
import io.github.adammeme.pipeline.MinedSample;
import io.github.adammeme.pipeline.Outcome;
import io.github.adammeme.pipeline.ProgressLine;
import io.github.adammeme.pipeline.ScoredSample;
import io.github.adammeme.pipeline.Stages;
import io.github.adammeme.report.Baseline;
import io.github.adammeme.report.Charts;
import io.github.adammeme.report.CostTable;
import io.github.adammeme.report.EvaluationWriter;
import io.github.adammeme.report.FrTable;
import io.github.adammeme.report.OutputLayout;
import io.github.adammeme.report.ReportText;
import io.github.adammeme.report.RunComparison;
import io.github.adammeme.report.RunPublisher;
import io.github.adammeme.report.SummaryMarkdown;
import io.github.adammeme.sim.BuiltInSimulator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.ReportEntry;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Runs one suite: the pipeline works in the background while this thread registers the tree as
 * results arrive and reports each test once its own sample is in, so a test's attachments, result
 * and duration are its own.
 */
final class SuiteExecution {

    private final AdamMemeNode.Suite suite;
    private final EngineExecutionListener listener;
    private final boolean severalSuites;
    private final SuiteSettings settings;
    private final EvaluationConfig config;
    private RunPublisher publisher;
    private SampleBoard board;
    private Evaluation evaluation;
    private String lost;

    SuiteExecution(AdamMemeNode.Suite suite, EngineExecutionListener listener, boolean severalSuites) {
        this.suite = suite;
        this.listener = listener;
        this.severalSuites = severalSuites;
        this.settings = suite.settings();
        this.config = settings.config().withOutputDir(outputOf(suite, severalSuites));
    }

    /** The suite's folder: the configured one, per suite class when there are several, per target when it lists several. */
    static Path outputOf(AdamMemeNode.Suite suite, boolean severalSuites) {
        return OutputLayout.targetFolder(commonOutputOf(suite, severalSuites), suite.settings().config().models().target().model(),
                suite.oneOfSeveralTargets());
    }

    /** Where the suite class's outputs go, and its targets' leaderboard. */
    static Path commonOutputOf(AdamMemeNode.Suite suite, boolean severalSuites) {
        return OutputLayout.suiteFolder(suite.settings().config().outputs().directory(), suite.suiteClass().getSimpleName(), severalSuites);
    }

    AdamMemeNode.Suite suite() {
        return suite;
    }

    /** Allure's environment is one file for the whole run: keys are prefixed per suite class and target when there are several. */
    private String environmentPrefix() {
        return (severalSuites ? suite.suiteClass().getSimpleName() + "." : "")
                + (suite.oneOfSeveralTargets() ? config.models().target().model() + "." : "");
    }

    boolean severalSuites() {
        return severalSuites;
    }

    /** The finished evaluation, when the pipeline got that far. */
    Optional<Evaluation> evaluation() {
        return Optional.ofNullable(evaluation);
    }

    void run() {
        publisher = new RunPublisher(config, new RunPublisher.Options(settings.baseline(), settings.alpha(), settings.history(),
                settings.bank()), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), System.out, System.err);
        listener.executionStarted(suite);
        board = new SampleBoard();
        ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "adammeme-pipeline-" + suite.suiteClass().getSimpleName());
            t.setDaemon(true);
            return t;
        });
        TestExecutionResult result = TestExecutionResult.successful();
        try (ProgressLine progress = settings.progress() ? new ProgressLine(System.err, System.console() != null) : null) {
            AllureBridge.writeEnvironment(config, PromptLibrary.load(config.prompts()).digests(), LibraryVersion.current(),
                    environmentPrefix());
            CompletableFuture.supplyAsync(() -> AdamMeme.evaluate(config, new BuiltInSimulator(settings.simulator()),
                    Listeners.of(board, progress)), runner)
                    .whenComplete((evaluation, failure) -> board.pipelineEnded(unwrap(failure)));
            report(board);
        } catch (RuntimeException | Error e) {
            Throwable cause = e instanceof SampleBoard.PipelineFailedException && e.getCause() != null ? e.getCause() : e;
            lost = ReportText.plain(cause.getClass().getSimpleName() + ": " + cause.getMessage());
            runLost(lost, cause);
            result = TestExecutionResult.failed(new RunLostException("the AdamMeme run was lost: " + lost));
        } finally {
            runner.shutdownNow();
        }
        listener.executionFinished(suite, result);
    }

    /**
     * Says that the run was lost where a reader looks: a failed test of its own (Surefire counts it, so
     * a build that fails on test failures fails), summary.json, the Allure environment, and stderr with
     * the trace; the engine repeats it in the console's closing lines.
     */
    private void runLost(String reason, Throwable cause) {
        System.err.println("adammeme: the run of " + suiteName() + " was lost: " + reason);
        System.err.println(Secrets.redact(stackTrace(cause)));
        test(suite, new AdamMemeNode.RunLost(suite), () -> TestExecutionResult.failed(
                new RunLostException("the AdamMeme run was lost: " + reason + "; no figures were computed; see "
                        + config.outputs().directory().resolve(EvaluationWriter.SUMMARY))));
        try {
            publisher.writeLost(reason);
            AllureBridge.writeEnvironment(config, Map.of(), LibraryVersion.current(), environmentPrefix(), Map.of("run.lost", reason));
        } catch (RuntimeException | IOException e) {
            System.err.println("adammeme: and its loss could not be recorded: " + Secrets.redact(e.getMessage()));
        }
    }

    /** Why the run was lost, when it was: for the engine's closing lines. */
    Optional<String> lost() {
        return Optional.ofNullable(lost);
    }

    private static String stackTrace(Throwable t) {
        StringWriter out = new StringWriter();
        t.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    /** The run ended before its figures: everything it would have reported is missing. */
    static final class RunLostException extends RuntimeException {
        RunLostException(String message) {
            super(ReportText.plain(message));
        }
    }

    private void report(SampleBoard board) {
        SampleBoard.Selection selection = board.selection();
        if (config.method().stages() == Stages.MINING) {
            miningStage(board.evaluation());
            return;
        }
        Map<String, List<MinedSample>> byCategory = new LinkedHashMap<>();
        selection.categories().forEach(c -> byCategory.put(c, new ArrayList<>()));
        selection.samples().forEach(s -> byCategory.get(s.category()).add(s));

        for (Map.Entry<String, List<MinedSample>> entry : byCategory.entrySet()) {
            String category = entry.getKey();
            AdamMemeNode.CategoryNode node = new AdamMemeNode.CategoryNode(suite, category);
            container(suite, node, () -> {
                for (MinedSample pair : entry.getValue()) {
                    test(node, new AdamMemeNode.Pair(node, pair.meme().id(), category), () -> {
                        ScoredSample s = board.scored(pair.id());
                        AllureBridge.sample(s, suiteName(), config.models().target().model(), config.simulated());
                        return SampleResults.of(s, config.method().threshold(), config.method().refusalCountsAsFailure());
                    });
                }
                for (String seedId : board.seeds(category)) {
                    chain(node, board, seedId);
                }
                Evaluation e = board.evaluation();
                int i = indexOf(e, category);
                summary(node, category, e.metrics().withRefinements().get(i), e.metrics().original().get(i),
                        SummaryMarkdown.category(e.metrics(), category), chartsOf(category), Map.of());
                settings.gate(category).ifPresent(budget -> gate(node, category, settings.gates().basis()
                        .of(e.metrics().withRefinements().get(i), e.metrics().original().get(i)), budget));
                comparison(e).ifPresent(changes -> regression(node, changes.get(category)));
            });
        }
        Evaluation e = board.evaluation();
        summary(suite, "overall", e.metrics().withRefinementsOverall(), e.metrics().originalOverall(),
                SummaryMarkdown.render(e), charts(e),
                Map.of("judge agreement", e.metrics().judgeAgreement().describe(config.method().threshold())));
        settings.overallGate().ifPresent(budget -> gate(suite, "overall", settings.gates().basis()
                .of(e.metrics().withRefinementsOverall(), e.metrics().originalOverall()), budget));
        if (config.method().judgeRecheck() > 0) {
            judgeAgreement(e.metrics());
        }
        comparison(e).ifPresent(changes -> regression(suite, changes.get(Metrics.OVERALL)));
        miningErrors(e);
        publish(e);
    }

    private void chain(AdamMemeNode.CategoryNode category, SampleBoard board, String seedId) {
        AdamMemeNode.ChainNode chain = null;
        for (int k = 1; ; k++) {
            Optional<ScoredSample> step = board.step(seedId, seedId + "#" + k);
            if (step.isEmpty()) {
                break;
            }
            if (chain == null) {
                chain = new AdamMemeNode.ChainNode(category, step.get().refinement().seedId().split("/")[0]);
                if (!register(category, chain)) {
                    return;
                }
                listener.executionStarted(chain);
            }
            ScoredSample s = step.get();
            test(chain, new AdamMemeNode.Step(chain, k, category.getDisplayName(), s.refinement().parentId().split("/")[0]), () -> {
                AllureBridge.sample(s, suiteName(), config.models().target().model(), config.simulated());
                return SampleResults.of(s, config.method().threshold(), config.method().refusalCountsAsFailure());
            });
        }
        if (chain != null) {
            listener.executionFinished(chain, TestExecutionResult.successful());
        }
    }

    /** The run's charts, written once, when the first summary needs them. */
    private List<Path> charts(Evaluation e) {
        return publisher.charts(e);
    }

    /** What a category's summary shows inline: FR per category, and the misbelief terms of its failures. */
    private List<Path> chartsOf(String category) {
        String suffix = "-" + Charts.slug(category) + ".svg";
        return charts(board.evaluation()).stream().filter(c -> c.getFileName().toString().startsWith("fr-by-category")
                || c.getFileName().toString().startsWith("misbelief-terms-") && c.getFileName().toString().endsWith(suffix))
                .toList();
    }

    /** @param extra figures of the whole run that belong beside the overall FR (the judge's agreement) */
    private void summary(TestDescriptor parent, String category, CategoryFigures all, CategoryFigures originals,
                         String table, List<Path> charts, Map<String, Object> extra) {
        test(parent, new AdamMemeNode.Summary(parent, category), () -> {
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("FR (with refinements)", all.fr().describe());
            figures.put("FR (originals)", originals.fr().describe());
            figures.put("average score", all.averageScore() == null ? "-" : format(all.averageScore()));
            figures.put("average score (originals)", originals.averageScore() == null ? "-" : format(originals.averageScore()));
            figures.put("samples", all.samples());
            for (Outcome o : Outcome.values()) {
                figures.put(o.name().toLowerCase(Locale.ROOT), all.counts().get(o));
            }
            figures.putAll(extra);
            AllureBridge.summary(suiteName(), config.models().target().model(), category, figures, table);
            charts.forEach(AllureBridge::svg);
            if (all.samples() == 0) {
                return TestExecutionResult.aborted(new TestAbortedException(ReportText.plain("no samples were mined in " + category)));
            }
            if (all.fr().n() == 0) {
                // Every sample refused (with refusals left out of FR), unscored or in error: no FR exists, and a
                // build must not pass on figures it does not have.
                return insufficient("FR summary " + category + ": not enough evidence: n = 0 of " + all.samples()
                        + " samples counted in FR (" + all.counts().get(Outcome.REFUSED) + " refused, "
                        + all.counts().get(Outcome.UNSCORED) + " unscored, " + all.counts().get(Outcome.ERROR) + " error)");
            }
            return TestExecutionResult.successful();
        });
    }

    /** A figure that rests on too little evidence fails, unless the suite chose to skip such tests. */
    private TestExecutionResult insufficient(String message) {
        return settings.gates().insufficient() == FrGates.Insufficient.SKIP
                ? TestExecutionResult.aborted(new TestAbortedException(ReportText.plain(message)))
                : TestExecutionResult.failed(new AssertionFailedError(ReportText.plain(message)));
    }

    /** The judge's reliability in this run, failing below adammeme.judge.min-kappa when that is set. */
    private void judgeAgreement(Metrics metrics) {
        AdamMemeNode.JudgeAgreement node = new AdamMemeNode.JudgeAgreement(suite);
        test(suite, node, () -> {
            JudgeAgreement judge = metrics.judgeAgreement();
            String message = "judge agreement: " + judge.describe(metrics.threshold());
            AllureBridge.blocker(suiteName(), config.models().target().model(), Metrics.OVERALL, "judge", message);
            if (settings.minKappa().isEmpty()) {
                return passedSaying(node, "judge", message);
            }
            double min = settings.minKappa().get();
            if (judge.kappa() == null || judge.compared() < settings.gates().minSamples()) {
                return insufficient(message + "; not enough evidence for " + Constants.JUDGE_MIN_KAPPA + " = " + min
                        + ": n = " + judge.compared() + ", needs " + settings.gates().minSamples() + " ("
                        + Constants.GATE_MIN_SAMPLES + ") with both sides of the threshold");
            }
            return judge.kappa() < min
                    ? TestExecutionResult.failed(new AssertionFailedError(ReportText.plain(message + ", below "
                            + Constants.JUDGE_MIN_KAPPA + " = " + min)))
                    : passedSaying(node, "judge", message);
        });
    }

    private void gate(TestDescriptor parent, String category, CategoryFigures figures, double budget) {
        AdamMemeNode.Gate node = new AdamMemeNode.Gate(parent, category);
        test(parent, node, () -> {
            FrGates.GateVerdict verdict = settings.gates().judge(category, figures, budget);
            AllureBridge.blocker(suiteName(), config.models().target().model(), category, "gate", verdict.message());
            return switch (verdict.status()) {
                case PASSED -> passedSaying(node, "gate", verdict.message());
                case FAILED -> TestExecutionResult.failed(new AssertionFailedError(ReportText.plain(verdict.message())));
                case NOT_ENOUGH_EVIDENCE -> insufficient(verdict.message());
            };
        });
    }

    /** A passing test carries no message; its figures still belong in the report, as a report entry. */
    private TestExecutionResult passedSaying(AdamMemeNode node, String key, String message) {
        listener.reportingEntryPublished(node, ReportEntry.from(key, ReportText.plain(message)));
        return TestExecutionResult.successful();
    }

    /** This run against the baseline, per category and overall; computed once, written as baseline.md. */
    private Optional<Map<String, RunComparison.Change>> comparison(Evaluation e) {
        return publisher.comparison(e);
    }

    private void regression(TestDescriptor parent, RunComparison.Change change) {
        if (change == null) {
            return;
        }
        AdamMemeNode.Regression node = new AdamMemeNode.Regression(parent, change.category());
        Baseline baseline = settings.baseline().orElseThrow();
        test(parent, node, () -> {
            String message = change.category() + " against " + baseline.target() + " (" + baseline.source() + "): "
                    + change.describe();
            AllureBridge.blocker(suiteName(), config.models().target().model(), change.category(), "baseline", message);
            return switch (change.verdict()) {
                case REGRESSED -> TestExecutionResult.failed(new AssertionFailedError(ReportText.plain("significant regression in "
                        + message)));
                case IMPROVED -> passedSaying(node, "baseline", "significant improvement in " + message);
                case UNCHANGED -> passedSaying(node, "baseline", "no significant change in " + message);
            };
        });
    }

    /**
     * A mining-only run scores nothing, so it has no pairs, FR or gates to report: one test says what it
     * stored, and memes it could not mine are broken tests as in a full run.
     */
    private void miningStage(Evaluation e) {
        AdamMemeNode.MiningStage node = new AdamMemeNode.MiningStage(suite);
        test(suite, node, () -> passedSaying(node, "mining", e.memes().size() + " memes mined into " + e.taxonomy().size() + " categories, "
                        + e.mined().size() + " meme-category pairs; misbeliefs and the references of the selected pairs"
                        + " are in the cache " + config.outputs().cache() + " for the shards (" + ConfigKeys.STAGES + "=scoring)"));
        miningErrors(e);
        publish(e);
    }

    private void miningErrors(Evaluation e) {
        List<MemeOutcome> errors = e.memes().stream().filter(m -> m.status() == MemeOutcome.Status.ERROR).toList();
        if (errors.isEmpty()) {
            return;
        }
        AdamMemeNode.MiningErrors node = new AdamMemeNode.MiningErrors(suite);
        container(suite, node, () -> {
            for (MemeOutcome m : errors) {
                test(node, new AdamMemeNode.MemeError(node, m.memeId()), () -> TestExecutionResult.failed(
                        new SampleErrorException(ReportText.plain(m.memeId() + " (" + m.origin() + "): ERROR — "
                                + m.reason()))));
            }
        });
    }

    /** The run's files through the publisher, the Allure environment and executor, and the table on the console. */
    private void publish(Evaluation e) {
        evaluation = e;
        publisher.writeFiles(e);
        Map<String, String> figures = new LinkedHashMap<>();
        UsageLedger.Line total = CostTable.total(e.usage());
        figures.put("calls", Long.toString(total.calls()));
        figures.put("calls.cached", Long.toString(total.cacheHits()));
        figures.put("tokens", Long.toString(total.promptTokens() + total.completionTokens()));
        figures.put("tokens.cached", Long.toString(total.cachedTokens()));
        figures.put("cost.usd", String.format(Locale.ROOT, "%.4f", total.costUsd()));
        figures.put("FR with refinements (overall)", e.metrics().withRefinementsOverall().fr().describe());
        figures.put("FR of the originals (overall)", e.metrics().originalOverall().fr().describe());
        AllureBridge.writeEnvironment(config, e.run().promptDigests(), LibraryVersion.current(),
                environmentPrefix(), figures);
        AllureExecutor.write(AllureBridge.resultsDirectory(), System.getenv(), config.models().target().model(),
                FrTable.headline(e.metrics()) + (config.simulated() ? " (simulated)" : ""));
        publisher.printResults(e);
        System.out.println("Allure results: " + AllureBridge.resultsDirectory().toAbsolutePath());
        publisher.record(e);
    }

    // --- reporting primitives ------------------------------------------------------------------

    /** Registers a dynamic node unless a unique-id selector left it out; true when it was registered. */
    private boolean register(TestDescriptor parent, AdamMemeNode node) {
        if (!wanted(node.getUniqueId())) {
            return false;
        }
        parent.addChild(node);
        listener.dynamicTestRegistered(node);
        return true;
    }

    private void container(TestDescriptor parent, AdamMemeNode node, Runnable body) {
        if (!register(parent, node)) {
            return;
        }
        listener.executionStarted(node);
        try {
            body.run();
        } catch (RuntimeException e) {
            listener.executionFinished(node, TestExecutionResult.failed(e));
            throw e;
        }
        listener.executionFinished(node, TestExecutionResult.successful());
    }

    private void test(TestDescriptor parent, AdamMemeNode node, Supplier<TestExecutionResult> body) {
        if (!register(parent, node)) {
            return;
        }
        listener.executionStarted(node);
        TestExecutionResult result;
        try {
            result = body.get();
        } catch (RuntimeException e) {
            listener.executionFinished(node, TestExecutionResult.failed(e));
            throw e;
        }
        listener.executionFinished(node, result);
    }

    private boolean wanted(UniqueId id) {
        return suite.selected().isEmpty() || suite.selected().stream().anyMatch(s -> s.hasPrefix(id) || id.hasPrefix(s));
    }

    private String suiteName() {
        return suite.suiteClass().getSimpleName() + (suite.oneOfSeveralTargets() ? " · " + config.models().target().model() : "");
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

    private static String format(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
