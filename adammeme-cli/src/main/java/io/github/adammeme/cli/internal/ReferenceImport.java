package io.github.adammeme.cli.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.agent.answer.MisbeliefSentence;
import io.github.adammeme.internal.agent.answer.ParseException;
import io.github.adammeme.internal.agent.answer.Rating;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.Refinement;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.pipeline.run.LibraryVersion;
import io.github.adammeme.internal.pipeline.run.RunInfo;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import io.github.adammeme.internal.text.Printable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A run of the AdamMeme reference implementation (the paper authors' Python code), read from its
 * result files into a run of this project: {@code log_<name>.json}, refinement steps, each under the
 * category its {@code task} names ({@link ReferenceCategories}), and {@code mined_pairs.json} beside
 * them when it is there ({@code {category: [{text, image, label, task, misbelief, ref_ans, seed?}]}}). Every Scorer output is read again with this
 * project's {@link Rating} parser and every misbelief with {@link MisbeliefSentence}; a step's score
 * is this project's reading, and each place where it differs from the score the reference code
 * recorded is listed.
 *
 * <p>The steps become refined samples in chains, modelled as far as the files allow: a chain starts
 * at a seed (marked in the mined pairs) or where {@code run_step} does not rise, and a step's place
 * in it is its {@code run_step} + 1 (step 1 is the seed's first rewrite, as in this project). A step
 * whose score is {@code 拒答} ("refused to answer") holds only its picture and task, the record the
 * reference code writes for a step it could not score; it has no {@code run_step}, and its place is
 * taken from its neighbours. What the files do not hold is said in {@link Findings#unknown}: the scores of the
 * original pairs and of the seeds, the parents' scores, the retrieved examples, the images.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ReferenceImport {

    /**
     * The {@code score} the published logs give a step that has nothing else but its picture and task: "refused to
     * answer". That is the shape the reference code writes when a step could not be scored (its Refiner declined or
     * its rewrite failed the check, before the target was asked), so who refused is not in the files; the target's
     * refusals the code never looks for, and scores like any answer.
     */
    public static final String REFUSED = "拒答";
    /** Later versions of the reference code mark a step whose rewrite failed: the Refiner declined, or its check. */
    private static final Set<String> REWRITE_FAILED = Set.of("Refusal", "invalid");

    static final String MINED_PAIRS = "mined_pairs.json";
    private static final Pattern LOG = Pattern.compile("log_(.+)\\.json");
    private static final Pattern QUOTED_LABEL = Pattern.compile("'([^']*)'|\"([^\"]*)\"");
    private static final List<String> STEP_FIELDS = List.of(
            "meme_text",
            "explanation",
            "misbelief",
            "meme_image_path",
            "answer",
            "ref_ans",
            "comparison",
            "score",
            "run_step");

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What the import read and how this project's parsers read it.
     *
     * @param files              the result files read, by name
     * @param records            steps read from the log files, whatever became of them
     * @param scoredSteps        steps with a recorded score
     * @param unscoredSteps      steps recorded as {@code 拒答}: no answer, no score, only the picture and the task
     * @param failedRewrites     steps recorded as {@code Refusal} or {@code invalid}: the rewrite never reached the target
     * @param minedPairs         pairs read from mined_pairs.json (0 without it)
     * @param ratingsRead        Scorer outputs this project's parser read
     * @param ratingsWithoutBrackets of those, how many wrote the rating without the double brackets asked for
     * @param ratingsRejected    Scorer outputs the parser rejected
     * @param misbeliefsRead     misbeliefs read (steps and pairs)
     * @param misbeliefsRejected misbeliefs the parser rejected
     * @param misbeliefsWithoutTheWord of the pairs' misbeliefs, how many do not contain the word "misbelief"
     * @param rejections         each Scorer output or misbelief the parsers rejected, with file, record and why
     * @param differences        each step whose score here differs from the recorded one
     * @param problems           each record or file that could not be imported, with file, record and why
     * @param unknown            what the files do not hold, and how the run stands in for it
     * @param filedUnder         each log whose steps went under another category than its file's name, where and why
     */
    public record Findings(
            List<String> files,
            int records,
            int scoredSteps,
            int unscoredSteps,
            int failedRewrites,
            int minedPairs,
            int ratingsRead,
            int ratingsWithoutBrackets,
            int ratingsRejected,
            int misbeliefsRead,
            int misbeliefsRejected,
            int misbeliefsWithoutTheWord,
            List<String> rejections,
            List<String> differences,
            List<String> problems,
            List<String> unknown,
            List<String> filedUnder) {

        /**
         * What the import read, rejected and could not know, as the command prints it.
         *
         * @return lines of text
         */
        public String describe() {
            StringBuilder sb = new StringBuilder();
            sb.append("read ")
                    .append(files.size())
                    .append(" files (")
                    .append(Printable.escaped(String.join(", ", files)))
                    .append("): ")
                    .append(records)
                    .append(" refinement steps, ")
                    .append(scoredSteps)
                    .append(" scored, ")
                    .append(unscoredSteps)
                    .append(" not scored (")
                    .append(REFUSED)
                    .append(", only the picture and the task: not shown to be the target's refusal)");
            if (failedRewrites > 0) {
                sb.append(", ").append(failedRewrites).append(" rewrites that never reached the target");
            }
            sb.append("; ").append(minedPairs).append(" mined pairs\n");
            filedUnder.forEach(
                    f -> sb.append("  filed by the data's names: ").append(f).append('\n'));
            sb.append("Scorer outputs: ")
                    .append(ratingsRead)
                    .append(" read, ")
                    .append(ratingsRejected)
                    .append(" rejected by this project's parser (")
                    .append(ratingsWithoutBrackets)
                    .append(" wrote the rating without [[ ]])\n");
            sb.append("misbeliefs: ")
                    .append(misbeliefsRead)
                    .append(" read, ")
                    .append(misbeliefsRejected)
                    .append(" rejected (")
                    .append(misbeliefsWithoutTheWord)
                    .append(" of the pairs' do not say 'misbelief')\n");
            // Each quotes the reference's files (a Scorer's output, a record): one printable line apiece.
            rejections.forEach(
                    r -> sb.append("  rejected ").append(Printable.escaped(r)).append('\n'));
            sb.append("scores that differ from the recorded ones: ")
                    .append(differences.size())
                    .append('\n');
            differences.forEach(
                    d -> sb.append("  ").append(Printable.escaped(d)).append('\n'));
            if (!problems.isEmpty()) {
                sb.append("problems (a record named here was left out, unless it says where it went): ")
                        .append(problems.size())
                        .append('\n');
                problems.forEach(
                        p -> sb.append("  ").append(Printable.escaped(p)).append('\n'));
            }
            sb.append("not in the files:\n");
            unknown.forEach(u -> sb.append("  - ").append(u).append('\n'));
            return sb.toString();
        }
    }

    /**
     * The import: the run, and what was found reading it.
     *
     * @param evaluation the run, as this project's evaluations are
     * @param findings   counts, rejections, differences, problems and what is not known
     */
    public record Imported(Evaluation evaluation, Findings findings) {}

    /**
     * How the imported run is described and counted.
     *
     * @param target                 the target's name, as the run records it
     * @param controller             the model that played the agents, as far as the user knows it
     * @param threshold              the score below which a step fails
     * @param refusalCountsAsFailure whether FR counts a refused step as a failure (the reference code's does not)
     */
    public record Settings(String target, String controller, double threshold, boolean refusalCountsAsFailure) {}

    private ReferenceImport() {}

    /**
     * Reads a folder of the reference implementation's results.
     *
     * @param folder   the folder holding log_&lt;category&gt;.json and, optionally, mined_pairs.json
     * @param settings the target's name, the controller's, the threshold and whether refusals count in FR
     * @return the run and the findings; a record or file that cannot be read is a problem, not an end
     * @throws IllegalArgumentException when the folder holds no log_&lt;category&gt;.json
     */
    public static Imported read(Path folder, Settings settings) {
        List<Path> logs = logFiles(folder);
        Reading r = new Reading(settings);
        r.readMinedPairs(folder.resolve(MINED_PAIRS));
        for (Path log : logs) {
            r.readLog(log);
        }
        return r.finish(folder);
    }

    private static List<Path> logFiles(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new IllegalArgumentException(
                    folder.toAbsolutePath() + " is not a folder of the reference implementation's" + " results");
        }
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> logs = files.filter(
                            f -> LOG.matcher(f.getFileName().toString()).matches() && Files.isRegularFile(f))
                    .sorted()
                    .toList();
            if (logs.isEmpty()) {
                throw new IllegalArgumentException(folder.toAbsolutePath() + " holds no log_<category>.json, the"
                        + " reference implementation's refinement results");
            }
            return logs;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
    }

    /**
     * One step as read, before it takes its place in a chain.
     *
     * @param sample the step, without its id and link yet
     * @param explanation the Refiner's account of the rewrite, or null where none is recorded
     */
    private record Step(
            String memeId,
            @Nullable Integer runStep,
            ScoredSample sample,
            @Nullable String explanation,
            boolean seed) {}

    /** The state of one import as files are read. */
    private static final class Reading {

        private final Settings settings;
        private final List<String> files = new ArrayList<>();
        private final List<String> rejections = new ArrayList<>();
        private final List<String> differences = new ArrayList<>();
        private final List<String> problems = new ArrayList<>();
        private final List<String> filedUnder = new ArrayList<>();
        private final Map<String, Map<String, JsonNode>> pairs = new LinkedHashMap<>();
        private final Map<String, List<Step>> steps = new LinkedHashMap<>();
        private final List<MinedSample> mined = new ArrayList<>();
        private final Map<String, MemeOutcome> memes = new LinkedHashMap<>();
        private int records;
        private int scored;
        private int refused;
        private int failedRewrites;
        private int ratingsRead;
        private int withoutBrackets;
        private int ratingsRejected;
        private int misbeliefsRead;
        private int misbeliefsRejected;
        private int withoutTheWord;

        Reading(Settings settings) {
            this.settings = settings;
        }

        void readMinedPairs(Path file) {
            if (!Files.exists(file)) {
                return;
            }
            JsonNode root = json(file);
            if (root == null) {
                return;
            }
            if (!root.isObject()) {
                problems.add(MINED_PAIRS + ": expected an object of categories, each a list of pairs; found "
                        + root.getNodeType());
                return;
            }
            files.add(MINED_PAIRS);
            root.fields().forEachRemaining(entry -> {
                String category = Category.normalise(entry.getKey());
                Optional<String> bad = Category.problemWith(category, "");
                if (bad.isPresent()) {
                    problems.add(MINED_PAIRS + " '" + entry.getKey() + "' cannot be a category here: " + bad.get());
                    return;
                }
                if (!entry.getValue().isArray()) {
                    problems.add(MINED_PAIRS + " '" + entry.getKey() + "': expected a list of pairs");
                    return;
                }
                int i = 0;
                for (JsonNode pair : entry.getValue()) {
                    readPair(category, i++, pair);
                }
            });
        }

        private void readPair(String category, int i, JsonNode pair) {
            String where = MINED_PAIRS + " '" + category + "' #" + i;
            List<String> missing = missing(pair, List.of("text", "image", "misbelief"));
            if (!missing.isEmpty()) {
                problems.add(where + ": " + missingText(missing));
                return;
            }
            String image = pair.get("image").asText();
            String memeId = memeId(image);
            pairs.computeIfAbsent(category, c -> new HashMap<>()).put(image, pair);
            String misbelief = pair.get("misbelief").asText();
            String error = null;
            try {
                misbelief = MisbeliefSentence.read(misbelief);
                misbeliefsRead++;
                withoutTheWord += MisbeliefSentence.namesTheWord(misbelief) ? 0 : 1;
            } catch (ParseException e) {
                rejections.add(where + ": misbelief rejected: " + e.getMessage());
                misbeliefsRejected++;
                error = "this project's reading of the Narrator rejects the recorded misbelief: " + e.getMessage();
            }
            List<String> labels = labels(pair.path("label").asText(""));
            Meme meme = new Meme(memeId, sourceOf(image), pair.get("text").asText(), Path.of(image), labels, where);
            mined.add(new MinedSample(memeId + "/" + category, meme, category, misbelief, error));
            MemeOutcome before = memes.get(memeId);
            List<String> categories = new ArrayList<>(before == null ? List.of() : before.categories());
            categories.add(category);
            memes.put(
                    memeId,
                    new MemeOutcome(memeId, where, MemeOutcome.Status.MINED, categories, List.of(), labels, null));
        }

        /**
         * A log's steps, each under the category its data names ({@link ReferenceCategories}): a log may be
         * named otherwise than the task its steps were run for, and may even hold several.
         */
        void readLog(Path file) {
            String name = file.getFileName().toString();
            String named = name.substring("log_".length(), name.length() - ".json".length());
            JsonNode root = json(file);
            if (root == null) {
                return;
            }
            if (!root.isArray()) {
                problems.add(name + ": expected a list of refinement steps; found " + root.getNodeType());
                return;
            }
            files.add(name);
            ReferenceCategories categories = new ReferenceCategories(pairs.keySet());
            List<String> tasks = new ArrayList<>();
            root.forEach(record -> ReferenceCategories.ofTask(task(record)).ifPresent(tasks::add));
            Optional<String> ofFile = categories.ofFile(named, tasks);
            if (root.isEmpty()) {
                // A category the reference code ran and refined nothing in is still one of the run's.
                ofFile.ifPresent(c -> steps.computeIfAbsent(c, k -> new ArrayList<>()));
            }
            // How many steps went under each category, and whether by their own task or by the file's name.
            Map<String, Integer> filed = new LinkedHashMap<>();
            Set<String> byName = new HashSet<>();
            int i = 0;
            for (JsonNode record : root) {
                records++;
                String where = name + " #" + i++;
                String task = task(record);
                Optional<String> own = ReferenceCategories.ofTask(task);
                if (own.isEmpty() && task != null && !task.isBlank()) {
                    problems.add(where + ": its task '" + Printable.line(task, 80) + "' cannot be a category here: "
                            + Category.problemWith(Category.normalise(task), "").orElse("")
                            + ofFile.map(c -> "; imported under " + c).orElse(""));
                }
                Optional<String> category = own.or(() -> ofFile);
                if (category.isEmpty()) {
                    problems.add(where + ": it records no task, and the file's name '" + Printable.line(named, 80)
                            + "' cannot be a"
                            + " category here: "
                            + Category.problemWith(Category.normalise(named), "")
                                    .orElse(""));
                    continue;
                }
                Step step = step(where, category.get(), record);
                if (step != null) {
                    steps.computeIfAbsent(category.get(), c -> new ArrayList<>())
                            .add(step);
                    filed.merge(category.get(), 1, Integer::sum);
                    if (own.isEmpty()) {
                        byName.add(category.get());
                    }
                }
            }
            if (!filed.isEmpty() && !filed.keySet().equals(Set.of(Category.normalise(named)))) {
                filedUnder.add(name + ": " + filed(filed, byName));
            }
        }

        /** "12 steps under 'child exploitation' (the task they record)", for each category a log's steps went under. */
        private static String filed(Map<String, Integer> filed, Set<String> byName) {
            List<String> where = new ArrayList<>();
            filed.forEach((c, n) -> where.add(n + (n == 1 ? " step" : " steps") + " under '" + c + "' ("
                    + (byName.contains(c)
                            ? "they record no task: the file's name, matched with the mined pairs'"
                            : "the task they record")
                    + ")"));
            return String.join(", ", where);
        }

        /** A record's {@code task}, or null when it has none (or is not an object). */
        private static @Nullable String task(JsonNode record) {
            JsonNode task = record.path("task");
            return task.isValueNode() && !task.isNull() ? task.asText() : null;
        }

        /** One record as a step, or null (and a problem) when it cannot be one. */
        // A step is built with no id or text of its own: the chain it joins gives them (chain(), below).
        @SuppressWarnings("NullAway")
        private @Nullable Step step(String where, String category, JsonNode record) {
            if (!record.isObject()) {
                problems.add(where + ": expected an object, found " + record.getNodeType());
                return null;
            }
            JsonNode score = record.get("score");
            List<String> missing = missing(record, List.of("meme_image_path", "score"));
            if (!missing.isEmpty()) {
                problems.add(where + ": " + missingText(missing));
                return null;
            }
            String image = record.get("meme_image_path").asText();
            String memeId = memeId(image);
            JsonNode pair = pairs.getOrDefault(category, Map.of()).get(image);
            boolean seed = pair != null && pair.path("seed").asInt(0) == 1;
            String originalText = pair == null ? null : pair.path("text").asText(null);
            if (score.isTextual() && (score.asText().equals(REFUSED) || REWRITE_FAILED.contains(score.asText()))) {
                boolean declined = score.asText().equals(REFUSED);
                if (declined) {
                    refused++;
                } else {
                    failedRewrites++;
                }
                String misbelief = pair == null ? null : pair.path("misbelief").asText(null);
                ScoredSample s = new ScoredSample(
                        null,
                        memeId,
                        category,
                        misbelief,
                        null,
                        originalText,
                        image,
                        null,
                        Outcome.ERROR,
                        null,
                        null,
                        null,
                        null,
                        declined
                                ? "not scored: the reference code recorded " + REFUSED
                                        + " (refused to answer) with only the picture"
                                        + " and the task, the record it writes for a step it could not score; whether the target refused"
                                        + " is not in the files"
                                : "the rewrite never reached the target: the reference code recorded '" + score.asText()
                                        + "' ("
                                        + (score.asText().equals("Refusal")
                                                ? "the Refiner declined"
                                                : "the rewrite failed its check")
                                        + ")",
                        null,
                        null,
                        null);
                return new Step(memeId, null, s, null, seed);
            }
            if (!score.isNumber()) {
                problems.add(where + ": the score " + score + " is neither a number nor " + REFUSED);
                return null;
            }
            missing = missing(record, STEP_FIELDS);
            if (!missing.isEmpty()) {
                problems.add(where + ": " + missingText(missing));
                return null;
            }
            JsonNode runStep = record.get("run_step");
            if (!runStep.canConvertToInt() || !runStep.isIntegralNumber() || runStep.asInt() < 0) {
                problems.add(where + ": run_step " + runStep + " is not a whole number from 0");
                return null;
            }
            scored++;
            String misbelief = record.get("misbelief").asText();
            try {
                misbelief = MisbeliefSentence.read(misbelief);
                misbeliefsRead++;
            } catch (ParseException e) {
                rejections.add(where + ": misbelief rejected: " + e.getMessage());
                misbeliefsRejected++;
            }
            double recorded = score.asDouble();
            String comparison = record.get("comparison").asText();
            Integer read = null;
            String explanation = null;
            String unscored = null;
            try {
                Rating rating = Rating.parse(comparison);
                read = rating.score();
                explanation = rating.explanation();
                ratingsRead++;
                withoutBrackets += lastLine(comparison).contains("[[") ? 0 : 1;
            } catch (ParseException e) {
                rejections.add(where + ": rating rejected: " + e.getMessage());
                ratingsRejected++;
                unscored = "this project's Scorer parser rejects the recorded output: " + e.getMessage();
            }
            if (read == null || read != recorded) {
                differences.add(where + ": recorded " + score.asText() + ", read "
                        + (read == null ? "nothing (" + unscored + ")" : read.toString()));
            }
            Outcome outcome =
                    read == null ? Outcome.UNSCORED : read < settings.threshold() ? Outcome.FAILED : Outcome.PASSED;
            ScoredSample s = new ScoredSample(
                    null,
                    memeId,
                    category,
                    misbelief,
                    record.get("meme_text").asText(),
                    originalText,
                    image,
                    null,
                    outcome,
                    read,
                    record.get("ref_ans").asText(),
                    record.get("answer").asText(),
                    explanation,
                    unscored,
                    unscored == null ? null : comparison,
                    null,
                    null);
            return new Step(
                    memeId, runStep.asInt(), s, record.get("explanation").asText(), seed);
        }

        Imported finish(Path folder) {
            List<Chain> chains = new ArrayList<>();
            List<String> unknown = new ArrayList<>();
            int[] counts = new int[3]; // chains starting after run_step 0, refused steps placed, refused steps guessed
            Set<String> ids = new HashSet<>();
            steps.forEach((category, list) -> {
                for (List<Step> members : split(list)) {
                    chains.add(chain(category, members, ids, counts));
                }
            });
            List<ScoredSample> refined =
                    chains.stream().flatMap(c -> c.steps().stream()).toList();
            List<String> categories = new ArrayList<>(steps.keySet());
            pairs.keySet().stream().filter(c -> !categories.contains(c)).forEach(categories::add);
            unknown.add(
                    "the original pairs' scores: the reference code keeps them in a file these results do not"
                            + " include, so FR on originals is empty and FR with refinements counts the refinement steps alone");
            unknown.add("the seeds' own scores and each step's parent's score, which a step's score was compared with"
                    + " (parentScore is null)");
            unknown.add("the examples retrieved for each rewrite");
            unknown.add("the pictures: meme_image_path names a file in the reference code's layout");
            if (pairs.isEmpty()) {
                unknown.add(
                        "which memes were seeds (no " + MINED_PAIRS + "): a chain is taken to start wherever run_step"
                                + " does not rise, and at its first step's meme");
            }
            if (counts[0] > 0) {
                unknown.add(counts[0] + " chain" + (counts[0] == 1 ? " starts" : "s start") + " after run_step 0: the"
                        + " attempts before left no record (they failed before scoring)");
            }
            if (counts[1] + counts[2] > 0) {
                unknown.add("the run_step of the " + (counts[1] + counts[2]) + " steps without a score, which the"
                        + " reference code does not record: " + counts[1] + " taken from their neighbours, " + counts[2]
                        + " placed after the step before them");
            }
            unknown.add("why each chain ended");
            Metrics metrics = Tally.metrics(
                    categories, List.of(), refined, settings.threshold(), settings.refusalCountsAsFailure());
            String notice = "Imported from the AdamMeme reference implementation's results in " + folder
                    + ": every Scorer output and misbelief read again by this project's parsers; "
                    + (differences.isEmpty()
                            ? "every score agrees with the recorded one"
                            : differences.size() + " scores differ from the recorded ones")
                    + ". FR counts refinement steps"
                    + " only; the original pairs' scores are not in the files.";
            RunInfo run = new RunInfo(
                    settings.target(),
                    "imported (reference implementation results)",
                    settings.controller(),
                    "imported",
                    folder.toString(),
                    false,
                    notice,
                    settings.threshold(),
                    mostPerCategory(mined.stream().map(MinedSample::category).toList()),
                    mostPerCategory(chains.stream().map(Chain::category).toList()),
                    refined.stream().mapToInt(s -> s.madeBy().step()).max().orElse(0),
                    0,
                    settings.refusalCountsAsFailure(),
                    Map.of(),
                    LibraryVersion.current(),
                    "1/1",
                    0,
                    0,
                    "paper",
                    "off",
                    0,
                    null,
                    "reference implementation",
                    List.of(),
                    "by the reference implementation, before its run",
                    null,
                    folder.toString());
            List<Category> taxonomy = categories.stream()
                    .map(c -> new Category(c, "imported from the reference" + " implementation's results", null))
                    .toList();
            Evaluation evaluation = new Evaluation(
                    run,
                    taxonomy,
                    List.of(),
                    List.copyOf(memes.values()),
                    List.copyOf(mined),
                    List.of(),
                    List.copyOf(chains),
                    metrics,
                    List.of());
            return new Imported(
                    evaluation,
                    new Findings(
                            List.copyOf(files),
                            records,
                            scored,
                            refused,
                            failedRewrites,
                            mined.size(),
                            ratingsRead,
                            withoutBrackets,
                            ratingsRejected,
                            misbeliefsRead,
                            misbeliefsRejected,
                            withoutTheWord,
                            List.copyOf(rejections),
                            List.copyOf(differences),
                            List.copyOf(problems),
                            List.copyOf(unknown),
                            List.copyOf(filedUnder)));
        }

        /**
         * A category's steps cut into chains, in file order: a chain starts at a seed's step, or where a
         * recorded run_step does not rise above the chain's last one.
         */
        private static List<List<Step>> split(List<Step> list) {
            List<List<Step>> chains = new ArrayList<>();
            @Nullable List<Step> current = null;
            @Nullable Integer last = null;
            for (Step s : list) {
                boolean starts = current == null
                        || (s.seed() && !current.isEmpty())
                        || (s.runStep() != null && last != null && s.runStep() <= last);
                if (current == null || starts) {
                    current = new ArrayList<>();
                    chains.add(current);
                    last = null;
                }
                current.add(s);
                if (s.runStep() != null) {
                    last = s.runStep();
                }
            }
            return chains;
        }

        /** A chain's steps with their places, ids and links. */
        private static Chain chain(String category, List<Step> members, Set<String> ids, int[] counts) {
            Integer[] runSteps = places(members, counts);
            String seedId = members.get(0).memeId() + "/" + category;
            if (runSteps[0] > 0) {
                counts[0]++;
            }
            List<ScoredSample> samples = new ArrayList<>();
            String previous = null;
            for (int i = 0; i < members.size(); i++) {
                Step s = members.get(i);
                ScoredSample r = s.sample();
                int step = runSteps[i] + 1;
                String id = seedId + "#" + step;
                for (int n = 2; !ids.add(id); n++) {
                    id = seedId + "#" + step + "." + n; // the same seed refined twice: each step keeps an id of its own
                }
                Refinement link = new Refinement(
                        seedId, s.memeId() + "/" + category, previous, step, null, List.of(), s.explanation());
                samples.add(new ScoredSample(
                        id,
                        r.memeId(),
                        r.category(),
                        r.misbelief(),
                        r.text(),
                        r.originalText(),
                        r.image(),
                        null,
                        r.outcome(),
                        r.score(),
                        r.reference(),
                        r.targetAnswer(),
                        r.scorerExplanation(),
                        r.reason(),
                        r.raw(),
                        link,
                        null));
                previous = id;
            }
            return new Chain(category, seedId, samples, "not recorded by the reference implementation");
        }

        /**
         * Each step's run_step: recorded, or for a step without one, taken from its neighbours when the
         * gap between them holds exactly the steps without one, else the step before it plus one.
         */
        private static Integer[] places(List<Step> members, int[] counts) {
            Integer[] out = new Integer[members.size()];
            for (int i = 0; i < members.size(); i++) {
                out[i] = members.get(i).runStep();
            }
            int i = 0;
            while (i < out.length) {
                if (out[i] != null) {
                    i++;
                    continue;
                }
                int j = i;
                while (j < out.length && out[j] == null) {
                    j++;
                }
                int before = i == 0 ? -1 : out[i - 1];
                boolean bounded = j < out.length && out[j] - before - 1 == j - i;
                for (int k = i; k < j; k++) {
                    out[k] = before + 1 + (k - i);
                }
                counts[bounded ? 1 : 2] += j - i;
                i = j;
            }
            return out;
        }

        private @Nullable JsonNode json(Path file) {
            try {
                return JSON.readTree(file.toFile());
            } catch (IOException e) {
                problems.add(file.getFileName() + ": not JSON ("
                        + Objects.requireNonNullElse(e.getMessage(), e.toString())
                                .lines()
                                .findFirst()
                                .orElse("")
                        + ")");
                return null;
            }
        }
    }

    /** The largest number of entries one category has: pairs per category, or seeds. */
    private static int mostPerCategory(List<String> categories) {
        Map<String, Integer> counts = new HashMap<>();
        categories.forEach(c -> counts.merge(c, 1, Integer::sum));
        return counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    private static List<String> missing(JsonNode record, List<String> fields) {
        return fields.stream()
                .filter(f -> record.get(f) == null || record.get(f).isNull())
                .toList();
    }

    private static String missingText(List<String> missing) {
        return "no " + String.join(", no ", missing);
    }

    private static String lastLine(String text) {
        List<String> lines = text.strip().lines().toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    /** A meme's id from its picture's path: the file's name, prefixed by the dataset folder it sits in. */
    static String memeId(String image) {
        String normalised = image.replace('\\', '/');
        String name = normalised.substring(normalised.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return sourceOf(image) + ":" + (dot > 0 ? name.substring(0, dot) : name);
    }

    /** The folder under {@code data/} the reference layout keeps a dataset in ({@code data5k}), else "reference". */
    private static String sourceOf(String image) {
        String[] parts = image.replace('\\', '/').split("/");
        for (int i = 0; i + 1 < parts.length - 1; i++) {
            if (parts[i].equals("data") && parts[i + 1].matches("[A-Za-z0-9_.-]+")) {
                return parts[i + 1].toLowerCase(Locale.ROOT);
            }
        }
        return "reference";
    }

    /** A pair's label as the reference data writes it: "0", or a Python list "['somewhat harmful', 'individual']". */
    private static List<String> labels(String label) {
        String l = label.strip();
        if (l.isEmpty()) {
            return List.of();
        }
        if (!l.startsWith("[")) {
            return List.of(l);
        }
        Set<String> out = new LinkedHashSet<>();
        Matcher m = QUOTED_LABEL.matcher(l);
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return List.copyOf(out);
    }
}
