package io.github.adammeme.internal.report.allure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.report.SampleVerdict;
import io.github.adammeme.internal.report.TruncatedAnswers;
import io.github.adammeme.internal.summary.Outcome;
import io.qameta.allure.Allure;
import io.qameta.allure.AllureLifecycle;
import io.qameta.allure.FileSystemResultsWriter;
import io.qameta.allure.model.TestResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An answer cut at the token limit, wherever a reader meets it: a sample's line, its test's failure message,
 * its Allure parameters and attachment, and the run's counts by role on the console and in summary.md.
 */
class TruncatedSampleTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static ScoredSample sample(boolean truncated) {
        ScoredSample s = new ScoredSample(
                "meme_01/race",
                "meme_01",
                "race",
                "a misbelief",
                "a text",
                "a text",
                "meme_01.png",
                null,
                Outcome.FAILED,
                3,
                "a reference",
                "The meme is harmful. Background: some",
                "It misses the stereotype.",
                null,
                null,
                null,
                null);
        return truncated ? s.cutAtTokenLimit() : s;
    }

    @Test
    void aCutTargetAnswerIsMarkedInItsLineAndInItsTestsMessage() throws Exception {
        JsonNode line = JSON.readTree(JSON.writeValueAsString(sample(true)));
        assertTrue(line.path("truncated").asBoolean(), line.toString());
        assertEquals(3, line.path("score").asInt(), "scored as written");
        assertEquals(sample(true), JSON.readValue(line.toString(), ScoredSample.class), "read back as written");
        ScoredSample older = JSON.readValue(line.toString().replace(",\"truncated\":true", ""), ScoredSample.class);
        assertEquals(false, older.truncated(), "a line written before the mark reads as not cut");

        assertEquals(
                "meme_01 · race: score 3 < 4.0 (the target's answer was cut at the token limit) — It misses the"
                        + " stereotype.",
                SampleVerdict.of(sample(true), 4.0, true).message());
        assertEquals(
                "meme_01 · race: score 3 < 4.0 — It misses the stereotype.",
                SampleVerdict.of(sample(false), 4.0, true).message());
    }

    @Test
    void allureShowsTheCutAsAParameterAndNamesTheAttachment() throws Exception {
        Path results = dir.resolve("allure-results");
        AllureLifecycle previous = Allure.getLifecycle();
        AllureLifecycle lifecycle = new AllureLifecycle(new FileSystemResultsWriter(results));
        Allure.setLifecycle(lifecycle);
        try {
            for (boolean truncated : List.of(true, false)) {
                String uuid = UUID.randomUUID().toString();
                lifecycle.scheduleTestCase(new TestResult().setUuid(uuid).setName("cut " + truncated));
                lifecycle.startTestCase(uuid);
                AllureSample.sample(
                        sample(truncated),
                        sample(truncated).picture(dir),
                        "original pairs",
                        "Suite",
                        "vision-1",
                        new RoleEndpoints(RoleEndpoints.BUILT_IN, RoleEndpoints.BUILT_IN, true));
                lifecycle.stopTestCase(uuid);
                lifecycle.writeTestCase(uuid);
            }
        } finally {
            Allure.setLifecycle(previous);
        }
        List<JsonNode> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(results)) {
            for (Path f :
                    files.filter(f -> f.toString().endsWith("-result.json")).toList()) {
                tests.add(JSON.readTree(f.toFile()));
            }
        }
        assertEquals(2, tests.size());
        for (JsonNode test : tests) {
            boolean cut = test.path("name").asText().equals("cut true");
            List<String> parameters = new ArrayList<>();
            test.path("parameters")
                    .forEach(p -> parameters.add(
                            p.path("name").asText() + "=" + p.path("value").asText()));
            List<String> attachments = new ArrayList<>();
            test.path("attachments").forEach(a -> attachments.add(a.path("name").asText()));
            assertEquals(
                    cut,
                    parameters.contains(
                            "target answer=cut at the token limit (finish_reason length), scored as" + " written"),
                    parameters.toString());
            assertTrue(
                    attachments.contains(cut ? "target answer (cut at the token limit)" : "target answer"),
                    attachments.toString());
        }
    }

    @Test
    void theRunCountsCutAnswersByRoleOnceOnTheConsoleAndInSummaryMd() {
        List<UsageLedger.Line> usage = List.of(
                line("scoring", "Target", 2),
                line("refinement", "Target", 1),
                line("scoring", "Scorer", 1),
                line("scoring", "Senior", 0));
        TruncatedAnswers cut = TruncatedAnswers.of(usage);
        assertEquals(new TruncatedAnswers(4, Map.of("Scorer", 1L, "Target", 3L)), cut);
        assertEquals(
                "note: 4 answers were cut at the token limit (finish_reason length): Target 3 (kept as written,"
                        + " marked \"truncated\" in samples.jsonl), Scorer 1 (asked again); raise adammeme.max-tokens (now 512) to"
                        + " let them finish",
                cut.consoleLine(512));
        assertEquals(
                "Answers cut at the token limit (`finish_reason` length): Target 3 (kept as written, marked"
                        + " `\"truncated\": true` in samples.jsonl), Scorer 1 (asked again).\n",
                cut.markdown());

        TruncatedAnswers none = TruncatedAnswers.of(List.of(line("scoring", "Target", 0)));
        assertEquals(0, none.total());
        assertNull(none.consoleLine(1024), "nothing is said when nothing was cut");
        assertTrue(
                cut.consoleLine(null)
                        .endsWith("; the run sends no adammeme.max-tokens, so the endpoint's own limit" + " cut them"),
                "under adammeme.max-tokens=none: " + cut.consoleLine(null));
        assertEquals("", none.markdown());
    }

    private static UsageLedger.Line line(String stage, String role, long cut) {
        return new UsageLedger.Line(stage, role, "m", 5, 0, 0, 0, 0, 100, 0, 50, 0, 0.0, cut);
    }
}
