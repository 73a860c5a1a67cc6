package io.github.adammeme.internal.llm.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.cli.internal.CacheCommand;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.report.run.RunRecords;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.testing.EmbeddedPostgresServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PostgreSQL cache on a real server: answers, the claims protocol, schema versions, and the cache commands. */
class PostgresCallCacheTest {

    private static final CallCache.Meta META = new CallCache.Meta("simulator", "sim:agent", "Miner");
    private static final ChatResponse ANSWER =
            new ChatResponse("{\"categories\": []}", null, "stop", new Usage(120, 8), false);

    @TempDir
    Path dir;

    private static PostgresDatabase database(String url) {
        return (PostgresDatabase) CacheStore.parse(url, "ADAMMEME_TEST_NO_SUCH_USER", "ADAMMEME_TEST_NO_SUCH_PASSWORD");
    }

    @Test
    void anAnswerStoredByOneWorkerIsReadByAnotherAndTheSchemaCarriesItsVersion() throws Exception {
        PostgresDatabase db = database(EmbeddedPostgresServer.newDatabase("answers"));
        try (CallCache one = db.openDurable()) {
            one.put("k1", META, ANSWER);
        }
        try (CallCache two = db.openDurable()) {
            assertEquals(ANSWER, two.get("k1").orElseThrow());
            assertTrue(two.get("k2").isEmpty());
        }
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT version FROM schema_version")) {
            assertTrue(rs.next());
            assertEquals(CacheSchema.VERSION, rs.getInt(1));
            assertFalse(rs.next(), "one version row");
        }
        assertTrue(db.problem().isEmpty(), "a writable database has no problem: " + db.problem());
    }

    @Test
    void aClaimIsExclusiveWhileItsWorkerLivesAndFreeTheMomentItsSessionEnds() throws Exception {
        PostgresDatabase db = database(EmbeddedPostgresServer.newDatabase("claims"));
        try (CallCache survivor = db.openDurable()) {
            CallCache doomed = db.openDurable();
            assertTrue(doomed.claim("k"));
            assertTrue(doomed.claim("k"), "a claim is re-entrant for its owner");
            assertFalse(survivor.claim("k"), "a live worker's claim holds");
            // A worker killed on another machine: its connections drop and with them its session.
            doomed.close();
            // The server ends a session a moment after its connection closes, not within the close call.
            long start = System.nanoTime();
            boolean taken = survivor.claim("k");
            while (!taken && System.nanoTime() - start < 5_000_000_000L) {
                Thread.sleep(10);
                taken = survivor.claim("k");
            }
            assertTrue(
                    taken,
                    "the claim of a worker whose session ended is taken over within seconds, not "
                            + PostgresCallCache.STALE_CLAIM);
            survivor.put("k", META, ANSWER);
            try (CallCache third = db.openDurable()) {
                assertTrue(third.claim("k"), "an answered call holds no claim");
                third.release("k");
            }
        }
    }

    @Test
    void aClaimOlderThanAnyCallCouldTakeIsTakenOverEvenWhileItsSessionLives() throws Exception {
        PostgresDatabase db = database(EmbeddedPostgresServer.newDatabase("stale"));
        try (CallCache mine = db.openDurable();
                Connection other = db.connect()) {
            long pid;
            try (Statement s = other.createStatement();
                    ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                pid = rs.getLong(1);
            }
            try (PreparedStatement insert = other.prepareStatement(
                    "INSERT INTO claims (key, owner, claimed_at, session) VALUES (?, 'hung@elsewhere/x', ?, ?)")) {
                long now = Instant.now().toEpochMilli();
                insert.setString(1, "old");
                insert.setLong(2, now - PostgresCallCache.STALE_CLAIM.toMillis() - 1000);
                insert.setLong(3, pid);
                insert.executeUpdate();
                insert.setString(1, "young");
                insert.setLong(2, now);
                insert.executeUpdate();
            }
            assertTrue(mine.claim("old"), "older than " + PostgresCallCache.STALE_CLAIM);
            assertFalse(mine.claim("young"), "a fresh claim of a live session holds");
        }
    }

    @Test
    void anAttemptCountsWhatAKilledAttemptOfItsRunPaidButNotWhatOneStillRunningPays() throws Exception {
        PostgresDatabase db = database(EmbeddedPostgresServer.newDatabase("attempts"));
        try (CallCache finishing = db.openDurable();
                CallCache running = db.openDurable()) {
            CallCache killed = db.openDurable();
            killed.paidBy("run1/killed");
            killed.put("k1", META, ANSWER);
            killed.close(); // its session ends, as a killed worker's does
            CallCache otherRun = db.openDurable();
            otherRun.paidBy("run2/lost");
            otherRun.put("k4", META, ANSWER);
            otherRun.close();
            running.paidBy("run1/running");
            running.put("k2", META, ANSWER);
            finishing.paidBy("run1/finishing");
            finishing.put("k3", META, ANSWER);

            assertEquals(
                    List.of(new CallCache.Paid("Miner", "sim:agent", 1, 120, 8)),
                    finishing.unfinishedAttempts(),
                    "the killed attempt's answer, not the running one's nor another run's");
            finishing.attemptFinished();
            assertEquals(List.of(), finishing.unfinishedAttempts(), "counted once");
            assertEquals(
                    Map.of("k2", "run1/running", "k4", "run2/lost"),
                    marks(db),
                    "only what is still to be counted is marked");
            running.attemptFinished();
            assertEquals(Map.of("k4", "run2/lost"), marks(db));
        }
    }

    private static Map<String, String> marks(PostgresDatabase db) throws Exception {
        Map<String, String> marks = new TreeMap<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT key, paid_by FROM calls WHERE paid_by IS NOT NULL")) {
            while (rs.next()) {
                marks.put(rs.getString(1), rs.getString(2));
            }
        }
        return marks;
    }

    @Test
    void aRunRecordedOnOneMachineIsTheBaselineOfARunOnAnother() throws Exception {
        String url = EmbeddedPostgresServer.newDatabase("runs");
        Path memes = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
        EvaluationConfig config = EvaluationConfig.from(Map.of(
                "adammeme.dataset",
                memes.toString(),
                "adammeme.cache",
                url,
                "adammeme.output-dir",
                dir.resolve("out").toString(),
                "adammeme.seeds",
                "1",
                "adammeme.iterations",
                "1"));
        Evaluation run = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        String id = RunRecords.record(config.outputs().cache().database().orElseThrow(), run, "2026-11-23T10:00:00Z");

        // Another machine: its own configuration of the same database.
        CacheDatabase elsewhere = database(url);
        Baseline baseline = Baseline.fromCache(elsewhere, "sim:keyword");
        assertEquals("sim:keyword", baseline.target());
        assertEquals(
                run.samples().size() + run.refinedSamples().size(),
                baseline.samples().size());
        assertEquals(List.of(id), RunRecords.ids(elsewhere));
        Baseline.BaselineException none =
                assertThrows(Baseline.BaselineException.class, () -> Baseline.fromCache(elsewhere, "sim:oracle"));
        assertTrue(none.getMessage().contains("recorded runs: [" + id + "]"), none.getMessage());
    }

    @Test
    void credentialsInTheUrlAreRefusedWithoutBeingRepeated() {
        String secret = "hunter2-correct-horse";
        for (String url : new String[] {
            "jdbc:postgresql://localhost/db?user=me&password=" + secret,
            "jdbc:postgresql://me:" + secret + "@localhost/db",
            "jdbc:postgresql://localhost/db?sslmode=require&sslpassword=" + secret
        }) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> CacheStore.parse(url, "PGUSER", "PGPASSWORD"));
            assertTrue(e.getMessage().contains("adammeme.cache.password-env"), e.getMessage());
            assertFalse(e.getMessage().contains(secret), e.getMessage());
        }
    }

    @Test
    void aNewerSchemaIsRefusedRatherThanMisread() throws Exception {
        String url = EmbeddedPostgresServer.newDatabase("newer");
        PostgresDatabase db = database(url);
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("UPDATE schema_version SET version = " + (CacheSchema.VERSION + 1));
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, db::openDurable);
        assertTrue(e.getMessage().contains("written by a newer adammeme"), e.getMessage());
    }

    @Test
    void callsAndRunsMoveBetweenSqliteAndPostgresBothWaysWithoutDuplicates() throws Exception {
        Path sqlite = dir.resolve("from.db");
        try (SqliteCallCache cache = new SqliteCallCache(sqlite)) {
            cache.put("a", META, ANSWER);
            cache.put("b", new CallCache.Meta("simulator", "sim:keyword", "Target"), ANSWER);
        }
        try (Connection c = new SqliteDatabase(sqlite).connect();
                Statement s = c.createStatement()) {
            s.execute("INSERT INTO runs VALUES ('sim:keyword@2026-11-23T00:00:00Z', 'sim:keyword',"
                    + " '2026-11-23T00:00:00Z', '{}', '')");
        }
        String url = EmbeddedPostgresServer.newDatabase("copies");
        String exported = CacheCommand.run(new String[] {"export", url, sqlite.toString()}, Map.of());
        assertTrue(
                exported.contains("2 calls and 1 run records copied; 0 calls and 0 runs were there already"), exported);
        String again = CacheCommand.run(new String[] {"export", url, sqlite.toString()}, Map.of());
        assertTrue(again.contains("0 calls and 0 run records copied; 2 calls and 1 runs were there already"), again);
        String stats = CacheCommand.run(new String[] {"stats", url}, Map.of());
        assertTrue(stats.contains("Target") && stats.contains("Miner") && stats.contains("1 recorded runs"), stats);

        Path back = dir.resolve("back.db");
        String imported = CacheCommand.run(new String[] {"import", url, back.toString()}, Map.of());
        assertTrue(imported.contains("2 calls and 1 run records copied"), imported);
        try (SqliteCallCache cache = new SqliteCallCache(back)) {
            assertEquals(ANSWER, cache.get("b").orElseThrow());
        }
        String pruned = CacheCommand.run(new String[] {"prune", "1", "sim:keyword", url}, Map.of());
        assertTrue(pruned.startsWith("removed 0 calls"), "both were used just now: " + pruned);
        IllegalArgumentException missing = assertThrows(
                IllegalArgumentException.class,
                () -> CacheCommand.run(
                        new String[] {"stats", dir.resolve("absent.db").toString()}, Map.of()));
        assertTrue(missing.getMessage().contains("no call cache at"), missing.getMessage());
    }
}
