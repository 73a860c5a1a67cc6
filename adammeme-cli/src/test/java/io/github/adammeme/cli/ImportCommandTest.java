package io.github.adammeme.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.cli.internal.HistoryCommand;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.report.ReferenceResultsFixture;
import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.report.run.RunRecords;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import-adammeme} on results in the reference implementation's format, then the imported run
 * where users take a run: as a later run's baseline, in the history, on a leaderboard, in Allure.
 */
class ImportCommandTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Command command, String... args) {
        out.reset();
        err.reset();
        return command.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private interface Command {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    private String printed() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void importsTheResultsAndTheRunServesAsBaselineInTheHistoryOnALeaderboardAndInAllure() throws IOException {
        Path results = ReferenceResultsFixture.write(dir.resolve("results"));
        Path imported = dir.resolve("imported");
        Path cache = dir.resolve("cache.db");
        int status = run(
                (a, o, e) -> ImportCommand.run(a, Map.of(), o, e),
                results.toString(),
                "--target",
                "llava-test",
                "--controller",
                "gpt-test",
                "adammeme.output-dir=" + imported,
                "adammeme.cache=" + cache,
                "--allure",
                dir.resolve("allure").toString());
        String printed = printed();
        assertEquals(1, status, "records that could not be imported make the status 1: " + printed + err);
        assertTrue(printed.contains("Scorer outputs: 5 read, 1 rejected"), printed);
        assertTrue(
                printed.contains("scores that differ from the recorded ones: 1\n  log_race.json #4: recorded 4.0"),
                printed);
        assertTrue(printed.contains("  log_race.json #5: no answer\n"), printed);
        assertTrue(printed.contains("race                  6"), "the FR table: " + printed);
        assertTrue(printed.contains("recorded as run llava-test@"), printed);

        Baseline baseline = Baseline.read(imported);
        assertEquals(7, baseline.samples().size());
        assertEquals("llava-test", baseline.target());
        assertEquals(1, RunRecords.all(new SqliteDatabase(cache)).size());

        // a simulated run against the imported one, recorded in the same database
        Path later = dir.resolve("later");
        Map<String, String> settings = new TreeMap<>(Map.of(
                "adammeme.dataset",
                SyntheticMemes.write(dir.resolve("memes"), 8).toString(),
                "adammeme.target.model",
                "sim:keyword",
                "adammeme.seeds",
                "1",
                "adammeme.iterations",
                "2",
                "adammeme.cache",
                cache.toString(),
                "adammeme.output-dir",
                later.toString(),
                "adammeme.baseline",
                imported.toString(),
                "adammeme.progress",
                "false",
                // seven samples are too few to call anything unchanged: the comparison is drawn, not judged
                "adammeme.gate.insufficient",
                "skip"));
        assertEquals(
                0,
                EvaluateCommand.run(
                        settings,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8)),
                err.toString(StandardCharsets.UTF_8));
        String comparison = Files.readString(later.resolve("baseline.md"));
        assertTrue(comparison.contains("against llava-test") && comparison.contains("| race |"), comparison);

        Map<String, String> history = Map.of(
                "adammeme.cache",
                cache.toString(),
                "adammeme.output-dir",
                dir.resolve("history").toString());
        assertEquals(
                0,
                HistoryCommand.run(
                        history,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8)));
        String page = Files.readString(dir.resolve("history").resolve("history.html"));
        assertTrue(page.contains("llava-test@") && page.contains("sim:keyword@"), "both runs in the history");

        assertEquals(
                0,
                run(LeaderboardCommand::run, dir.resolve("board").toString(), imported.toString(), later.toString()),
                err.toString(StandardCharsets.UTF_8));
        String board = Files.readString(dir.resolve("board").resolve("leaderboard.md"));
        assertTrue(board.contains("| llava-test |") && board.contains("| sim:keyword |"), board);
        assertTrue(board.contains("50.0%"), "the imported run's race FR, 2 of 4: " + board);

        List<JsonNode> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir.resolve("allure"))) {
            for (Path f :
                    files.filter(f -> f.toString().endsWith("-result.json")).toList()) {
                tests.add(new ObjectMapper().readTree(f.toFile()));
            }
        }
        assertEquals(7, tests.size());
        Map<String, Long> statuses = new TreeMap<>();
        tests.forEach(t -> statuses.merge(t.path("status").asText(), 1L, Long::sum));
        assertEquals(
                Map.of("passed", 3L, "failed", 2L, "broken", 2L),
                statuses,
                "scores 5, 6, 7; 3 and 2; the step marked 拒答 and the rejected rating, neither scored");
        assertTrue(
                tests.stream().anyMatch(t -> t.path("name").asText().equals("step 3 · race (rewrites data5k:22222)")));
        assertTrue(
                Files.readString(dir.resolve("allure").resolve("executor.json")).contains("llava-test"));
    }

    @Test
    void withoutAFolderOrATargetTheCommandSaysHowItIsUsed() {
        assertEquals(2, run((a, o, e) -> ImportCommand.run(a, Map.of(), o, e), "--target", "x"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains(ImportCommand.USAGE));
        assertEquals(2, run((a, o, e) -> ImportCommand.run(a, Map.of(), o, e), dir.toString()));
        assertEquals(
                2,
                run(
                        (a, o, e) -> ImportCommand.run(a, Map.of(), o, e),
                        dir.toString(),
                        "--target",
                        "x",
                        "adammeme.output-dir=" + dir.resolve("o")));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("holds no log_<category>.json"), err.toString());
    }
}
