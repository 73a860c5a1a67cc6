package io.github.adammeme.internal.report.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.CacheDatabase;
import io.github.adammeme.internal.llm.cache.CacheStore;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.RunPublisher;
import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import io.github.adammeme.testing.EmbeddedPostgresServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run records that never collide: runs started in the same second each keep a record of their own, and
 * a target's baseline is its latest whole run that scored, never one shard's part of a run; named by
 * its id, a shard's part or a run that scored nothing is refused.
 */
class RunRecordsTest {

    private static final String STARTED = "2026-11-25T10:00:00Z";
    private static final Pattern RECORDED = Pattern.compile("recorded as run (\\S+) in");

    @TempDir
    Path dir;

    private Map<String, String> settings(String cache, String output) throws Exception {
        Map<String, String> values = new HashMap<>();
        values.put(
                "adammeme.dataset",
                SyntheticMemes.write(dir.resolve("memes"), 8).toString());
        values.put("adammeme.seeds", "1");
        values.put("adammeme.iterations", "1");
        values.put("adammeme.cache", cache);
        values.put("adammeme.output-dir", dir.resolve(output).toString());
        return values;
    }

    /** Publishes the run as started at {@link #STARTED} and returns the id it was recorded under. */
    private static String publish(EvaluationConfig config, Evaluation e) {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        new RunPublisher(config, RunPublisher.Options.NONE, STARTED, out, out).record(e);
        Matcher m = RECORDED.matcher(console.toString(StandardCharsets.UTF_8));
        assertTrue(m.find(), "the run says its id: " + console);
        return m.group(1);
    }

    @Test
    void threeRunsStartedInTheSameSecondOnOneSqliteCacheKeepThreeRecords() throws Exception {
        Path cache = dir.resolve("cache.db");
        EvaluationConfig config = EvaluationConfig.from(settings(cache.toString(), "out"));
        Evaluation e = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        CacheDatabase database = new SqliteDatabase(cache);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(publish(config, e));
        }
        System.out.println("3 runs started in one second on one SQLite cache: " + ids + "; "
                + RunRecords.all(database).size() + " records");
        assertEquals(3, new TreeSet<>(ids).size(), "three ids: " + ids);
        assertEquals(3, RunRecords.all(database).size(), "a record each");
        for (String id : ids) {
            assertTrue(id.matches(Pattern.quote("sim:keyword@" + STARTED) + "-[0-9a-f]{6}"), "readable: " + id);
            assertEquals(id, RunRecords.find(database, id).orElseThrow().id(), "found by its id");
        }
    }

    @Test
    void fourShardsStartedTogetherOnPostgresKeepFourRecordsAndNoneIsATargetsBaseline() throws Exception {
        String url = EmbeddedPostgresServer.newDatabase("run_records");
        CacheDatabase database = CacheStore.parse(url, "ADAMMEME_TEST_NO_SUCH_USER", "ADAMMEME_TEST_NO_SUCH_PASSWORD")
                .database()
                .orElseThrow();
        List<EvaluationConfig> configs = new ArrayList<>();
        List<Evaluation> shards = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            Map<String, String> values = settings(url, "shard-" + i);
            values.put("adammeme.shard", i + "/4");
            configs.add(EvaluationConfig.from(values));
            shards.add(AdamMeme.evaluate(configs.get(i - 1), BuiltInSimulator.DEFAULT, PipelineListener.NONE));
        }
        // Recorded at the same moment, as four CI jobs that started together finish together.
        CyclicBarrier together = new CyclicBarrier(4);
        List<CompletableFuture<String>> recording = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            int shard = i;
            recording.add(CompletableFuture.supplyAsync(() -> {
                try {
                    together.await();
                } catch (Exception interrupted) {
                    throw new IllegalStateException(interrupted);
                }
                return publish(configs.get(shard), shards.get(shard));
            }));
        }
        Set<String> ids = new TreeSet<>();
        recording.forEach(r -> ids.add(r.join()));
        System.out.println("4 shards recorded at once on PostgreSQL: " + ids.size() + " ids, "
                + RunRecords.all(database).size() + " records");
        assertEquals(4, ids.size(), "four ids: " + ids);
        assertEquals(4, RunRecords.all(database).size(), "a record each");

        Baseline.BaselineException onlyShards =
                assertThrows(Baseline.BaselineException.class, () -> Baseline.fromCache(database, "sim:keyword"));
        assertTrue(onlyShards.getMessage().contains("a shard's record holds part of a run"), onlyShards.getMessage());
        String anyShard = ids.iterator().next();
        Baseline.BaselineException shard = assertThrows(
                Baseline.BaselineException.class,
                () -> Baseline.fromCache(database, anyShard),
                "a shard named by its id is refused too");
        assertTrue(
                shard.getMessage()
                        .matches(
                                Pattern.quote("run " + anyShard + " in " + database.name() + " holds shard ")
                                        + "[1-4]/4 only, part of a run: merge the shards \\(the command line's merge\\) and name the merged run"),
                shard.getMessage());

        EvaluationConfig wholeConfig = EvaluationConfig.from(settings(url, "whole"));
        Evaluation whole = AdamMeme.evaluate(wholeConfig, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        String wholeId = RunRecords.record(database, whole, "2026-11-25T11:00:00Z");
        Map<String, String> miningOnly = settings(url, "mining");
        miningOnly.put("adammeme.stages", "mining");
        Evaluation nothingScored =
                AdamMeme.evaluate(EvaluationConfig.from(miningOnly), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        String nothingId = RunRecords.record(database, nothingScored, "2026-11-25T12:00:00Z");
        assertEquals(
                "cache:" + wholeId,
                Baseline.fromCache(database, "sim:keyword").source(),
                "the latest whole run that scored, not the later run that scored nothing nor the shards");
        assertEquals(
                "cache:" + wholeId,
                Baseline.fromCache(database, "sim:keyword", wholeConfig.datasetKey())
                        .source(),
                "the last release on this run's dataset");
        Baseline.BaselineException otherMemes = assertThrows(
                Baseline.BaselineException.class,
                () -> Baseline.fromCache(database, "sim:keyword", "/data/other-memes.jsonl"));
        assertTrue(
                otherMemes
                        .getMessage()
                        .contains("on this run's dataset /data/other-memes.jsonl (a shard's record holds"
                                + " part of a run; cache:<run id> names any one); recorded runs: ["),
                otherMemes.getMessage());
        // A rejected release is no baseline: the same regressed model run again would pass against it.
        ReleaseDecision rejected = new ReleaseDecision(List.of(new ReleaseDecision.Check(
                ReleaseDecision.Kind.GATE,
                "overall",
                ReleaseDecision.Status.FAILED,
                true,
                "FR gate overall: over its budget")));
        RunRecords.record(database, whole, rejected, "2026-11-25T13:00:00Z");
        assertEquals(
                "cache:" + wholeId,
                Baseline.fromCache(database, "sim:keyword", wholeConfig.datasetKey())
                        .source(),
                "the last release, not the later rejected run");
        Baseline.BaselineException empty =
                assertThrows(Baseline.BaselineException.class, () -> Baseline.fromCache(database, nothingId));
        assertEquals(
                "run " + nothingId + " in " + database.name() + " scored no sample (FR n = 0): a run whose calls all"
                        + " failed has nothing to compare with",
                empty.getMessage());
    }
}
