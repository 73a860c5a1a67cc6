package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.cli.internal.ShardMerge;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.report.run.RunFilesException;
import io.github.adammeme.internal.report.run.RunRecords;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything a run leaves behind, from one place: its folder, the run record, the history and the bank. Once the
 * figures exist no failure loses them: the run's own files go into place together or not at all, naming the file
 * that could not be written, and every later part is left out with one line when it fails. The failures are real:
 * a folder where a file must go, a file where a folder must. One evaluation serves every test.
 */
class RunPublisherTest {

    @TempDir
    static Path shared;

    @TempDir
    Path dir;

    private static Map<String, String> settings;
    private static EvaluationConfig config;
    private static Evaluation e;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

    @BeforeAll
    static void evaluate() throws IOException {
        settings = Map.of(
                "adammeme.dataset",
                SyntheticMemes.write(shared.resolve("memes"), 8).toString(),
                "adammeme.seeds",
                "1",
                "adammeme.iterations",
                "2",
                "adammeme.cache",
                shared.resolve("cache.db").toString(),
                "adammeme.output-dir",
                shared.resolve("first").toString());
        config = EvaluationConfig.from(settings);
        e = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
    }

    /** The run's configuration publishing into a folder of the test's, with no cache to record in. */
    private EvaluationConfig into(String folder) {
        Map<String, String> values = new HashMap<>(settings);
        values.put("adammeme.cache", "memory");
        values.put("adammeme.output-dir", dir.resolve(folder).toString());
        return EvaluationConfig.from(values);
    }

    @Test
    void publishesEveryOutputOfARun() throws Exception {
        Path cache = shared.resolve("cache.db");
        RunPublisher first = new RunPublisher(config, RunPublisher.Options.NONE, "2026-01-01T00:00:00Z", out, out);
        first.writeFiles(e);
        assertEquals(
                Set.of("summary.json", "samples.jsonl", "memes.jsonl", "summary.md", "charts.html"),
                topLevel(shared.resolve("first")),
                "no baseline, so no baseline.md");
        assertEquals(ReleaseDecision.Verdict.UNDECIDED, first.decision(e).verdict(), "no gate and no baseline");
        assertEquals(
                EvaluationWriter.summaryJson(e, first.decision(e)),
                Files.readString(first.layout().summaryJson()));
        assertTrue(Files.readString(first.layout().summaryJson()).contains("\"verdict\" : \"UNDECIDED\""));
        assertEquals(
                SummaryMarkdown.render(e, first.decision(e)),
                Files.readString(first.layout().summaryMarkdown()));
        assertTrue(Files.isRegularFile(shared.resolve("first/charts/fr-by-category.svg")));

        EvaluationConfig second = config.withOutputDir(dir.resolve("second"));
        // The same run published again elsewhere: its samples name their pictures from the run's folder, which go with
        // it.
        copyTree(
                shared.resolve("first").resolve("images"), dir.resolve("second").resolve("images"));
        Path bank = dir.resolve("bank").resolve("hard-cases.jsonl");
        // Eight memes leave categories too thin to call unchanged, which fails closed unless told to skip them.
        RunPublisher.Options options = PublishSettings.read(
                Map.of(
                        "adammeme.baseline",
                        shared.resolve("first").toString(),
                        "adammeme.history",
                        "sim:",
                        "adammeme.bank",
                        bank.toString(),
                        "adammeme.gate.min-samples",
                        "1",
                        "adammeme.gate.insufficient",
                        "skip"),
                second);
        RunPublisher publisher = new RunPublisher(second, options, "2026-01-02T00:00:00Z", out, out);
        publisher.writeFiles(e);
        publisher.record(e);
        assertTrue(
                topLevel(dir.resolve("second")).containsAll(List.of("baseline.md", "history.html")),
                topLevel(dir.resolve("second")).toString());
        assertTrue(publisher.comparison(e).orElseThrow().containsKey("overall"), "the comparison, computed once");
        assertEquals(
                ReleaseDecision.Verdict.PASSED,
                publisher.decision(e).verdict(),
                "the same run is no regression: " + publisher.decision(e).console());
        assertTrue(Files.readString(publisher.layout().summaryMarkdown()).contains("## Release decision: PASSED"));
        assertEquals(1, RunRecords.all(new SqliteDatabase(cache)).size(), "the run is recorded");
        assertTrue(Files.isRegularFile(bank), "failed refinements are banked: " + console);

        RunPublisher.leaderboard(List.of(e, e), dir.resolve("board"), out);
        assertEquals(Set.of("leaderboard.md", "leaderboard.html", "charts.html"), topLevel(dir.resolve("board")));

        // A failure after the figures are written costs them nothing: the summary is not written over as lost.
        String finished = Files.readString(publisher.layout().summaryJson());
        assertEquals(false, publisher.writeLost("IllegalStateException: gone"));
        assertEquals(false, publisher.writeInterrupted("interrupted after its figures"));
        assertEquals(finished, Files.readString(publisher.layout().summaryJson()));
        RunPublisher unfinished = new RunPublisher(
                config.withOutputDir(dir.resolve("lost")), RunPublisher.Options.NONE, "2026-01-03T00:00:00Z", out, out);
        assertEquals(true, unfinished.writeLost("IllegalStateException: gone"));
        assertTrue(Files.readString(unfinished.layout().summaryJson()).contains("\"lost\" : true"));
    }

