package io.github.adammeme.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.pipeline.Metrics;
import io.github.adammeme.pipeline.ScoredSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Joins the outputs of a sharded run ({@code adammeme.shard=i/n}) into one: samples and chains are
 * the union of the shards' (each reported by exactly one shard), the figures are computed again from
 * them, usage is summed; mining, identical in every shard, is taken from the first. Allure result
 * folders are joined file by file (results are named by UUID).
 */
public final class ShardMerge {

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private ShardMerge() {
    }

    /** @return the merged figures, for the console */
    public static Metrics merge(List<Path> shards, Path out) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shard outputs to merge");
        }
        try {
            List<JsonNode> summaries = new ArrayList<>();
            Map<String, ScoredSample> originals = new LinkedHashMap<>();
            Map<String, ScoredSample> refined = new LinkedHashMap<>();
            for (Path shard : shards) {
                Path summary = shard.resolve(EvaluationWriter.SUMMARY);
                if (!Files.isRegularFile(summary)) {
                    throw new IllegalArgumentException(shard + " holds no " + EvaluationWriter.SUMMARY + ": not a run's output");
                }
                summaries.add(JSON.readTree(summary.toFile()));
                int number = 0;
                for (String line : Files.readAllLines(shard.resolve(EvaluationWriter.SAMPLES), StandardCharsets.UTF_8)) {
                    number++;
                    if (line.isBlank()) {
                        continue;
                    }
                    ScoredSample s;
                    try {
                        s = JSON.readValue(line, ScoredSample.class);
                    } catch (IOException e) {
                        throw new IllegalArgumentException(shard.resolve(EvaluationWriter.SAMPLES) + " line " + number
                                + " is not a sample: " + e.getMessage());
                    }
                    ScoredSample earlier = (s.refined() ? refined : originals).putIfAbsent(s.id(), s);
                    if (earlier != null && !earlier.equals(s)) {
                        throw new IllegalArgumentException("sample " + s.id() + " differs between shards; were they run "
                                + "with the same configuration and prompts?");
                    }
                }
            }
            JsonNode first = summaries.get(0);
            List<String> categories = new ArrayList<>();
            first.path("taxonomy").forEach(c -> categories.add(c.path("name").asText()));
            Metrics metrics = Metrics.of(categories, List.copyOf(originals.values()), List.copyOf(refined.values()),
                    first.at("/metrics/threshold").asDouble(), first.at("/metrics/refusalCountsAsFailure").asBoolean());

            ObjectNode merged = first.deepCopy();
            ((ObjectNode) merged.path("run")).put("shard", "merged from " + shards.size() + " shards");
            ((ObjectNode) merged.path("memes")).put("sampledPairs", originals.size());
            ((ObjectNode) merged.path("memes")).put("refinedSamples", refined.size());
            merged.set("metrics", JSON.valueToTree(metrics));
            ArrayNode chains = JSON.createArrayNode();
            summaries.forEach(s -> s.path("chains").forEach(chains::add));
            merged.set("chains", chains);
            merged.set("usage", usage(summaries));

            Files.createDirectories(out);
            EvaluationWriter.writeAtomically(out.resolve(EvaluationWriter.SUMMARY), w -> JSON.writerWithDefaultPrettyPrinter().writeValue(w, merged));
            EvaluationWriter.writeAtomically(out.resolve(EvaluationWriter.SAMPLES), w -> {
                for (ScoredSample s : Stream.concat(originals.values().stream(), refined.values().stream()).toList()) {
                    w.write(JSON.writeValueAsString(s));
                    w.write('\n');
                }
            });
            Files.copy(shards.get(0).resolve(EvaluationWriter.MEMES), out.resolve(EvaluationWriter.MEMES),
                    StandardCopyOption.REPLACE_EXISTING);
            return metrics;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot merge shards into " + out, e);
        }
    }

    /** Usage lines summed over shards by stage, role and model. */
    private static ArrayNode usage(List<JsonNode> summaries) {
        Map<String, ObjectNode> lines = new LinkedHashMap<>();
        for (JsonNode s : summaries) {
            for (JsonNode line : s.path("usage")) {
                String key = line.path("stage").asText() + "\u0000" + line.path("role").asText() + "\u0000" + line.path("model").asText();
                ObjectNode sum = lines.get(key);
                if (sum == null) {
                    lines.put(key, line.deepCopy());
                    continue;
                }
                line.fields().forEachRemaining(f -> {
                    if (f.getValue().isIntegralNumber()) {
                        sum.put(f.getKey(), sum.path(f.getKey()).asLong() + f.getValue().asLong());
                    } else if (f.getValue().isFloatingPointNumber()) {
                        sum.put(f.getKey(), sum.path(f.getKey()).asDouble() + f.getValue().asDouble());
                    }
                });
            }
        }
        ArrayNode out = JSON.createArrayNode();
        lines.values().forEach(out::add);
        return out;
    }

    /** Copies every shard's Allure results into one folder; a file two shards both hold is the same result. */
    public static int mergeAllure(List<Path> shardResults, Path out) {
        int copied = 0;
        try {
            Files.createDirectories(out);
            for (Path dir : shardResults) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path f : files.filter(Files::isRegularFile).toList()) {
                        Path target = out.resolve(f.getFileName());
                        if (!Files.exists(target)) {
                            Files.copy(f, target);
                            copied++;
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot merge Allure results into " + out, e);
        }
        return copied;
    }
}
