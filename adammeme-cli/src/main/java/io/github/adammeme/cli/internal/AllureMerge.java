package io.github.adammeme.cli.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.report.HtmlTables;
import io.github.adammeme.internal.report.SummaryFigures;
import io.github.adammeme.internal.report.SummaryMarkdown;
import io.github.adammeme.internal.report.allure.AllureEnvironment;
import io.github.adammeme.internal.report.allure.AllureSample;
import io.github.adammeme.internal.report.allure.ReleaseRows;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.allure.ReportExecutor;
import io.github.adammeme.internal.summary.release.JudgeVerdict;
import io.github.adammeme.internal.text.ReportText;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The Allure results of a sharded run's shards, joined into the results of one run. Results of pairs
 * and steps come from one shard each and are copied. The tests on the whole run's figures (the overall
 * FR summary, the judge's agreement, gates and the comparison with a baseline), which every shard ran
 * on its own part, become one result each, under their one history id: FR summaries and the judge's
 * agreement with the whole run's figures and verdict, gates and comparisons, which the merge cannot
 * judge again, marked unknown and pointing to the {@code gate} command. One environment, with the
 * shards' calls, tokens and cost summed, and one title with the whole run's FR.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class AllureMerge {

    /** What a merge knows of the whole run. */
    public record WholeRun(String headline, Metrics metrics, int shards) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RESULT = "-result.json";
    private static final String ENVIRONMENT = "environment.properties";
    /** The figures of environment.properties that are summed over shards, whatever prefix they carry. */
    private static final List<String> SUMMED = List.of("calls", "calls.cached", "tokens", "tokens.cached", "cost.usd");

    private AllureMerge() {}

    /**
     * Copies every shard's Allure results into one folder; a file two shards both hold is the same result.
     *
     * @param shardResults the shards' Allure results folders
     * @param out the merged folder
     * @return how many files were copied
     */
    public static int merge(List<Path> shardResults, Path out) {
        return merge(shardResults, out, null);
    }

    /**
     * Joins the shards' Allure results into one run's, and where {@code whole} is given, gives the tests
     * of the whole run's figures (and the title and environment) the whole run's figures.
     *
     * @param shardResults the shards' result folders
     * @param out          the merged folder
     * @param whole        the whole run's headline and figures, or null to join the folders file by file
     * @return how many files were written
     */
    public static int merge(List<Path> shardResults, Path out, @Nullable WholeRun whole) {
        ShardMerge.distinct(shardResults);
        try {
            Files.createDirectories(out);
            Map<String, List<ObjectNode>> byHistory = new LinkedHashMap<>();
            List<Path> others = new ArrayList<>();
            List<Path> environments = new ArrayList<>();
            for (Path dir : shardResults) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path f : files.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
                            .sorted()
                            .toList()) {
                        String name = f.getFileName().toString();
                        ObjectNode result = whole != null && name.endsWith(RESULT) ? result(f) : null;
                        if (name.equals(ENVIRONMENT)) {
                            environments.add(f);
                        } else if (result != null) {
                            byHistory
                                    .computeIfAbsent(result.path("historyId").asText(), k -> new ArrayList<>())
                                    .add(result);
                        } else {
                            others.add(f);
                        }
                    }
                }
            }
            Set<String> dropped = new HashSet<>();
            int written = 0;
            for (List<ObjectNode> same : byHistory.values()) {
                // only results read with the whole run at hand are grouped
                ObjectNode kept = same.size() == 1 || whole == null ? same.get(0) : oneRun(same, whole, out, dropped);
                Path target = out.resolve(kept.path("uuid").asText() + RESULT);
                if (!Files.exists(target)) {
                    Files.writeString(target, JSON.writeValueAsString(kept));
                    written++;
                }
            }
            for (Path f : others) {
                Path target = out.resolve(f.getFileName());
                if (!dropped.contains(f.getFileName().toString()) && !Files.exists(target)) {
                    Files.copy(f, target);
                    written++;
                }
            }
            if (!environments.isEmpty()) {
                written += environment(environments, out.resolve(ENVIRONMENT), whole) ? 1 : 0;
            }
            if (whole != null) {
                retitle(out, whole.headline());
            }
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot merge Allure results into " + out, e);
        }
    }

    /** A result file as JSON, or null when it is not one with a uuid and history id (it is then copied as it is). */
    private static @Nullable ObjectNode result(Path f) {
        try {
            JsonNode n = JSON.readTree(f.toFile());
            return n instanceof ObjectNode o
                            && o.path("uuid").isTextual()
                            && o.path("historyId").isTextual()
                    ? o
                    : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * One result for a test every shard ran on its part: the first shard's, with the whole run's figures and
     * verdict; the others' attachments are left out with them.
     */
    @SuppressWarnings("ReferenceEquality") // every shard's result but the first one, even when equal to it
    private static ObjectNode oneRun(List<ObjectNode> same, WholeRun whole, Path out, Set<String> dropped)
            throws IOException {
        ObjectNode first = same.get(0).deepCopy();
        long start = Long.MAX_VALUE;
        long stop = Long.MIN_VALUE;
        List<String> statuses = new ArrayList<>();
        for (ObjectNode r : same) {
            start = Math.min(start, r.path("start").asLong(Long.MAX_VALUE));
            stop = Math.max(stop, r.path("stop").asLong(Long.MIN_VALUE));
            statuses.add(r.path("status").asText("unknown"));
            if (r != same.get(0)) {
                r.path("attachments").forEach(a -> dropped.add(a.path("source").asText()));
            }
        }
        if (start != Long.MAX_VALUE) {
            first.put("start", start);
            first.put("stop", stop);
        }
        String story = label(first, "story");
        String category = label(first, "feature");
        String shards = "merged from " + whole.shards() + " shards, " + statuses.size()
                + " of which judged only their own" + " part (" + String.join(", ", statuses) + ")";
        switch (story == null ? "" : story) {
            case "summary" -> summary(first, category, whole, out, dropped);
            case "judge" -> judge(first, whole);
            default -> {
                String remedy = "gate".equals(story)
                        ? "the gate command judges the whole run on the merged summary.json"
                        : "the whole run is judged on the merged summary.json";
                status(first, "unknown", ReportText.plain(shards + ": " + remedy));
                first.put("description", ReportText.markdown(shards + ": " + remedy));
            }
        }
        return first;
    }

    /** An FR summary with the whole run's figures for its category, its table the whole run's. */
    private static void summary(
            ObjectNode result, @Nullable String category, WholeRun whole, Path out, Set<String> dropped)
            throws IOException {
        Metrics m = whole.metrics();
        Optional<CategoryFigures[]> figures = figures(m, category);
        if (figures.isEmpty()) {
            return; // a category the merged run does not know: the first shard's, as it was
        }
        CategoryFigures all = figures.get()[0];
        CategoryFigures originals = figures.get()[1];
        boolean overall = Metrics.OVERALL.equals(category);
        Map<String, Object> shown = new LinkedHashMap<>(SummaryFigures.of(all, originals));
        String judge = m.judgeAgreement().describe(m.threshold());
        if (overall) {
            shown.put("judge agreement", judge);
        }
        ArrayNode parameters = JSON.createArrayNode();
        shown.forEach((name, value) -> parameters
                .addObject()
                .put("name", ReportText.plain(name))
                .put("value", ReportText.plain(String.valueOf(value))));
        result.set("parameters", parameters);

        String table = overall
                ? SummaryMarkdown.table(m.withRefinements(), m.original(), all, originals) + "\nJudge agreement: "
                        + ReportText.markdown(judge) + "\n"
                : SummaryMarkdown.category(m, Objects.requireNonNull(category, "a category row names its category"));
        String source = UUID.randomUUID() + "-attachment.html";
        Files.writeString(out.resolve(source), Secrets.redact(HtmlTables.page(table)), StandardCharsets.UTF_8);
        ArrayNode attachments = JSON.createArrayNode();
        attachments.addObject().put("name", "FR table").put("source", source).put("type", "text/html");
        for (JsonNode a : result.path("attachments")) {
            boolean chartOfAPart = overall && a.path("type").asText().startsWith("image/");
            if (a.path("name").asText().equals("FR table") || chartOfAPart) {
                dropped.add(a.path("source").asText());
            } else {
                attachments.add(a);
            }
        }
        result.set("attachments", attachments);
        if (all.samples() == 0) {
            status(result, "skipped", "no samples were mined in " + ReportText.plain(category));
        } else if (all.fr().n() > 0) {
            status(result, "passed", null);
        }
        // n = 0 of some samples: not enough evidence, as every shard that saw them said (failed or skipped)
    }

    /** The judge's agreement on the whole run, judged by the settings the shards were judged by. */
    private static void judge(ObjectNode result, WholeRun whole) {
        Metrics m = whole.metrics();
        String minKappa = parameter(result, Constants.JUDGE_MIN_KAPPA);
        String minSamples = parameter(result, Constants.GATE_MIN_SAMPLES);
        String insufficient = parameter(result, Constants.GATE_INSUFFICIENT);
        String figures = "judge agreement: " + m.judgeAgreement().describe(m.threshold());
        if (minKappa == null || minSamples == null || insufficient == null) {
            status(
                    result,
                    "unknown",
                    ReportText.plain(figures + " (merged from " + whole.shards() + " shards, whose" + " settings for "
                            + Constants.JUDGE_MIN_KAPPA + " are not in their results)"));
            result.put("description", ReportText.markdown(figures));
            return;
        }
        JudgeVerdict verdict;
        try {
            verdict = JudgeVerdict.of(
                    m.judgeAgreement(),
                    m.threshold(),
                    minKappa.equals(AllureSample.NOT_SET)
                            ? Optional.empty()
                            : Optional.of(Double.parseDouble(minKappa)),
                    Integer.parseInt(minSamples));
        } catch (NumberFormatException e) {
            status(
                    result,
                    "unknown",
                    ReportText.plain(figures + " (a shard's setting is not a number: " + e.getMessage() + ")"));
            return;
        }
        result.put("description", ReportText.markdown(verdict.message()));
        switch (verdict.status()) {
            case PASSED -> status(result, "passed", null);
            case FAILED -> status(result, "failed", ReportText.plain(verdict.message()));
            case NOT_ENOUGH_EVIDENCE ->
                status(result, insufficient.equals("skip") ? "skipped" : "failed", ReportText.plain(verdict.message()));
        }
    }

    private static Optional<CategoryFigures[]> figures(Metrics m, @Nullable String category) {
        if (Metrics.OVERALL.equals(category)) {
            return Optional.of(new CategoryFigures[] {m.withRefinementsOverall(), m.originalOverall()});
        }
        for (int i = 0; i < m.withRefinements().size(); i++) {
            if (m.withRefinements().get(i).category().equals(category)) {
                return Optional.of(new CategoryFigures[] {
                    m.withRefinements().get(i), m.original().get(i)
                });
            }
        }
        return Optional.empty();
    }

    private static void status(ObjectNode result, String status, @Nullable String message) {
        result.put("status", status);
        if (message == null) {
            result.remove("statusDetails");
        } else {
            ObjectNode details = JSON.createObjectNode().put("message", message);
            result.set("statusDetails", details);
        }
    }

    private static @Nullable String label(JsonNode result, String name) {
        String found = null;
        for (JsonNode l : result.path("labels")) {
            if (name.equals(l.path("name").asText())) {
                found = l.path("value").asText(); // the engine's own labels come last
            }
        }
        return found;
    }

    private static @Nullable String parameter(JsonNode result, String name) {
        for (JsonNode p : result.path("parameters")) {
            if (name.equals(p.path("name").asText())) {
                return p.path("value").asText();
            }
        }
        return null;
    }

    /**
     * One environment: the whole run's FR rows first, as the overview shows the first rows, then the first shard's
     * description of the run, with the figures every shard counts for its own part (calls, tokens, cost) summed. A
     * shard's FR rows and release checks describe its part, and are left out.
     */
    private static boolean environment(List<Path> environments, Path target, @Nullable WholeRun whole)
            throws IOException {
        if (whole == null) {
            if (Files.exists(target)) {
                return false;
            }
            Files.copy(environments.get(0), target);
            return true;
        }
        @Nullable Map<String, String> first = null;
        Map<String, BigDecimal> sums = new LinkedHashMap<>();
        for (Path f : environments) {
            Map<String, String> rows = AllureEnvironment.read(f);
            if (first == null) {
                first = rows;
            }
            rows.forEach((key, value) -> {
                if (summed(key)) {
                    try {
                        sums.merge(key, new BigDecimal(value.trim()), BigDecimal::add);
                    } catch (NumberFormatException e) {
                        // a figure that is not a number is not added; the first shard's stays
                    }
                }
            });
        }
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put(ReleaseRows.VERDICT, "not judged here: the gate command judges the merged run");
        rows.putAll(AllureEnvironment.headline(whole.metrics()));
        rows.putAll(AllureEnvironment.frRows(whole.metrics()));
        rows.put("shards", Integer.toString(whole.shards()));
        Objects.requireNonNull(first, "environments is never empty").forEach((key, value) -> {
            if (!partOfAShard(key)) {
                rows.put(key, value);
            }
        });
        sums.forEach((key, sum) -> rows.put(
                key, key.endsWith("cost.usd") ? String.format(Locale.ROOT, "%.4f", sum) : sum.toPlainString()));
        AllureEnvironment.write(Objects.requireNonNull(target.getParent(), "a file inside the results"), "", rows);
        return true;
    }

    /** A row that describes one shard's part: its FR, its release decision and checks, under any prefix. */
    private static boolean partOfAShard(String key) {
        return key.startsWith("FR ")
                || key.contains(".FR ")
                || key.endsWith("release decision")
                || key.endsWith("judge agreement")
                || key.contains("against the baseline: ");
    }

    /** A figure to sum, under its own name or a suite's or target's prefix ({@code sim:keyword.calls}). */
    private static boolean summed(String key) {
        return SUMMED.stream().anyMatch(s -> key.equals(s) || key.endsWith("." + s));
    }

    /** The title in the executor and in the engine's copy of it, which a report built with allure-maven is given. */
    private static void retitle(Path out, String headline) {
        try {
            for (String name : List.of("executor.json", ReportExecutor.OWN)) {
                Path executor = out.resolve(name);
                if (Files.isRegularFile(executor, LinkOption.NOFOLLOW_LINKS)) {
                    JsonNode node = JSON.readTree(executor.toFile());
                    if (node instanceof ObjectNode o) {
                        o.put("reportName", ReportText.plain(headline));
                        Files.writeString(executor, JSON.writeValueAsString(o));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot title the merged Allure results in " + out, e);
        }
    }
}
