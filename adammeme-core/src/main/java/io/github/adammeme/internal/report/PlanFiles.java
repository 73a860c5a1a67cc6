package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.progress.RunPlan;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * A dry run's files: plan.md and plan.json, for CI to keep, and a summary.json that says the run was a dry run,
 * so no reader takes it (or an older run's summary left in the folder) for a run with figures: baselines, the
 * gate command and the Maven plugin's gate goal all read that file.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PlanFiles {

    /** The plan as people read it. */
    public static final String MARKDOWN = "plan.md";
    /** The plan as programs read it. */
    public static final String JSON_FILE = "plan.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    private PlanFiles() {}

    /**
     * @param directory the output folder
     * @param config    the run's settings
     * @param plan      the plan
     * @throws IOException when a file cannot be written
     */
    public static void write(Path directory, EvaluationConfig config, RunPlan plan) throws IOException {
        Files.createDirectories(directory);
        String markdown = "# AdamMeme plan: " + config.models().target().model() + " on " + config.datasetDescription()
                + "\n\nMethod: " + config.methodName()
                + ". A dry run: no model was called. Expected counts are estimates"
                + " (each line says what it assumes); the maxima are bounds.\n\n" + plan.table();
        EvaluationWriter.writeText(directory.resolve(MARKDOWN), Secrets.redact(markdown));
        EvaluationWriter.writeText(
                directory.resolve(JSON_FILE),
                Secrets.redact(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(plan)));
        ObjectNode root = JSON.createObjectNode();
        root.put("dryRun", true);
        root.put(
                "reason",
                "a dry run (adammeme.dry-run=true): no model was called and no figure computed; the plan is in "
                        + JSON_FILE);
        root.putObject("run")
                .put("target", config.models().target().model())
                .put("dataset", config.datasetDescription());
        root.put("expectedCalls", plan.expectedCalls());
        root.put("expectedCostUsd", plan.costUsd());
        EvaluationWriter.writeText(
                directory.resolve(EvaluationWriter.SUMMARY),
                Secrets.redact(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root)));
    }
}
