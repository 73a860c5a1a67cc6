package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.cli.internal.ShardMerge;
import io.github.adammeme.internal.data.SyntheticMemes;
import io.github.adammeme.internal.llm.SqliteDatabase;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.Evaluation;
import io.github.adammeme.internal.pipeline.EvaluationConfig;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Everything a run leaves behind, from one place: its folder, the run record, the history and the bank. */
class RunPublisherTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

    @Test
    void publishesEveryOutputOfARun() throws Exception {
        Path cache = dir.resolve("cache.db");
        EvaluationConfig config = EvaluationConfig.from(Map.of(
                "adammeme.dataset", SyntheticMemes.write(dir.resolve("memes"), 8).toString(),
                "adammeme.seeds", "1", "adammeme.iterations", "2",
                "adammeme.cache", cache.toString(), "adammeme.output-dir", dir.resolve("first").toString()));
        Evaluation e = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        RunPublisher first = new RunPublisher(config, RunPublisher.Options.NONE, "2026-01-01T00:00:00Z", out, out);
        first.writeFiles(e);
        assertEquals(Set.of("summary.json", "samples.jsonl", "memes.jsonl", "summary.md", "charts.html"),
                topLevel(dir.resolve("first")), "no baseline, so no baseline.md");
        assertEquals(ReleaseDecision.Verdict.UNDECIDED, first.decision(e).verdict(), "no gate and no baseline");
        assertEquals(EvaluationWriter.summaryJson(e, first.decision(e)), Files.readString(first.layout().summaryJson()));
        assertTrue(Files.readString(first.layout().summaryJson()).contains("\"verdict\" : \"UNDECIDED\""));
        assertEquals(SummaryMarkdown.render(e, first.decision(e)), Files.readString(first.layout().summaryMarkdown()));
        assertTrue(Files.isRegularFile(dir.resolve("first/charts/fr-by-category.svg")));

        EvaluationConfig second = config.withOutputDir(dir.resolve("second"));
        // The same run published again elsewhere: its samples name their pictures from the run's folder, which go with it.
        copyTree(dir.resolve("first").resolve("images"), dir.resolve("second").resolve("images"));
        Path bank = dir.resolve("bank").resolve("hard-cases.jsonl");
        // Eight memes leave categories too thin to call unchanged, which fails closed unless told to skip them.
        RunPublisher.Options options = PublishSettings.read(Map.of("adammeme.baseline", dir.resolve("first").toString(),
                "adammeme.history", "sim:", "adammeme.bank", bank.toString(), "adammeme.gate.min-samples", "1",
                "adammeme.gate.insufficient", "skip"), second);
        RunPublisher publisher = new RunPublisher(second, options, "2026-01-02T00:00:00Z", out, out);
        publisher.writeFiles(e);
        publisher.record(e);
        assertTrue(topLevel(dir.resolve("second")).containsAll(List.of("baseline.md", "history.html")),
                topLevel(dir.resolve("second")).toString());
        assertTrue(publisher.comparison(e).orElseThrow().containsKey("overall"), "the comparison, computed once");
        assertEquals(ReleaseDecision.Verdict.PASSED, publisher.decision(e).verdict(),
                "the same run is no regression: " + publisher.decision(e).console());
        assertTrue(Files.readString(publisher.layout().summaryMarkdown()).contains("## Release decision: PASSED"));
        assertEquals(1, RunRecords.all(new SqliteDatabase(cache)).size(), "the run is recorded");
        assertTrue(Files.isRegularFile(bank), "failed refinements are banked: " + console);

        RunPublisher.leaderboard(List.of(e, e), dir.resolve("board"), out);
        assertEquals(Set.of("leaderboard.md", "leaderboard.html", "charts.html"), topLevel(dir.resolve("board")));

        publisher.writeLost("IllegalStateException: gone");
        assertTrue(Files.readString(publisher.layout().summaryJson()).contains("\"lost\" : true"));
    }

    /** A run's samples.jsonl cut short (a copy that failed, a full disk) is refused, never read as the whole run. */
    @Test
    void aSamplesFileCutShortIsRefusedAsABaselineAndAsAShard() throws Exception {
        EvaluationConfig config = EvaluationConfig.from(Map.of(
                "adammeme.dataset", SyntheticMemes.write(dir.resolve("memes"), 8).toString(),
                "adammeme.seeds", "1", "adammeme.iterations", "1",
                "adammeme.cache", "memory", "adammeme.output-dir", dir.resolve("run").toString()));
        new RunPublisher(config, RunPublisher.Options.NONE, "2026-01-01T00:00:00Z", out, out)
                .writeFiles(AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE));
        Path samples = dir.resolve("run").resolve("samples.jsonl");
        List<String> all = Files.readAllLines(samples);
        assertEquals(all.size(), Baseline.read(dir.resolve("run")).samples().size(), "the whole file is a baseline");
        Files.write(samples, all.subList(0, 5));

        Baseline.BaselineException baseline = assertThrows(Baseline.BaselineException.class,
                () -> Baseline.read(dir.resolve("run")));
        String cut = samples + " holds 5 samples where its summary.json counts " + all.size();
        assertTrue(baseline.getMessage().contains(cut), baseline.getMessage());
        IllegalArgumentException shard = assertThrows(IllegalArgumentException.class,
                () -> ShardMerge.merge(List.of(dir.resolve("run")), dir.resolve("merged")));
        assertTrue(shard.getMessage().contains(cut), shard.getMessage());
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
            return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
