package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A target whose answers run past the token limit, end to end through the engine: the simulated
 * {@code sim:verbose} writes on past 1024 tokens, so the endpoint stops each answer there with
 * {@code finish_reason} length. Each is scored as written, its sample marked, its test's message says so,
 * the summary counts them by role, and the console says it once; the same target under a higher limit
 * is cut nowhere.
 */
class TruncatedAnswerTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 6);
    }

    /** A run of the verbose target, its console kept: the engine writes its results' lines to System.out. */
    private static Ran run(String out, String maxTokens) {
        PrintStream console = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            EngineExecutionResults results = BadInputRuns.kit(
                            dataset,
                            dir.resolve(out),
                            "adammeme.target.model",
                            "sim:verbose",
                            "adammeme.max-tokens",
                            maxTokens,
                            "adammeme.text-erasure",
                            "none",
                            "adammeme.threshold",
                            "9.5")
                    .execute();
            return new Ran(
                    results,
                    BadInputRuns.Outcomes.read(dir.resolve(out)),
                    dir.resolve(out),
                    printed.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(console);
        }
    }

    private record Ran(EngineExecutionResults results, BadInputRuns.Outcomes outcomes, Path out, String console) {

        List<JsonNode> samples() throws Exception {
            List<JsonNode> lines = new ArrayList<>();
            for (String line : Files.readAllLines(out.resolve("samples.jsonl"), StandardCharsets.UTF_8)) {
                lines.add(BadInputRuns.JSON.readTree(line));
            }
            return lines;
        }

        List<String> failureMessages() {
            List<String> messages = new ArrayList<>();
            results.testEvents()
                    .failed()
                    .list()
                    .forEach(e -> e.getPayload(TestExecutionResult.class)
                            .flatMap(TestExecutionResult::getThrowable)
                            .ifPresent(t -> messages.add(t.getMessage())));
            return messages;
        }
    }

    @Test
    void anAnswerCutAtTheTokenLimitIsScoredAsWrittenMarkedCountedAndSaidOnce() throws Exception {
        Ran cut = run("cut", "1024");
        List<JsonNode> samples = cut.samples();
        assertFalse(samples.isEmpty());
        for (JsonNode s : samples) {
            assertTrue(s.path("truncated").asBoolean(), "marked: " + s);
            assertTrue(s.path("score").isInt(), "scored as written: " + s);
            int length = s.path("targetAnswer").asText().length();
            assertTrue(length > 4000 && length <= 4096, "cut after 1024 tokens of four characters: " + length);
        }
        JsonNode counted = cut.outcomes().summary().path("truncatedAnswers");
        assertEquals(samples.size(), counted.path("total").asInt(), counted.toString());
        assertEquals(
                samples.size(), counted.path("byRole").path("Target").asInt(), "the agents' answers fit: " + counted);
        assertTrue(Files.readString(cut.out().resolve("summary.md"))
                .contains("Answers cut at the token limit" + " (`finish_reason` length): Target " + samples.size()
                        + " (kept as written"));
        assertTrue(
                cut.failureMessages().stream()
                        .anyMatch(m -> m.contains("(the target's answer was cut at the token" + " limit)")),
                cut.failureMessages().toString());
        String note = "note: " + samples.size() + " answers were cut at the token limit (finish_reason length): Target "
                + samples.size()
                + " (kept as written, marked \"truncated\" in samples.jsonl); raise adammeme.max-tokens"
                + " (now 1024) to let them finish";
        assertEquals(1, cut.console().lines().filter(note::equals).count(), cut.console());

        Ran whole = run("whole", "2048");
        assertTrue(whole.samples().stream().noneMatch(s -> s.path("truncated").asBoolean()));
        assertEquals(
                0,
                whole.outcomes()
                        .summary()
                        .path("truncatedAnswers")
                        .path("total")
                        .asInt());
        assertFalse(whole.console().contains("cut at the token limit"), whole.console());
        assertFalse(Files.readString(whole.out().resolve("summary.md")).contains("cut at the token limit"));
    }
}
