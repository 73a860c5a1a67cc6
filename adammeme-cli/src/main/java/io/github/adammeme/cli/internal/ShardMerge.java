package io.github.adammeme.cli.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.report.TruncatedAnswers;
import io.github.adammeme.internal.report.run.RunFileLines;
import io.github.adammeme.internal.summary.Metrics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Joins the outputs of a sharded run ({@code adammeme.shard=i/n}) into one: samples and chains are
 * the union of the shards' (each reported by exactly one shard), the figures are computed again from
 * them, usage is summed; mining, identical in every shard, is taken from the first; the pictures the
 * samples name are copied beside them. Allure result
 * folders are joined file by file (results are named by UUID), regular files only: a link in a
 * shard's folder is not followed out of it. Every shard of the run must be given exactly once,
 * or the merged figures would silently describe part of a run.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ShardMerge {

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private ShardMerge() {}

    /**
     * @param shards the shards' output folders, each shard of the run once
     * @param out the merged output folder
     * @return the merged figures, for the console
     * @throws IllegalArgumentException when no shard is given, one is given twice, or a folder is not a
     *     finished run's
     */
    public static Metrics merge(List<Path> shards, Path out) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shard outputs to merge");
        }
        distinct(shards);
        try {
            List<JsonNode> summaries = new ArrayList<>();
            Map<String, ScoredSample> originals = new LinkedHashMap<>();
            Map<String, ScoredSample> refined = new LinkedHashMap<>();
            Map<String, Path> parts = new LinkedHashMap<>();
            Map<Path, String> unfinished = new LinkedHashMap<>();
            Map<String, Path> pictures = new LinkedHashMap<>();
            for (Path shard : shards) {
                String lacking = lacking(shard);
                if (lacking != null) {
                    unfinished.put(shard, lacking);
                    continue;
                }
                Path summary = shard.resolve(EvaluationWriter.SUMMARY);
                Path samples = shard.resolve(EvaluationWriter.SAMPLES);
                JsonNode read;
                try {
                    read = JSON.readTree(summary.toFile());
                } catch (IOException e) {
                    throw new IllegalArgumentException(summary + " is not a run's summary: " + e.getMessage());
                }
                if (read == null
                        || !read.path("run").isObject()
                        || read.path("lost").asBoolean(false)) {
                    throw new IllegalArgumentException(summary + " is not the summary of a finished run"
                            + (read != null && read.path("lost").asBoolean(false)
                                    ? ": that shard's run was lost ("
                                            + read.path("reason").asText() + ")"
                                    : ""));
                }
                Path sameShard = parts.put(read.at("/run/shard").asText(), shard);
                if (sameShard != null) {
                    throw new IllegalArgumentException(shard + " and " + sameShard + " are both shard "
                            + read.at("/run/shard").asText() + "; each shard's output is merged once");
                }
                summaries.add(read);
                int[] lines = {0};
                try {
                    RunFileLines.forEach(samples, (number, line) -> {
                        if (line.isBlank()) {
                            return;
                        }
                        lines[0]++;
                        ScoredSample s;
                        try {
                            s = JSON.readValue(line, ScoredSample.class);
                        } catch (IOException e) {
                            throw new IllegalArgumentException(shard.resolve(EvaluationWriter.SAMPLES) + " line "
                                    + number + " is not a sample: " + e.getMessage());
                        }
                        if (s.shownImage() != null) {
                            pictures.putIfAbsent(s.shownImage(), shard);
                        }
                        ScoredSample earlier = (s.refined() ? refined : originals).putIfAbsent(s.id(), s);
                        if (earlier != null && !earlier.equals(s)) {
                            throw new IllegalArgumentException(
                                    "sample " + s.id() + " differs between shards; were they run "
                                            + "with the same configuration and prompts?");
                        }
                    });
                } catch (RunFileLines.TooLong e) {
                    throw new IllegalArgumentException(e.getMessage());
                }
                String cutShort = RunFileLines.notTheSummarys(samples, lines[0], read);
                if (cutShort != null) {
                    throw new IllegalArgumentException("shard " + cutShort);
                }
            }
            if (!unfinished.isEmpty()) {
                throw new IllegalArgumentException(unfinished(parts, unfinished));
            }
            complete(parts);
            JsonNode first = summaries.get(0);
            List<String> categories = new ArrayList<>();
            first.path("taxonomy").forEach(c -> categories.add(c.path("name").asText()));
            Metrics metrics = Tally.metrics(
                    categories,
                    List.copyOf(originals.values()),
                    List.copyOf(refined.values()),
                    first.at("/metrics/threshold").asDouble(),
                    first.at("/metrics/refusalCountsAsFailure").asBoolean());

            ObjectNode merged = first.deepCopy();
            // The first shard's decision judged its part only; the merged run is judged on its own figures.
            merged.remove("decision");
            ((ObjectNode) merged.path("run")).put("shard", "merged from " + shards.size() + " shards");
            ((ObjectNode) merged.path("memes")).put("sampledPairs", originals.size());
            ((ObjectNode) merged.path("memes")).put("refinedSamples", refined.size());
            merged.set("metrics", JSON.valueToTree(metrics));
            ArrayNode chains = JSON.createArrayNode();
            summaries.forEach(s -> s.path("chains").forEach(chains::add));
            merged.set("chains", chains);
            ArrayNode usage = usage(summaries);
            merged.set("usage", usage);
            // Counted again from the summed usage: the first shard's counts are its own part's.
            merged.set(
                    "truncatedAnswers",
                    JSON.valueToTree(TruncatedAnswers.of(List.of(JSON.treeToValue(usage, UsageLedger.Line[].class)))));

            Files.createDirectories(out);
            EvaluationWriter.writeAtomically(
                    out.resolve(EvaluationWriter.SUMMARY),
                    w -> JSON.writerWithDefaultPrettyPrinter().writeValue(w, merged));
            EvaluationWriter.writeAtomically(out.resolve(EvaluationWriter.SAMPLES), w -> {
                for (ScoredSample s : Stream.concat(originals.values().stream(), refined.values().stream())
                        .toList()) {
                    w.write(JSON.writeValueAsString(s));
                    w.write('\n');
                }
            });
            Files.copy(
                    regularFile(shards.get(0), EvaluationWriter.MEMES),
                    out.resolve(EvaluationWriter.MEMES),
                    StandardCopyOption.REPLACE_EXISTING);
            copyPictures(pictures, out);
            return metrics;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot merge shards into " + out, e);
        }
    }

    /**
     * The pictures the samples name, from the shard that showed each into the merged folder: a sample names its
     * picture relative to its run's folder, so the merged samples.jsonl names them as the shards did. Only a name
     * in the pictures' folder is followed, and only to a regular file.
     */
    private static void copyPictures(Map<String, Path> pictures, Path out) throws IOException {
        for (Map.Entry<String, Path> picture : pictures.entrySet()) {
            Path name = Path.of(picture.getKey()).normalize();
            Path source = picture.getValue().resolve(name);
            if (name.getNameCount() != 2
                    || !name.getName(0).toString().equals(ScoredSample.SHOWN_IMAGES)
                    || !Files.isRegularFile(source, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Path target = out.resolve(name);
            Files.createDirectories(target.getParent());
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The same folder given twice is one shard counted twice. */
    static void distinct(List<Path> folders) {
        Map<Path, Path> seen = new LinkedHashMap<>();
        for (Path folder : folders) {
            Path real;
            try {
                real = folder.toRealPath();
            } catch (IOException e) {
                throw new IllegalArgumentException(folder + " does not exist or cannot be read: " + e.getMessage());
            }
            Path earlier = seen.put(real, folder);
            if (earlier != null) {
                throw new IllegalArgumentException(
                        folder + " is given twice (also as " + earlier + "); each shard's output" + " is merged once");
            }
        }
    }

    /**
     * Folders without a finished run's files, named with the shards that are missing from the others: a shard
     * killed, or a job whose output was not kept, is the shard to run again, not a folder of unknown content.
     */
    private static String unfinished(Map<String, Path> parts, Map<Path, String> unfinished) {
        List<String> missing = parts.isEmpty() ? List.of() : missing(parts);
        StringBuilder sb = new StringBuilder();
        if (!missing.isEmpty()) {
            sb.append(missing.size() > 1 ? "shards " : "shard ")
                    .append(String.join(", ", missing))
                    .append(" of the run ")
                    .append("did not finish: ");
        }
        List<String> folders = new ArrayList<>();
        unfinished.forEach((folder, lacking) -> folders.add(folder + " holds no " + lacking));
        sb.append(String.join("; ", folders))
                .append(" (its run was killed or lost before it wrote its results, or its" + " output was not kept)");
        sb.append(
                parts.isEmpty()
                        ? "; no folder given holds a finished shard's output"
                        : "; run " + (missing.size() == 1 ? "that shard" : "those shards")
                                + " again (on the same call cache"
                                + " a shard pays only for the answers it had not stored) and merge again: merged figures would describe"
                                + " part of the run");
        return sb.toString();
    }

    /** Shards i/n of one run: every i from 1 to n present. */
    private static void complete(Map<String, Path> parts) {
        List<String> missing = missing(parts);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("shard" + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing)
                    + " of the run " + (missing.size() > 1 ? "are" : "is")
                    + " missing: merged figures would describe part"
                    + " of it; given " + parts.keySet());
        }
    }

    /** The shards i/n of the run that no folder holds; the split's n checked the same in every folder. */
    private static List<String> missing(Map<String, Path> parts) {
        List<String> missing = new ArrayList<>();
        int total = -1;
        for (String part : parts.keySet()) {
            String[] in = part.split("/");
            if (in.length != 2 || !in[1].matches("\\d{1,6}")) {
                throw new IllegalArgumentException(
                        parts.get(part) + " is not a shard's output (its run says shard '" + part + "')");
            }
            int n = Integer.parseInt(in[1]);
            if (total >= 0 && n != total) {
                throw new IllegalArgumentException(parts.get(part) + " is shard " + part + " of another split than the"
                        + " others (of " + total + ")");
            }
            total = n;
        }
        for (int i = 1; i <= total; i++) {
            if (!parts.containsKey(i + "/" + total)) {
                missing.add(i + "/" + total);
            }
        }
        return missing;
    }

    /** What a shard's folder lacks of a finished run's files, which must be regular files, not links out of it; null when nothing. */
    private static @Nullable String lacking(Path shard) {
        for (String name : List.of(EvaluationWriter.SUMMARY, EvaluationWriter.SAMPLES)) {
            Path file = shard.resolve(name);
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return name + (Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? " as a regular file" : "");
            }
        }
        return null;
    }

    /** A file of a shard's output, which must be a regular file, not a link out of the folder. */
    private static Path regularFile(Path shard, String name) {
        Path file = shard.resolve(name);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(shard + " holds no " + name
                    + (Files.exists(file) ? " as a regular file" : "") + ": not a run's output");
        }
        return file;
    }

    /** Usage lines summed over shards by stage, role and model. */
    private static ArrayNode usage(List<JsonNode> summaries) {
        Map<String, ObjectNode> lines = new LinkedHashMap<>();
        for (JsonNode s : summaries) {
            for (JsonNode line : s.path("usage")) {
                String key = line.path("stage").asText() + "\u0000"
                        + line.path("role").asText() + "\u0000"
                        + line.path("model").asText();
                ObjectNode sum = lines.get(key);
                if (sum == null) {
                    lines.put(key, line.deepCopy());
                    continue;
                }
                line.fields().forEachRemaining(f -> {
                    if (f.getValue().isIntegralNumber()) {
                        // counts: a sum past what a long holds stops there, never wraps to a negative count
                        sum.put(
                                f.getKey(),
                                Usage.plus(
                                        Math.max(0, sum.path(f.getKey()).asLong()),
                                        Math.max(0, f.getValue().asLong())));
                    } else if (f.getValue().isFloatingPointNumber()) {
                        sum.put(
                                f.getKey(),
                                sum.path(f.getKey()).asDouble() + f.getValue().asDouble());
                    }
                });
            }
        }
        ArrayNode out = JSON.createArrayNode();
        lines.values().forEach(out::add);
        return out;
    }
}
