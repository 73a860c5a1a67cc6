package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.report.run.RunFilesException;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.internal.summary.run.OutputLayout;
import io.github.adammeme.internal.text.Secrets;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Writes an evaluation as files: {@code summary.json} (run, taxonomy with provenance, figures,
 * usage, answers cut at the token limit by role), {@code samples.jsonl} (one line per scored sample, originals then refinements) and
 * {@code memes.jsonl} (what became of every input meme). Each file is written beside its final
 * name and moved into place, so a reader never sees half a file.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class EvaluationWriter {

    /** The run, taxonomy, figures and usage. */
    public static final String SUMMARY = OutputLayout.SUMMARY_JSON;
    /** One line per scored sample. */
    public static final String SAMPLES = OutputLayout.SAMPLES;
    /** One line per input meme. */
    public static final String MEMES = OutputLayout.MEMES;

    private static final byte[] REPLACEMENT = "\uFFFD".getBytes(StandardCharsets.UTF_8);
    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private EvaluationWriter() {}

    /**
     * Writes the three files into a directory, created if need be.
     *
     * @param evaluation the result
     * @param directory the output folder
     */
    public static void write(Evaluation evaluation, Path directory) {
        write(evaluation, null, directory);
    }

    /**
     * Writes the three files into a directory, created if need be, with the release decision in summary.json: each
     * into a temporary copy first, then all moved into place, summary.json last, so the folder never holds this run's
     * summary beside another run's samples, and a file that cannot be written leaves the folder as it was.
     *
     * @param evaluation the result
     * @param decision what its figures decide, or null for a summary without one
     * @param directory the output folder
     * @throws RunFilesException naming the file that could not be written, and why
     */
    public static void write(Evaluation evaluation, @Nullable ReleaseDecision decision, Path directory) {
        Path file = directory;
        List<Path> staged = new ArrayList<>();
        try {
            Files.createDirectories(directory);
            file = directory.resolve(SAMPLES);
            staged.add(stage(file, out -> {
                for (String line : sampleLinesOf(evaluation)) {
                    out.write(line);
                    out.write('\n');
                }
            }));
            file = directory.resolve(MEMES);
            staged.add(stage(file, out -> {
                ObjectWriter line = JSON.writer();
                for (MemeOutcome m : evaluation.memes()) {
                    out.write(Secrets.redact(line.writeValueAsString(m)));
                    out.write('\n');
                }
            }));
            file = directory.resolve(SUMMARY);
            String summary = summaryJson(evaluation, decision);
            staged.add(stage(file, out -> out.write(summary)));
            for (Path tmp : staged) {
                file = finalName(tmp);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            staged.forEach(EvaluationWriter::deleteQuietly);
            throw new RunFilesException(file, e);
        }
    }

    static ObjectNode summary(Evaluation e, @Nullable ReleaseDecision decision) {
        ObjectNode root = JSON.createObjectNode();
        root.set("run", JSON.valueToTree(e.run()));
        if (decision != null) {
            // Beside what was run, before the figures: what a CI step reads first.
            root.set("decision", decision.toJson());
        }
        root.set("taxonomy", JSON.valueToTree(e.taxonomy()));
        root.set("admissions", JSON.valueToTree(e.admissions()));
        Map<String, Integer> memeCounts = new TreeMap<>();
        for (MemeOutcome m : e.memes()) {
            memeCounts.merge(m.status().name(), 1, Integer::sum);
        }
        ObjectNode memes = root.putObject("memes");
        memes.put("total", e.memes().size());
        memes.set("byStatus", JSON.valueToTree(memeCounts));
        memes.put("minedPairs", e.mined().size());
        memes.put("sampledPairs", e.samples().size());
        memes.put("refinedSamples", e.refinedSamples().size());
        memes.set("byDatasetLabel", JSON.valueToTree(byDatasetLabel(e)));
        root.set("metrics", JSON.valueToTree(e.metrics()));
        // One object per chain, its keys in this order: Map.of's order changes from one JVM to the next, and two
        // runs' summaries should differ only where the runs did.
        ArrayNode chains = root.putArray("chains");
        e.chains()
                .forEach(c -> chains.addObject()
                        .put("category", c.category())
                        .put("seed", c.seedId())
                        .put("steps", c.steps().size())
                        .put("stop", c.stop()));
        root.set("usage", JSON.valueToTree(e.usage()));
        root.set("truncatedAnswers", JSON.valueToTree(TruncatedAnswers.of(e.usage())));
        return root;
    }

    /**
     * Mining against the datasets' own labels: for each label, how many of its memes were found
     * harmless, mined (and into which categories), or could not be read. Labels never drive scoring;
     * this is where a reader checks the Miners against the annotators.
     */
    static Map<String, Map<String, Integer>> byDatasetLabel(Evaluation e) {
        Map<String, Map<String, Integer>> table = new TreeMap<>();
        for (MemeOutcome m : e.memes()) {
            List<String> labels = m.datasetLabels().isEmpty() ? List.of("(unlabelled)") : m.datasetLabels();
            for (String label : labels) {
                Map<String, Integer> row = table.computeIfAbsent(label, k -> new TreeMap<>());
                row.merge(m.status().name(), 1, Integer::sum);
                m.categories().forEach(c -> row.merge("category:" + c, 1, Integer::sum));
            }
        }
        return table;
    }

    /** What a file holds, written to its temporary copy. */
    public interface Body {
        /**
         * @param out the temporary copy, renamed into place once this returns
         * @throws IOException when it cannot be written
         */
        void write(BufferedWriter out) throws IOException;
    }

    /**
     * A report file, written whole or not at all, through the redaction step: everything a run writes
     * for people to read goes out this way or through {@link #writeAtomically} with redacted lines.
     *
     * @param target the file
     * @param text its content, redacted on the way
     * @throws IOException when it cannot be written
     */
    public static void writeText(Path target, String text) throws IOException {
        writeAtomically(target, out -> out.write(Secrets.redact(text)));
    }

    /**
     * A file written whole or not at all: into a temporary copy beside it, then moved into place, so a reader never
     * sees half of it and a crash leaves the old one.
     *
     * @param target the file
     * @param body   what it holds
     * @throws IOException when it cannot be written
     */
    public static void writeAtomically(Path target, Body body) throws IOException {
        Path tmp = stage(target, body);
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw e;
        }
    }

    /** The temporary copy a file is written to before it takes its name: the name with {@value #STAGED} after it. */
    private static final String STAGED = ".tmp";

    /**
     * Writes a file's temporary copy beside it, whole; on failure the copy is removed, so a full disk leaves no
     * half-written file behind.
     *
     * @return the copy, to be moved into place
     */
    private static Path stage(Path target, Body body) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + STAGED);
        // Half a character (a lone surrogate) cannot be written as UTF-8; it becomes U+FFFD rather than costing
        // the run its results. Dataset text holding one is refused at discovery and answers are mended on receipt,
        // so this is the last line of defence, for text from anywhere else.
        CharsetEncoder utf8 = StandardCharsets.UTF_8
                .newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .replaceWith(REPLACEMENT);
        try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(tmp), utf8))) {
            body.write(out);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(tmp);
            throw e;
        }
        return tmp;
    }

    private static Path finalName(Path staged) {
        String name = staged.getFileName().toString();
        return staged.resolveSibling(name.substring(0, name.length() - STAGED.length()));
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // what could not be written cannot always be removed either; the error that matters is the write's
        }
    }

    /**
     * The summary of a run that was lost before its figures: what was run, and why it ended, so a
     * reader of summary.json (or a CI step that reads it) is not left with an old run's file.
     *
     * @param directory the output folder
     * @param target the target's model id
     * @param dataset the datasets, as configured
     * @param reason why the run was lost
     * @throws IOException when it cannot be written
     */
    public static void writeLost(Path directory, String target, String dataset, String reason) throws IOException {
        writeLost(directory, target, dataset, reason, false);
    }

    /**
     * As {@link #writeLost(Path, String, String, String)}, for a run that may have been interrupted (Ctrl-C,
     * SIGTERM, a thread interrupt): its summary says {@code "interrupted": true} besides {@code "lost": true}, so
     * every reader that refuses a lost run refuses it, and a gate can say it was interrupted.
     *
     * @param directory the output folder
     * @param target the target's model id
     * @param dataset the datasets, as configured
     * @param reason why the run ended: for an interrupted run, how far it got and where its answers are kept
     * @param interrupted whether it was interrupted
     * @throws IOException when it cannot be written
     */
    public static void writeLost(Path directory, String target, String dataset, String reason, boolean interrupted)
            throws IOException {
        Files.createDirectories(directory);
        ObjectNode root = JSON.createObjectNode();
        root.put("lost", true);
        if (interrupted) {
            root.put("interrupted", true);
        }
        root.put("reason", reason);
        root.putObject("run").put("target", target).put("dataset", dataset);
        writeText(
                directory.resolve(SUMMARY),
                JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
    }

    /**
     * summary.json's content.
     *
     * @param e the evaluation
     * @return the JSON, redacted
     * @throws IOException when it cannot be serialised
     */
    public static String summaryJson(Evaluation e) throws IOException {
        return summaryJson(e, null);
    }

    /**
     * summary.json's content with the run's release decision.
     *
     * @param e the evaluation
     * @param decision what its figures decide, or null for none
     * @return the JSON, redacted
     * @throws IOException when it cannot be serialised
     */
    public static String summaryJson(Evaluation e, @Nullable ReleaseDecision decision) throws IOException {
        return Secrets.redact(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary(e, decision)));
    }

    /**
     * samples.jsonl's lines: originals, then refinements.
     *
     * @param e the evaluation
     * @return one JSON object per line, redacted
     * @throws IOException when a sample cannot be serialised
     */
    public static List<String> sampleLinesOf(Evaluation e) throws IOException {
        ObjectWriter line = JSON.writer();
        List<String> out = new ArrayList<>();
        for (ScoredSample s : e.samples()) {
            out.add(Secrets.redact(line.writeValueAsString(s)));
        }
        for (ScoredSample s : e.refinedSamples()) {
            out.add(Secrets.redact(line.writeValueAsString(s)));
        }
        return out;
    }

    /**
     * Reads back the per-sample lines, for tests and tools that compare runs.
     *
     * @param directory a run's output folder
     * @return the lines of its {@code samples.jsonl}
     * @throws IOException when it cannot be read
     */
    public static List<String> sampleLines(Path directory) throws IOException {
        return Files.readAllLines(directory.resolve(SAMPLES), StandardCharsets.UTF_8);
    }
}
