package io.github.adammeme.engine;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.EndpointUnusableException;
import io.github.adammeme.internal.llm.RunStop;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.CategoryFigures;
import io.github.adammeme.internal.pipeline.Evaluation;
import io.github.adammeme.internal.pipeline.EvaluationConfig;
import io.github.adammeme.internal.pipeline.Interruption;
import io.github.adammeme.internal.pipeline.Listeners;
import io.github.adammeme.internal.pipeline.MemeOutcome;
import io.github.adammeme.internal.pipeline.Metrics;
import io.github.adammeme.internal.pipeline.MinedSample;
import io.github.adammeme.internal.pipeline.Planner;
import io.github.adammeme.internal.pipeline.ProgressLine;
import io.github.adammeme.internal.pipeline.RunPlan;
import io.github.adammeme.internal.pipeline.Stages;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.report.PlanFiles;
import io.github.adammeme.internal.report.ReleaseDecision;
import io.github.adammeme.internal.report.ReportText;
import io.github.adammeme.internal.report.SummaryMarkdown;
import io.github.adammeme.internal.util.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.TestAbortedException;

/**
 * Runs one suite: the pipeline works in the background while this thread adds the tree as results
 * arrive; each test waits for its own sample, so a test's attachments, result and duration are its
 * own. The platform reports every node; this class decides which nodes there are, in which order.
 */
final class SuiteExecution {

    private final SuiteRun run;
    private final Children children;
    private final SuiteNode suite;
    private final EvaluationConfig config;
    private final SampleBoard board;
    private final SuiteOutputs outputs;
    private final FigureTests figures;
    private final SampleTests samples;

    /** @param children the suite's own */
    SuiteExecution(SuiteRun run, Children children) {
        this.run = run;
        this.children = children;
        this.suite = run.suite();
        this.config = run.config();
        this.board = run.board();
        this.outputs = run.outputs();
        this.figures = new FigureTests(run);
        this.samples = new SampleTests(run);
    }

