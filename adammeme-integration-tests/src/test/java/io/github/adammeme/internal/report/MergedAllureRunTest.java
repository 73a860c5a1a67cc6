package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.Constants;
import io.github.adammeme.cli.internal.AllureMerge;
import io.github.adammeme.cli.internal.ShardMerge;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.allure.AllureEnvironment;
import io.github.adammeme.internal.report.allure.AllureExecutor;
import io.github.adammeme.internal.report.allure.AllureSample;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.text.ReportText;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Allure results of a sharded run merge into one run's: one result for each test on the whole run's
 * figures, with the whole run's figures, and one environment with the shards' calls and tokens summed.
 */
class MergedAllureRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SHARDS = 2;

    @TempDir
    Path dir;

    @Test
    void theTestsOfTheWholeRunAreOneResultEachWithTheWholeRunsFigures() throws Exception {
        Path memes = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
        List<Path> outputs = new ArrayList<>();
        List<Path> results = new ArrayList<>();
        long calls = 0;
        long tokens = 0;
        for (int i = 1; i <= SHARDS; i++) {
            EvaluationConfig config = EvaluationConfig.from(Map.of(
                    "adammeme.dataset",
                    memes.toString(),
                    "adammeme.seeds",
                    "1",
                    "adammeme.iterations",
                    "2",
                    "adammeme.cache",
                    dir.resolve("cache.db").toString(),
                    "adammeme.shard",
                    i + "/" + SHARDS,
                    "adammeme.output-dir",
                    dir.resolve("shard-" + i).toString()));
            Evaluation e = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
            new RunPublisher(
                            config,
                            RunPublisher.Options.NONE,
                            "2026-11-25T10:00:00Z",
                            new PrintStream(PrintStream.nullOutputStream()),
                            System.err)
                    .writeFiles(e);
            outputs.add(dir.resolve("shard-" + i));
            results.add(allureResultsOf(e, i));
            calls += 1000L * i;
            tokens += 50_000L * i;
        }
        Metrics whole = ShardMerge.merge(outputs, dir.resolve("merged"));
        AllureMerge.merge(
                results,
                dir.resolve("merged-allure"),
                new AllureMerge.WholeRun(AllureExecutor.fr(whole) + " · merged from 2 shards", whole, SHARDS));

        Map<String, List<JsonNode>> byName = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(dir.resolve("merged-allure"))) {
            for (Path f :
                    files.filter(f -> f.toString().endsWith("-result.json")).toList()) {
                JsonNode r = JSON.readTree(f.toFile());
                byName.computeIfAbsent(r.path("name").asText(), k -> new ArrayList<>())
                        .add(r);
            }
        }
        System.out.println("merged Allure results: " + byName.keySet() + ", "
                + byName.values().stream().mapToInt(List::size).sum() + " results");
        assertEquals(1, byName.get("FR summary: overall").size(), "one overall FR summary");
        assertEquals(1, byName.get("judge agreement").size(), "one judge agreement");
        assertEquals(1, byName.get("FR gate: overall").size(), "one overall gate");
        assertEquals(SHARDS, byName.get("a pair").size(), "every shard's own tests");

        JsonNode summary = byName.get("FR summary: overall").get(0);
        assertEquals(whole.withRefinementsOverall().fr().describe(), parameter(summary, "FR (with refinements)"));
        assertEquals(whole.originalOverall().fr().describe(), parameter(summary, "FR (originals)"));
        assertEquals(whole.judgeAgreement().describe(whole.threshold()), parameter(summary, "judge agreement"));
        assertEquals("passed", summary.path("status").asText());
        String table = Files.readString(dir.resolve("merged-allure")
                .resolve(summary.at("/attachments/0/source").asText()));
        assertTrue(table.contains(String.valueOf(whole.withRefinementsOverall().samples())), "the whole run's table");
        assertEquals(1, summary.path("attachments").size(), "a shard's charts of its part are left out");

        JsonNode judge = byName.get("judge agreement").get(0);
        assertTrue(
                judge.path("description")
                        .asText()
                        .contains(ReportText.markdown(whole.judgeAgreement().describe(whole.threshold()))),
                judge.toString());
        assertEquals("passed", judge.path("status").asText(), "no minimum was set: reported, never failed");
        JsonNode gate = byName.get("FR gate: overall").get(0);
        assertEquals("unknown", gate.path("status").asText(), "a shard's gate judged its part only");
        assertTrue(
                gate.at("/statusDetails/message").asText().contains("the gate command judges the whole run"),
                gate.toString());

        Properties environment = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("merged-allure/environment.properties"))) {
            environment.load(in);
        }
        assertEquals(Long.toString(calls), environment.getProperty("calls"), "every shard's calls");
        assertEquals(Long.toString(tokens), environment.getProperty("tokens"), "every shard's tokens");
        assertEquals(whole.withRefinementsOverall().fr().describe(), environment.getProperty("FR overall"));
        List<String> rows = new ArrayList<>(AllureEnvironment.read(dir.resolve("merged-allure/environment.properties"))
                .keySet());
        assertEquals(
                List.of("release decision", "FR overall", "FR by category"),
                rows.subList(0, 3),
                "the verdict and the whole run's FR rows lead");
        assertTrue(rows.indexOf("FR by category") < rows.indexOf("target"), rows.toString());
        try (Stream<Path> files = Files.list(dir.resolve("merged-allure"))) {
            assertEquals(
                    byName.values().stream().mapToInt(List::size).sum() + 1 + 1,
                    files.count(),
                    "the results, the merged FR table and the environment: no attachment of a result left out");
        }
    }

    /**
     * A shard's results as the engine writes them: the overall FR summary with its part's figures, table and a
     * chart, the judge's agreement with the settings it was judged by, the overall gate, and a pair of its own.
     */
    private Path allureResultsOf(Evaluation e, int shard) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("allure-" + shard));
        Map<String, Object> figures = new LinkedHashMap<>(SummaryFigures.of(
                e.metrics().withRefinementsOverall(), e.metrics().originalOverall()));
        figures.put(
                "judge agreement",
                e.metrics().judgeAgreement().describe(e.metrics().threshold()));
        ObjectNode summary = result(folder, "FR summary: overall", "fr-summary-overall", "summary", "passed", figures);
        summary.putArray("attachments")
                .add(attachment(folder, "FR table", "text/html", "html"))
                .add(attachment(folder, "fr-by-category.svg", "image/svg+xml", "svg"));
        write(folder, summary);
        write(
                folder,
                result(
                        folder,
                        "judge agreement",
                        "judge-agreement",
                        "judge",
                        "passed",
                        Map.of(
                                Constants.JUDGE_MIN_KAPPA,
                                AllureSample.NOT_SET,
                                Constants.GATE_MIN_SAMPLES,
                                "30",
                                Constants.GATE_INSUFFICIENT,
                                "fail")));
        write(
                folder,
                result(folder, "FR gate: overall", "gate-overall", "gate", shard == 1 ? "passed" : "failed", Map.of()));
        write(folder, result(folder, "a pair", "pair-of-shard-" + shard, "original", "passed", Map.of()));
        Properties environment = new Properties();
        environment.setProperty("target", "sim:keyword");
        environment.setProperty("calls", Long.toString(1000L * shard));
        environment.setProperty("tokens", Long.toString(50_000L * shard));
        environment.setProperty(
                "FR overall", e.metrics().withRefinementsOverall().fr().describe());
        environment.setProperty("FR gate overall", shard == 1 ? "PASSED" : "FAILED");
        try (var out = Files.newOutputStream(folder.resolve("environment.properties"))) {
            environment.store(out, null);
        }
        return folder;
    }

    private static ObjectNode result(
            Path folder, String name, String historyId, String story, String status, Map<String, Object> parameters) {
        ObjectNode r = JSON.createObjectNode()
                .put("uuid", UUID.randomUUID().toString())
                .put("historyId", historyId)
                .put("name", name)
                .put("status", status)
                .put("stage", "finished")
                .put("start", 1000)
                .put("stop", 2000);
        r.putArray("labels")
                .add(JSON.createObjectNode().put("name", "feature").put("value", "overall"))
                .add(JSON.createObjectNode().put("name", "story").put("value", story));
        var list = r.putArray("parameters");
        parameters.forEach((k, v) -> list.addObject().put("name", k).put("value", String.valueOf(v)));
        return r;
    }

    private static ObjectNode attachment(Path folder, String name, String type, String extension) throws Exception {
        String source = UUID.randomUUID() + "-attachment." + extension;
        Files.writeString(folder.resolve(source), "a shard's " + name);
        return JSON.createObjectNode().put("name", name).put("source", source).put("type", type);
    }

    private static void write(Path folder, ObjectNode result) throws Exception {
        Files.writeString(
                folder.resolve(result.path("uuid").asText() + "-result.json"), JSON.writeValueAsString(result));
    }

    private static String parameter(JsonNode result, String name) {
        for (JsonNode p : result.path("parameters")) {
            if (p.path("name").asText().equals(name)) {
                return p.path("value").asText();
            }
        }
        return null;
    }
}
