package io.github.adammeme.engine;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.progress.Planner;
import io.github.adammeme.internal.pipeline.progress.RunPlan;
import io.github.adammeme.internal.report.PlanFiles;
import io.github.adammeme.internal.text.Console;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.TestAbortedException;

/**
 * A dry run: the plan on the console and in plan.md and plan.json, and one test that says what it is, skipped
 * (aborted), so the run is counted neither as passing nor as failing; summary.json says it was a dry run, so no
 * gate or baseline takes it for a run with figures.
 */
final class DryRun {

    private final SuiteRun run;
    private final Children children;

    DryRun(SuiteRun run, Children children) {
        this.run = run;
        this.children = children;
    }

    void run() {
        EvaluationConfig config = run.config();
        // The memes discovery checked; a hard-case bank's cases are read for the plan.
        Optional<List<Meme>> memes = run.settings().memes().forRun(config);
        RunPlan plan = memes.isPresent() ? Planner.of(config, memes.get()) : Planner.of(config);
        String where = config.outputs().directory().resolve(PlanFiles.MARKDOWN).toString();
        Console.out()
                .println("adammeme: DRY RUN of " + run.suiteName() + " ("
                        + config.models().target().model() + " on "
                        + config.datasetDescription() + ", method " + config.methodName()
                        + "): no model is called, no figure computed");
        Console.out().print(plan.table());
        Console.out()
                .println("adammeme: dry run: no release decision; the plan is in " + where + " and "
                        + PlanFiles.JSON_FILE);
        AdamMemeNode node = new AdamMemeNode.PlanNode(run.suite());
        children.run(node.testing(() -> {
            try {
                PlanFiles.write(config.outputs().directory(), config, plan);
            } catch (IOException e) {
                return TestExecutionResult.failed(
                        new UncheckedIOException("the plan could not be written to " + where, e));
            }
            return TestExecutionResult.aborted(new TestAbortedException(String.format(
                    Locale.ROOT,
                    "dry run (%s=true): no model called; %d calls expected (at most %d), $%.4f expected at the configured"
                            + " prices; see %s",
                    Constants.DRY_RUN,
                    plan.expectedCalls(),
                    plan.maxCalls(),
                    plan.costUsd(),
                    where)));
        }));
    }
}