    /** @throws RunLostException when the run ended before its figures, after a test of its own has said so */
    void run(EngineRun engine) {
        if (run.settings().dryRun()) {
            dryRun();
            engine.finished(suite, outputs, null, null);
            return;
        }
        ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "adammeme-pipeline-" + suite.suiteClass().getSimpleName());
            t.setDaemon(true);
            return t;
        });
        String lost = null;
        Ending ending = Ending.LOST;
        RunStop cancel = new RunStop();
        Interruption interruption = new Interruption(cancel, config.outputs().cache(), System.err, outputs::recordInterruption);
        CompletableFuture<?> pipeline = null;
        try (ProgressLine progress = run.settings().progress() ? new ProgressLine(System.err, System.console() != null)
                .planned(Planner.forProgress(config, run.settings().memes().asDiscovered())) : null) {
            outputs.writeEnvironment();
            pipeline = CompletableFuture.supplyAsync(() -> AdamMeme.evaluate(config, run.settings().memes().forRun(config),
                    run.settings().simulator(),
                    Listeners.of(board, progress, interruption), cancel), runner)
                    .whenComplete((evaluation, failure) -> board.pipelineEnded(unwrap(failure)));
            // Ctrl-C or SIGTERM ends the JVM under the run: its hook says how far the run got and where its answers are.
            interruption.onShutdown(pipeline);
            report();
        } catch (RuntimeException | Error e) {
            // Out of memory and its kind are the platform's to abort on, not a lost run to report and go past.
            if (e instanceof VirtualMachineError fatal) {
                throw fatal;
            }
            Throwable cause = e instanceof SampleBoard.PipelineFailedException && e.getCause() != null ? e.getCause() : e;
            // Taken here, not set again: the interruption is reported as such, which is what the interrupt asked for
            // (the platform would clear the flag after the suite anyway, with a warning).
            if (Thread.interrupted() || Interruption.isInterruption(cause)) {
                // Not a fault to trace: the line says how far the run got and how to resume it.
                ending = Ending.INTERRUPTED;
                lost = interruption.interrupted("the test thread was interrupted");
                runLost(lost, null, ending);
            } else {
                // An endpoint found unusable is a named setting to fix, not a fault of the tool: its message says it all.
                ending = cause instanceof EndpointUnusableException ? Ending.STOPPED : Ending.LOST;
                lost = ReportText.plain(ending == Ending.STOPPED ? cause.getMessage()
                        : cause.getClass().getSimpleName() + ": " + cause.getMessage());
                runLost(lost, ending == Ending.STOPPED ? null : cause, ending);
            }
        } finally {
            interruption.close();
            if (pipeline != null && !pipeline.isDone()) {
                // Nobody will read what the pipeline does from here: it makes no further call (those under way
                // finish and are stored in the cache, as they are paid), instead of calling until the JVM exits.
                cancel.stop(new EndpointUnusableException("the test run of " + run.suiteName() + " ended before its"
                        + " pipeline" + (lost == null ? "" : ": " + lost) + "; no further call is made",
                        EndpointUnusableException.When.DURING_RUN));
            }
            runner.shutdownNow();
        }
        engine.finished(suite, outputs, lost, lost == null ? null : ending.headline);
        if (lost != null) {
            throw new RunLostException("the AdamMeme run " + ending.what + ": " + lost);
        }
        List<String> unmatched = run.unmatchedSelections();
        if (!unmatched.isEmpty()) {
            // Only the run knows its memes and categories; a selector that named none of them must not pass as 0 tests.
            throw new SelectionMatchedNothingException("no test of this run has the unique id "
                    + String.join(", nor ", unmatched) + "; take the id from the last run's report");
        }
    }

    /** How a run ended without its figures. */
    private enum Ending {
        LOST("was lost", "RUN LOST"),
        STOPPED("stopped", "RUN STOPPED"),
        INTERRUPTED("was interrupted", "RUN INTERRUPTED");

        final String what;
        final String headline;

        Ending(String what, String headline) {
            this.what = what;
            this.headline = headline;
        }
    }

    /** A unique-id selector named a test the run did not have. */
    static final class SelectionMatchedNothingException extends RuntimeException {
        SelectionMatchedNothingException(String message) {
            super(ReportText.plain(message));
        }
    }

    /**
     * A dry run: the plan on the console and in plan.md and plan.json, and one test that says what it is, skipped
     * (aborted), so the run is counted neither as passing nor as failing; summary.json says it was a dry run, so no
     * gate or baseline takes it for a run with figures.
     */
    private void dryRun() {
        // The memes discovery checked; a hard-case bank's cases are read for the plan.
        Optional<List<Meme>> memes = run.settings().memes().forRun(config);
        RunPlan plan = memes.isPresent() ? Planner.of(config, memes.get()) : Planner.of(config);
        String where = config.outputs().directory().resolve(PlanFiles.MARKDOWN).toString();
        System.out.println("adammeme: DRY RUN of " + run.suiteName() + " (" + config.models().target().model() + " on "
                + config.datasetDescription() + ", method " + config.methodName()
                + "): no model is called, no figure computed");
        System.out.print(plan.table());
        System.out.println("adammeme: dry run: no release decision; the plan is in " + where + " and " + PlanFiles.JSON_FILE);
        AdamMemeNode node = new AdamMemeNode.PlanNode(suite);
        children.run(node.testing(() -> {
            try {
                PlanFiles.write(config.outputs().directory(), config, plan);
            } catch (IOException e) {
                return TestExecutionResult.failed(new UncheckedIOException("the plan could not be written to " + where, e));
            }
            return TestExecutionResult.aborted(new TestAbortedException(String.format(Locale.ROOT,
                    "dry run (%s=true): no model called; %d calls expected (at most %d), $%.4f expected at the configured"
                            + " prices; see %s", Constants.DRY_RUN, plan.expectedCalls(), plan.maxCalls(), plan.costUsd(), where)));
        }));
    }

    /**
     * Says that the run was lost where a reader looks: a failed test of its own (Surefire counts it, so
     * a build that fails on test failures fails), summary.json, the Allure environment, and stderr with
     * the trace (none for a run an unusable endpoint stopped, whose message names the setting, nor for an
     * interrupted run, whose record and line the interruption wrote); the engine repeats it in the console's
     * closing lines.
     */
    private void runLost(String reason, Throwable trace, Ending ending) {
        String what = ending.what;
        if (ending != Ending.INTERRUPTED) {
            System.err.println("adammeme: the run of " + run.suiteName() + " " + what + ": " + reason);
            if (trace != null) {
                System.err.println(Secrets.redactedStackTrace(trace));
            }
        }
        children.runEvenIfLost(new AdamMemeNode.RunLostNode(suite, what).testing(() -> TestExecutionResult.failed(
                new RunLostException("the AdamMeme run " + what + ": " + reason + "; no figures were computed; see "
                        + config.outputs().directory().resolve(EvaluationWriter.SUMMARY)))));
        if (ending != Ending.INTERRUPTED) {
            outputs.recordLoss(reason);
        }
    }

    /** The run ended before its figures: everything it would have reported is missing. */
    static final class RunLostException extends RuntimeException {
        RunLostException(String message) {
            super(ReportText.plain(message));
        }
    }

    private void report() {
        SampleBoard.Selection selection = board.selection();
        if (config.method().stages() == Stages.MINING) {
            miningStage(board.evaluation());
            return;
        }
        Map<String, List<MinedSample>> byCategory = new LinkedHashMap<>();
        selection.categories().forEach(c -> byCategory.put(c, new ArrayList<>()));
        selection.samples().forEach(s -> byCategory.get(s.category()).add(s));

        for (Map.Entry<String, List<MinedSample>> entry : byCategory.entrySet()) {
            AdamMemeNode.CategoryNode node = new AdamMemeNode.CategoryNode(suite, entry.getKey());
            children.run(node.containing(tests -> category(tests, node, entry.getKey(), entry.getValue())));
        }
        Evaluation e = board.evaluation();
        ReleaseDecision decision = outputs.decision(e);
        elsewhere(decision, byCategory.keySet());
        figures.summary(children, "overall", e.metrics().withRefinementsOverall(), e.metrics().originalOverall(),
                outputs.summaryMarkdown(e), outputs.charts(e),
                Map.of("judge agreement", e.metrics().judgeAgreement().describe(config.method().threshold())));
        decision.check(ReleaseDecision.Kind.GATE, Metrics.OVERALL).ifPresent(check -> figures.gate(children, check));
        Optional<ReleaseDecision.Check> judge = decision.check(ReleaseDecision.Kind.JUDGE, Metrics.OVERALL);
        if (config.method().judgeRecheck() > 0 || judge.isPresent()) {
            figures.judgeAgreement(children, e.metrics(), judge);
        }
        decision.check(ReleaseDecision.Kind.BASELINE, Metrics.OVERALL).ifPresent(check -> figures.regression(children, check));
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
                byCategory.computeIfAbsent(check.category(), c -> new ArrayList<>()).add(check);
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
        Evaluation e = board.evaluation();
        int i = indexOf(e, category);
        CategoryFigures all = e.metrics().withRefinements().get(i);
        CategoryFigures originals = e.metrics().original().get(i);
        figures.summary(tests, category, all, originals, SummaryMarkdown.category(e.metrics(), category),
                outputs.chartsOf(category), Map.of());
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
        children.run(node.testing(() -> run.passedSaying(node, "mining", e.memes().size() + " memes mined into "
                + e.taxonomy().size() + " categories, " + e.mined().size() + " meme-category pairs; misbeliefs and the"
                + " references of the selected pairs are in the cache " + config.outputs().cache() + " for the shards ("
                + Constants.STAGES + "=scoring)")));
        miningErrors(e);
        outputs.publish(e);
    }

    private void miningErrors(Evaluation e) {
        List<MemeOutcome> errors = e.memes().stream().filter(m -> m.status() == MemeOutcome.Status.ERROR).toList();
        if (errors.isEmpty()) {
            return;
        }
        AdamMemeNode.MiningErrorsNode node = new AdamMemeNode.MiningErrorsNode(suite);
        children.run(node.containing(tests -> {
            for (MemeOutcome m : errors) {
                tests.run(new AdamMemeNode.MemeErrorNode(node, m.memeId()).testing(() -> Verdicts.broken(
                        new SampleErrorException(ReportText.plain(m.memeId() + " (" + m.origin() + "): ERROR — "
                                + m.reason())))));
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

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