    /** A run's samples.jsonl cut short (a copy that failed, a full disk) is refused, never read as the whole run. */
    @Test
    void aSamplesFileCutShortIsRefusedAsABaselineAndAsAShard() throws Exception {
        new RunPublisher(into("run"), RunPublisher.Options.NONE, "2026-01-01T00:00:00Z", out, out).writeFiles(e);
        Path samples = dir.resolve("run").resolve("samples.jsonl");
        List<String> all = Files.readAllLines(samples);
        assertEquals(all.size(), Baseline.read(dir.resolve("run")).samples().size(), "the whole file is a baseline");
        Files.write(samples, all.subList(0, 5));

        Baseline.BaselineException baseline =
                assertThrows(Baseline.BaselineException.class, () -> Baseline.read(dir.resolve("run")));
        String cut = samples + " holds 5 samples where its summary.json counts " + all.size();
        assertTrue(baseline.getMessage().contains(cut), baseline.getMessage());
        IllegalArgumentException shard = assertThrows(
                IllegalArgumentException.class,
                () -> ShardMerge.merge(List.of(dir.resolve("run")), dir.resolve("merged")));
        assertTrue(shard.getMessage().contains(cut), shard.getMessage());
    }

    @Test
    void aRunFileThatCannotBeWrittenIsNamedAndTheFolderKeepsTheLastRunWhole() throws IOException {
        Path folder = dir.resolve("run");
        new RunPublisher(into("run"), RunPublisher.Options.NONE, "2026-01-01T00:00:00Z", out, out).writeRunFiles(e);
        String lastSummary = Files.readString(folder.resolve("summary.json"));
        String lastSamples = Files.readString(folder.resolve("samples.jsonl"));
        // Where memes.jsonl's copy would be written stands a folder: the write fails as on a full disk.
        Files.createDirectories(folder.resolve("memes.jsonl.tmp"));

        RunPublisher again = new RunPublisher(into("run"), RunPublisher.Options.NONE, "2026-01-02T00:00:00Z", out, out);
        RunFilesException failure = assertThrows(RunFilesException.class, () -> again.writeRunFiles(e));
        assertTrue(
                failure.getMessage()
                        .startsWith("cannot write " + folder.toAbsolutePath().resolve("memes.jsonl") + ": "),
                failure.getMessage());
        assertFalse(failure.getMessage().contains("\n"), "one line");
        assertFalse(again.figuresWritten());
        assertEquals(lastSummary, Files.readString(folder.resolve("summary.json")), "no summary of half a run");
        assertEquals(
                lastSamples, Files.readString(folder.resolve("samples.jsonl")), "samples.jsonl waits for the others");
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(
                    List.of(),
                    files.map(f -> f.getFileName().toString())
                            .filter(f -> f.endsWith(".tmp"))
                            .toList(),
                    "no copy is left half-written");
        }
        assertTrue(
                again.writeLost("the run's files could not be written: " + failure.getMessage()),
                "with none of this run's figures there, the folder says the run was lost");
    }

    @Test
    void reportsThatCannotBeWrittenAreLeftOutWithALineAndTheFiguresStand() throws IOException {
        Path folder = dir.resolve("reports");
        Files.createDirectories(folder.resolve("summary.md"));
        Files.writeString(folder.resolve("charts"), "a file where the charts' folder goes");
        copyTree(shared.resolve("first").resolve("images"), folder.resolve("images"));
        Path bank = Files.writeString(dir.resolve("not-a-folder"), "").resolve("hard-cases.jsonl");
        RunPublisher publisher = new RunPublisher(
                into("reports"),
                new RunPublisher.Options(Optional.empty(), 0.05, Optional.empty(), Optional.of(bank)),
                "2026-01-01T00:00:00Z",
                out,
                out);

        publisher.writeFiles(e);
        publisher.record(e);

        assertTrue(publisher.figuresWritten());
        assertEquals(
                EvaluationWriter.summaryJson(e, publisher.decision(e)),
                Files.readString(folder.resolve("summary.json")));
        List<String> lines = console.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.startsWith("adammeme: "))
                .toList();
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("adammeme: left out summary.md in " + folder + ": "), lines.get(0));
        assertTrue(
                lines.get(1)
                        .startsWith("adammeme: left out the charts in " + folder
                                + ": UncheckedIOException: cannot write" + " charts to " + folder.resolve("charts")),
                lines.get(1));
        assertTrue(lines.get(2).startsWith("adammeme: left out the hard-case bank " + bank + ": "), lines.get(2));
        assertTrue(publisher.charts(e).isEmpty(), "the summaries show no chart, and try no second time");
        assertFalse(publisher.writeLost("IllegalStateException: after the figures"), "a finished summary is kept");
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }

    private static Set<String> topLevel(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> p.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
