package io.github.adammeme.internal.report.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.llm.cache.CacheDatabase;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.report.run.RunFileLines;
import io.github.adammeme.internal.report.run.RunRecords;
import io.github.adammeme.internal.summary.Outcome;
import io.github.adammeme.internal.text.ReportText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A previous run to compare against: the output directory of an evaluation (or its
 * {@code summary.json}), read back from its {@code summary.json} and {@code samples.jsonl}.
 *
 * @param source   the directory it was read from, or {@code cache:<run id>}
 * @param target   the model that run evaluated
 * @param samples  every sample it scored, originals then refinements
 * @param identity what that run's target answers belonged to and who the endpoint said gave them, in one line;
 *                 empty for a run that recorded neither
 */
@API(status = INTERNAL, since = "0.1.0")
public record Baseline(String source, String target, List<Sample> samples, String identity) {

    /**
     * A baseline whose run recorded no identity of its target.
     *
     * @param source  where it was read from
     * @param target  the model that run evaluated
     * @param samples every sample it scored
     */
    public Baseline(String source, String target, List<Sample> samples) {
        this(source, target, samples, "");
    }

    /** @return the baseline as a release decision's messages name it: its target, and where it was found */
    public String named() {
        return target + " (" + source + ")";
    }

    /** What the comparison needs of a baseline's sample: its identity, content and outcome. */
    public record Sample(
            String id,
            String category,
            String text,
            @Nullable String image,
            Outcome outcome,
            @Nullable Integer score) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A run recorded in the cache database: {@code selector} is a run id or a target, whose latest
     * recorded whole run that scored samples is taken.
     *
     * @param database the cache database the run was recorded in
     * @param selector a run id or a target
     * @return the baseline
     * @throws BaselineException when no such run is recorded, or a sample line is malformed
     */
    public static Baseline fromCache(CacheDatabase database, String selector) {
        return fromCache(database, selector, null);
    }

    /**
     * As {@link #fromCache(CacheDatabase, String)}, a target's last release taken among its runs on these datasets.
     *
     * @param database the cache database the run was recorded in
     * @param selector a run id or a target
     * @param dataset  the datasets this run evaluates, as a summary names them; null for any
     * @return the baseline
     * @throws BaselineException when no such run is recorded, or a sample line is malformed
     */
    public static Baseline fromCache(CacheDatabase database, String selector, @Nullable String dataset) {
        RunRecords.Run run = RunRecords.find(database, selector, dataset).orElseThrow(() -> {
            List<String> recorded = RunRecords.ids(database);
            return new BaselineException("no run " + selector + " is recorded in " + database.name()
                    + (recorded.isEmpty()
                            ? " (it records no runs)"
                            : "; a target's baseline is its last release, the latest"
                                    + " whole run that scored samples and did not fail its release decision"
                                    + (dataset == null ? "" : ", on this run's dataset " + dataset)
                                    + " (a shard's record holds part of a run; cache:<run id> names any one); recorded runs: "
                                    + recorded));
        });
        try {
            unfit(JSON.readTree(run.summary())).ifPresent(why -> {
                throw new BaselineException("run " + run.id() + " in " + database.name() + " " + why);
            });
        } catch (IOException e) {
            throw new BaselineException(
                    "run " + run.id() + " in " + database.name() + " has no readable summary: " + e.getMessage());
        }
        return of(database.name(), run);
    }

    /**
     * Why a run's summary cannot stand as a baseline, if it cannot: a comparison with a run that has no
     * figures, or with one shard's part of a run, would pass every check without evidence.
     *
     * @param summary the run's summary.json
     * @return the reason, to follow the run's name in a message; empty when it can be a baseline
     */
    public static Optional<String> unfit(JsonNode summary) {
        if (summary.path("dryRun").asBoolean(false)) {
            return Optional.of("was a dry run: it called no model and has no figures to compare with");
        }
        if (summary.path("lost").asBoolean(false)) {
            return Optional.of("was lost or stopped before its figures ("
                    + summary.path("reason").asText("no reason recorded") + "): it has none to compare with");
        }
        String shard = summary.at("/run/shard").asText("1/1");
        String[] part = shard.split("/");
        if (part.length == 2 && part[1].matches("\\d{1,6}") && Integer.parseInt(part[1]) > 1) {
            return Optional.of("holds shard " + shard
                    + " only, part of a run: merge the shards (the command line's merge) and name" + " the merged run");
        }
        if (summary.at("/metrics/withRefinementsOverall/fr/n").asInt(0) == 0) {
            return Optional.of("scored no sample (FR n = 0): a run whose calls all failed has nothing to compare with");
        }
        return Optional.empty();
    }

