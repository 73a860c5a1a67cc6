package io.github.adammeme.cli;

import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.progress.Planner;
import io.github.adammeme.internal.pipeline.progress.RunPlan;
import io.github.adammeme.internal.report.PlanFiles;
import io.github.adammeme.internal.text.Console;
import java.io.IOException;
import java.io.PrintStream;

/**
 * A plan before paying: the calls an evaluation with these settings would make, by stage and role, and their cost at
 * the configured prices, written to plan.md and plan.json; no model is called, no simulator started. {@code evaluate
 * adammeme.dry-run=true} does the same.
 */
final class PlanCommand {

    private PlanCommand() {}

    static int run(EvaluationConfig config, PrintStream out, PrintStream err) {
        config.outputs().requireWritableDirectory();
        RunPlan plan = Planner.of(config);
        out.println("adammeme: DRY RUN of " + config.models().target().model() + " on " + config.datasetDescription()
                + " (method " + config.methodName() + "): no model is called");
        out.print(plan.table());
        try {
            PlanFiles.write(config.outputs().directory(), config, plan);
        } catch (IOException e) {
            Console.warn(
                    err, "the plan could not be written to " + config.outputs().directory() + ": " + e.getMessage());
            return 1;
        }
        out.println("plan: " + config.outputs().directory().resolve(PlanFiles.MARKDOWN) + " and " + PlanFiles.JSON_FILE
                + "; dry run: no release decision");
        return 0;
    }
}
