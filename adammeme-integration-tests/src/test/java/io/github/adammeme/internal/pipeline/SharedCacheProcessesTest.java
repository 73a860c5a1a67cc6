package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.SqliteCallCache;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs in separate JVMs on one cache file at the same time, as two CI jobs sharing a cache
 * would be: the file stays sound, no call is paid for twice, and both end with the results of a
 * run that had the cache to itself.
 */
class SharedCacheProcessesTest {

    private static final String REVISION = "adammeme.target.revision=shared-cache-drill";

    @TempDir
    Path dir;

    @Test
    void twoProcessesOnOneCacheFilePayForEachCallOnceAndAgreeWithASoloRun() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 16);
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            server.configure(new SimSettings(30, 0.3, 0, 0, 0, 0, 0, 0, 0, 0, 3));

            Process solo = ChildRuns.launch(server, dataset, dir.resolve("solo.db"), dir.resolve("solo"), dir);
            assertTrue(solo.waitFor(5, TimeUnit.MINUTES) && solo.exitValue() == 0, "the solo run");
            // Answers, not requests: replicas asked as choices of one request are several answers.
            long soloCalls = server.answered().size();

            Path shared = dir.resolve("shared.db");
            // Two runs at once would each ask the target: its answers belong to a run. Declared the same revision, the
            // two share every answer, the target's too, which is what the claims protocol is to keep paid once.
            Process a = ChildRuns.launch(
                    server, dataset, shared.toString(), dir.resolve("a"), dir.resolve("a.log"), Map.of(), REVISION);
            Process b = ChildRuns.launch(
                    server, dataset, shared.toString(), dir.resolve("b"), dir.resolve("b.log"), Map.of(), REVISION);
            assertTrue(a.waitFor(5, TimeUnit.MINUTES) && a.exitValue() == 0, "process a");
            assertTrue(b.waitFor(5, TimeUnit.MINUTES) && b.exitValue() == 0, "process b");
            long paid = server.answered().size() - soloCalls;

            List<String> answered = server.answered();
            List<String> together = answered.subList((int) soloCalls, answered.size());
            System.out.printf(
                    "solo run: %d answers; two processes on one cache: %d answers, %d distinct%n",
                    soloCalls, paid, new HashSet<>(together).size());
            assertEquals(soloCalls, paid, "each answer paid once between the two processes");
            assertEquals(together.size(), new HashSet<>(together).size(), "no request answered twice");
            try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + shared);
                    ResultSet check = db.createStatement().executeQuery("PRAGMA integrity_check")) {
                assertTrue(check.next());
                assertEquals("ok", check.getString(1));
            }
            try (SqliteCallCache cache = new SqliteCallCache(shared)) {
                assertEquals(soloCalls, cache.size(), "one row per answer");
            }
            for (String run : List.of("a", "b")) {
                assertEquals(
                        EvaluationWriter.sampleLines(dir.resolve("solo")),
                        EvaluationWriter.sampleLines(dir.resolve(run)),
                        run);
                assertEquals(
                        Files.readAllLines(dir.resolve("solo").resolve(EvaluationWriter.MEMES)),
                        Files.readAllLines(dir.resolve(run).resolve(EvaluationWriter.MEMES)),
                        run);
            }
        }
    }
}