    /**
     * A recorded run as a baseline.
     *
     * @param where the database the run was read from, for messages
     * @param run   the recorded run
     * @return its samples, as a baseline
     */
    public static Baseline of(String where, RunRecords.Run run) {
        List<Sample> samples = new ArrayList<>();
        String[] lines = run.samples().split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].isBlank()) {
                samples.add(sample(where + " (run " + run.id() + ")", i + 1, lines[i]));
            }
        }
        String identity;
        try {
            identity = identity(JSON.readTree(run.summary()));
        } catch (IOException e) {
            identity = "";
        }
        return new Baseline("cache:" + run.id(), run.target(), List.copyOf(samples), identity);
    }

    /**
     * A run's output directory as a baseline.
     *
     * @param location the output directory, or its {@code summary.json}
     * @return the baseline
     * @throws BaselineException naming the file (and line) that is missing or unreadable
     */
    public static Baseline read(Path location) {
        Path directory = Files.isDirectory(location)
                ? location
                : Objects.requireNonNull(location.toAbsolutePath().getParent(), "a file's absolute path has a parent");
        Path summary = directory.resolve(EvaluationWriter.SUMMARY);
        Path samples = directory.resolve(EvaluationWriter.SAMPLES);
        for (Path required : List.of(summary, samples)) {
            if (!Files.isRegularFile(required)) {
                throw new BaselineException(
                        "baseline " + location + " has no " + required.getFileName() + " (looked for "
                                + required.toAbsolutePath() + "); name a run's output directory or its summary.json");
            }
        }
        JsonNode read;
        try {
            read = JSON.readTree(summary.toFile());
        } catch (IOException e) {
            throw new BaselineException("baseline " + summary + " is not readable JSON: " + e.getMessage());
        }
        List<Sample> out = new ArrayList<>();
        try {
            RunFileLines.forEach(samples, (number, line) -> {
                if (!line.isBlank()) {
                    out.add(sample(samples.toString(), number, line));
                }
            });
        } catch (IOException e) {
            throw new BaselineException("cannot read baseline " + samples + ": " + e.getMessage());
        } catch (RunFileLines.TooLong e) {
            throw new BaselineException(Objects.requireNonNull(e.getMessage(), "TooLong names the file and line"));
        }
        unfit(read).ifPresent(why -> {
            throw new BaselineException("baseline " + directory + " " + why);
        });
        String cutShort = RunFileLines.notTheSummarys(samples, out.size(), read);
        if (cutShort != null) {
            throw new BaselineException("baseline " + cutShort);
        }
        return new Baseline(directory.toString(), read.at("/run/target").asText("?"), List.copyOf(out), identity(read));
    }

    /** What a recorded run's summary says its target answers were, in the words its own summary.md used. */
    private static String identity(JsonNode summary) {
        JsonNode answers = summary.at("/run/targetAnswers");
        if (!answers.isObject()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(answers.path("keptFor").asText(""));
        sb.append("; ")
                .append(answers.path("asked").asLong())
                .append(" asked, ")
                .append(answers.path("fromCache").asLong())
                .append(" from the cache");
        List<String> who = new ArrayList<>();
        for (JsonNode a : answers.path("answeredAs")) {
            String model = a.path("model").isTextual() ? a.path("model").asText() : "an unnamed model";
            who.add(model
                    + (a.path("systemFingerprint").isTextual()
                            ? " (" + a.path("systemFingerprint").asText() + ")"
                            : "") + ": " + a.path("answers").asLong());
        }
        if (!who.isEmpty()) {
            sb.append("; answered as ").append(String.join(", ", who));
        }
        return ReportText.plain(sb.toString());
    }

    private static Sample sample(String file, int number, String line) {
        try {
            JsonNode n = JSON.readTree(line);
            String id = n.path("id").asText(null);
            String category = n.path("category").asText(null);
            String outcome = n.path("outcome").asText(null);
            if (id == null || category == null || outcome == null) {
                throw new BaselineException(file + " line " + number + ": a sample needs id, category and outcome");
            }
            JsonNode score = n.path("score");
            if (!score.isMissingNode()
                    && !score.isNull()
                    && !(score.isInt() && score.asInt() >= 1 && score.asInt() <= 10)) {
                // Read as no score, it would make the sample incomparable ("-") without a word.
                throw new BaselineException(file + " line " + number + ": field 'score' is "
                        + (score.isInt()
                                ? score.asText()
                                : score.getNodeType().name().toLowerCase(Locale.ROOT) + " "
                                        + ReportText.plain(score.toString()))
                        + ", not a whole number from 1 to 10");
            }
            return new Sample(
                    id,
                    category,
                    n.path("text").asText(null),
                    n.path("image").asText(null),
                    Outcome.valueOf(outcome),
                    score.isInt() ? score.asInt() : null);
        } catch (IOException | IllegalArgumentException e) {
            throw new BaselineException(file + " line " + number + " is not a sample: " + e.getMessage());
        }
    }

    /** A baseline that cannot be used; the message names the file and, where it applies, the line. */
    public static final class BaselineException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** @param message what is wrong, naming the file and line */
        public BaselineException(String message) {
            super(message);
        }
    }
}
