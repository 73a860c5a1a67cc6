package io.github.adammeme.cli.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.pipeline.run.RunInfo;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.report.run.RunFileLines;
import io.github.adammeme.internal.summary.Metrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A finished run read back from its output folder (summary.json and samples.jsonl) as far as its
 * figures and charts need: what was run, the taxonomy, every sample and chain, and the figures
 * computed again from the samples. Runs made apart (on other machines, by other releases, imported
 * from the reference implementation) are set side by side this way.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RunFolder {

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private RunFolder() {}

    /**
     * @param folder a run's output folder
     * @return the run, without its mining records and usage, which figures and charts do not read
     * @throws IllegalArgumentException naming the file (and line) that is missing, unreadable, a lost
     *     run's, or cut short
     */
    public static Evaluation read(Path folder) {
        Path summaryFile = folder.resolve(EvaluationWriter.SUMMARY);
        Path samplesFile = folder.resolve(EvaluationWriter.SAMPLES);
        for (Path required : List.of(summaryFile, samplesFile)) {
            if (!Files.isRegularFile(required)) {
                throw new IllegalArgumentException(
                        folder + " holds no " + required.getFileName() + ": not a run's output");
            }
        }
        try {
            JsonNode summary = JSON.readTree(summaryFile.toFile());
            if (summary == null
                    || !summary.path("run").isObject()
                    || summary.path("lost").asBoolean(false)) {
                throw new IllegalArgumentException(summaryFile + " is not the summary of a finished run");
            }
            RunInfo run = JSON.treeToValue(summary.get("run"), RunInfo.class);
            List<ScoredSample> originals = new ArrayList<>();
            Map<String, List<ScoredSample>> bySeed = new LinkedHashMap<>();
            int[] count = {0};
            RunFileLines.forEach(samplesFile, (number, line) -> {
                if (line.isBlank()) {
                    return;
                }
                count[0]++;
                ScoredSample s;
                try {
                    s = JSON.readValue(line, ScoredSample.class);
                } catch (IOException e) {
                    throw new IllegalArgumentException(
                            samplesFile + " line " + number + " is not a sample: " + e.getMessage());
                }
                if (s.refined()) {
                    bySeed.computeIfAbsent(s.category() + "\u0000" + s.madeBy().seedId(), k -> new ArrayList<>())
                            .add(s);
                } else {
                    originals.add(s);
                }
            });
            String cutShort = RunFileLines.notTheSummarys(samplesFile, count[0], summary);
            if (cutShort != null) {
                throw new IllegalArgumentException(cutShort);
            }
            Map<String, String> stops = new HashMap<>();
            summary.path("chains")
                    .forEach(c -> stops.put(
                            c.path("category").asText() + "\u0000"
                                    + c.path("seed").asText(),
                            c.path("stop").asText("")));
            List<Chain> chains = new ArrayList<>();
            bySeed.forEach((key, steps) -> chains.add(new Chain(
                    steps.get(0).category(), steps.get(0).madeBy().seedId(), steps, stops.getOrDefault(key, ""))));
            List<Category> taxonomy = new ArrayList<>();
            summary.path("taxonomy")
                    .forEach(c -> taxonomy.add(new Category(
                            c.path("name").asText(), c.path("description").asText(""), null)));
            Metrics metrics = Tally.metrics(
                    taxonomy.stream().map(Category::name).toList(),
                    originals,
                    chains.stream().flatMap(c -> c.steps().stream()).toList(),
                    summary.at("/metrics/threshold").asDouble(),
                    summary.at("/metrics/refusalCountsAsFailure").asBoolean());
            return new Evaluation(
                    run,
                    List.copyOf(taxonomy),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.copyOf(originals),
                    List.copyOf(chains),
                    metrics,
                    List.of());
        } catch (IOException e) {
            throw new IllegalArgumentException(folder + " cannot be read as a run: " + e.getMessage());
        } catch (RunFileLines.TooLong e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }
}
