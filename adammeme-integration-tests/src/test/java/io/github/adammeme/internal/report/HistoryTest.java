package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.cli.internal.HistoryCommand;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.run.RunRecords;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.release.FrChange;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Three versions of a model family recorded one after another, and the trend they draw. */
class HistoryTest {

    @TempDir
    Path dir;

    @Test
    void threeRecordedRunsDrawThreePointsPerCategoryWithIntervalsAndMarkTheSignificantStep() throws Exception {
        Path memes = SyntheticMemes.write(dir.resolve("memes"), 2 * SyntheticMemes.CAPTIONS.size());
        Path cache = dir.resolve("cache.db");
        SqliteDatabase database = new SqliteDatabase(cache);
        List<String> versions = List.of("sim:keyword", "sim:refuser", "sim:oracle");
        for (int i = 0; i < versions.size(); i++) {
            EvaluationConfig config = EvaluationConfig.from(Map.of(
                    "adammeme.dataset",
                    memes.toString(),
                    "adammeme.cache",
                    cache.toString(),
                    "adammeme.target.model",
                    versions.get(i),
                    "adammeme.output-dir",
                    dir.resolve("run-" + i).toString(),
                    "adammeme.seeds",
                    "2",
                    "adammeme.iterations",
                    "2"));
            Evaluation run = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
            RunRecords.record(database, run, "2026-11-2" + (i + 1) + "T09:00:00Z");
        }
        List<RunRecords.Run> runs = History.select(RunRecords.all(database), "sim:");
        assertEquals(versions, runs.stream().map(RunRecords.Run::target).toList(), "oldest first");
        History history = History.of(cache.toString(), runs, 0.05);
        assertEquals(3, history.points().size());
        assertTrue(history.categories().size() > 2, history.categories().toString());
        for (String category : history.categories()) {
            for (History.Point p : history.points()) {
                FailureRate fr = p.withRefinements().get(category);
                assertNotNull(fr, p.runId() + " " + category);
                if (fr.rate() != null) {
                    assertTrue(fr.low() <= fr.rate() && fr.rate() <= fr.high(), p.runId() + " " + category + " " + fr);
                }
            }
        }
        assertTrue(history.points().get(0).change().isEmpty(), "the first run has nothing before it");
        FrChange last = history.points().get(2).change().get(Metrics.OVERALL);
        assertEquals(FrChange.Verdict.IMPROVED, last.verdict(), "the oracle after the refuser: " + last.describe());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = HistoryCommand.run(
                Map.of(
                        "adammeme.cache",
                        cache.toString(),
                        "adammeme.history",
                        "sim:",
                        "adammeme.output-dir",
                        dir.resolve("history").toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(0, status, out.toString(StandardCharsets.UTF_8));
        String page = Files.readString(dir.resolve("history").resolve("history.html"));
        for (RunRecords.Run run : runs) {
            assertTrue(page.contains(run.id()), run.id());
        }
        assertTrue(page.contains(HistoryPage.DOWN + " improved"), "the significant step is marked");
        String overall =
                Files.readString(dir.resolve("history").resolve("history").resolve("fr-overall.svg"));
        for (int i = 1; i <= 3; i++) {
            assertTrue(overall.contains(i + ". " + versions.get(i - 1)), "run " + i + " on the axis");
        }
        for (String category : history.categories()) {
            assertTrue(
                    Files.isRegularFile(
                            dir.resolve("history").resolve("history").resolve("fr-" + Charts.slug(category) + ".svg")),
                    category);
        }
        System.out.println("history page: " + dir.resolve("history").resolve("history.html"));

        // A record no run could have written (damaged by hand, or by a tool): named, and nothing else is lost.
        try (var c = database.connect();
                var s = c.createStatement()) {
            s.execute("INSERT INTO runs VALUES ('sim:keyword@2026-11-30T09:00:00Z', 'sim:keyword',"
                    + " '2026-11-30T09:00:00Z', '{\"metrics\": {}}', 'not a sample')");
        }
        ByteArrayOutputStream damaged = new ByteArrayOutputStream();
        assertEquals(
                2,
                HistoryCommand.run(
                        Map.of(
                                "adammeme.cache",
                                cache.toString(),
                                "adammeme.history",
                                "sim:",
                                "adammeme.output-dir",
                                dir.resolve("damaged").toString()),
                        new PrintStream(damaged, true, StandardCharsets.UTF_8),
                        new PrintStream(damaged, true, StandardCharsets.UTF_8)));
        assertTrue(
                damaged.toString(StandardCharsets.UTF_8).contains("sim:keyword@2026-11-30T09:00:00Z"),
                damaged.toString(StandardCharsets.UTF_8));

        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        ByteArrayOutputStream intoFile = new ByteArrayOutputStream();
        assertEquals(
                2,
                HistoryCommand.run(
                        Map.of("adammeme.cache", cache.toString(), "adammeme.output-dir", file.toString()),
                        new PrintStream(intoFile, true, StandardCharsets.UTF_8),
                        new PrintStream(intoFile, true, StandardCharsets.UTF_8)));
        assertEquals(
                "adammeme: configuration key 'adammeme.output-dir' has value '" + file + "': " + file.toAbsolutePath()
                        + " is a file, not a folder; the history page could not be written there",
                intoFile.toString(StandardCharsets.UTF_8).strip(),
                "one line, no stack trace");

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(
                2,
                HistoryCommand.run(
                        Map.of("adammeme.cache", cache.toString(), "adammeme.history", "gpt-"),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(
                err.toString(StandardCharsets.UTF_8)
                        .contains("recorded targets: [sim:keyword, sim:refuser, sim:oracle]"),
                err.toString(StandardCharsets.UTF_8));
    }
}
