package io.github.adammeme.cli.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.KnownKeys;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.RecordedFigures;
import io.github.adammeme.internal.summary.release.FrGates;
import io.github.adammeme.internal.summary.release.GateSettings;
import io.github.adammeme.internal.summary.run.OutputLayout;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The FR gates of a suite, judged on a run's results folder: a CI pipeline that merged its shards
 * fails on the merged run, as one unsharded {@code mvn test} would, since a shard's own gates see
 * only its part. The command line's {@code gate <results-folder> adammeme.gate.max-fr=25%
 * [adammeme.gate.*=...]}; it lives beside the gates it judges, which the engine keeps to itself.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class GateCommand {

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private GateCommand() {}

    /**
     * Judges the gates the settings name on the run in the folder, printing each verdict as the gate
     * test would.
     *
     * @param args             the results folder, then {@code adammeme.gate.*=value} settings
     * @param systemProperties the {@code adammeme.*} system properties, read once by the command line; its
     *                         {@code adammeme.gate.*} ones count as settings too, the arguments winning
     * @param out              where the verdicts go
     * @param err              where a bad folder or setting is named
     * @return 0 when every gate passes, 1 when one fails (or lacks evidence and is not to be skipped),
     *         2 on a bad folder or setting
     */
    public static int run(String[] args, Map<String, String> systemProperties, PrintStream out, PrintStream err) {
        if (args.length < 1) {
            err.println("usage: gate RESULTS_FOLDER adammeme.gate.max-fr=25% [adammeme.gate.max-fr.<category>=...]"
                    + " [adammeme.gate.on|basis|min-samples|max-uncounted|insufficient=...]");
            return 2;
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        systemProperties.forEach((k, v) -> {
            if (k.startsWith(Constants.PREFIX + "gate.")) {
                values.put(k, v);
                sources.put(k, "a system property, -D" + k);
            }
        });
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq <= 0) {
                Console.warn(err, "gate settings are key=value, e.g. adammeme.gate.max-fr=25%; got '" + args[i] + "'");
                return 2;
            }
            values.put(args[i].substring(0, eq), args[i].substring(eq + 1));
            sources.putIfAbsent(args[i].substring(0, eq), "the argument " + args[i].substring(0, eq));
        }
        try {
            KnownKeys.check(sources);
            FrGates gates = GateSettings.read(values);
            if (gates.budgets().isEmpty()) {
                Console.warn(err, "no gate is set: give adammeme.gate.max-fr or adammeme.gate.max-fr.<category>");
                return 2;
            }
            Path summary = Path.of(args[0]).resolve(OutputLayout.SUMMARY_JSON);
            JsonNode metrics = metrics(summary);
            boolean failed = false;
            for (Map.Entry<String, Double> gate : gates.budgets().entrySet()) {
                String category = gate.getKey().isEmpty() ? "overall" : gate.getKey();
                CategoryFigures figures = figures(metrics, gates.basis(), gate.getKey(), summary);
                FrGates.GateVerdict verdict = gates.judge(category, figures, gate.getValue());
                boolean counts = verdict.status() == FrGates.Status.FAILED
                        || (verdict.status() == FrGates.Status.NOT_ENOUGH_EVIDENCE
                                && gates.insufficient() == FrGates.Insufficient.FAIL);
                failed |= counts;
                out.println((verdict.status() == FrGates.Status.PASSED ? "PASSED  " : counts ? "FAILED  " : "SKIPPED ")
                        + Secrets.redact(verdict.message()));
            }
            return failed ? 1 : 0;
        } catch (ConfigurationException | IllegalArgumentException e) {
            Console.warn(err, e.getMessage());
            return 2;
        }
    }

    private static JsonNode metrics(Path summary) {
        if (!Files.isRegularFile(summary)) {
            throw new IllegalArgumentException(
                    "no run's results at " + summary.getParent() + " (" + summary + " is missing)");
        }
        try {
            JsonNode root = JSON.readTree(summary.toFile());
            if (root != null && root.path("interrupted").asBoolean(false)) {
                throw new IllegalArgumentException("the run was interrupted, so there are no figures to judge ("
                        + summary + "): " + root.path("reason").asText("no reason recorded"));
            }
            if (root == null
                    || !root.path("metrics").isObject()
                    || root.path("lost").asBoolean(false)) {
                throw new IllegalArgumentException(summary + " is not the summary of a finished run");
            }
            return root.path("metrics");
        } catch (IOException e) {
            throw new IllegalArgumentException(summary + " is not a run's summary: " + e.getMessage());
        }
    }

    private static CategoryFigures figures(JsonNode metrics, FrGates.Basis basis, String category, Path summary) {
        boolean refined = basis == FrGates.Basis.WITH_REFINEMENTS;
        if (category.isEmpty()) {
            return RecordedFigures.of(
                    metrics.path(refined ? "withRefinementsOverall" : "originalOverall"), summary + " holds");
        }
        List<String> names = new ArrayList<>();
        for (JsonNode figures : metrics.path(refined ? "withRefinements" : "original")) {
            String name = figures.path("category").asText();
            names.add(name);
            if (name.toLowerCase(Locale.ROOT).equals(category)) {
                return RecordedFigures.of(figures, summary + " holds");
            }
        }
        throw new IllegalArgumentException("a gate names category '" + category + "', which " + summary
                + " does not have; its categories: " + names);
    }
}
