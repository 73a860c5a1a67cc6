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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed with SIGKILL in a separate JVM, then started again: it pays for no call it had
 * completed, and ends with the results of a run that was never interrupted.
 */
class ResumeAfterKillTest {

    @TempDir
    Path dir;

    private Process launch(SimulatedModelServer server, Path dataset, Path cache, Path out) throws Exception {
        return ChildRuns.launch(server, dataset, cache, out, dir);
    }

    private static void awaitQuiet(SimulatedModelServer server) throws InterruptedException {
        long seen = -1;
        while (seen != server.answered().size()) {
            seen = server.answered().size();
            Thread.sleep(500);
        }
    }

    @Test
    void aKilledRunResumesWithoutRepeatingCompletedCallsAndEndsWithTheSameResults() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            server.configure(new SimSettings(40, 0.3, 0, 0, 0, 0, 0, 0, 0, 0, 3));

            Process reference = launch(server, dataset, dir.resolve("reference.db"), dir.resolve("reference"));
            assertTrue(reference.waitFor(5, TimeUnit.MINUTES) && reference.exitValue() == 0, "the uninterrupted run");
            long uninterrupted = server.answered().size();

            long before = server.answered().size();
            Path cache = dir.resolve("resumed.db");
            Process killed = launch(server, dataset, cache, dir.resolve("resumed"));
            while (server.answered().size() - before < uninterrupted / 3 && killed.isAlive()) {
                Thread.sleep(20);
            }
            killed.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // SIGKILL: no shutdown hooks, no flush
            assertTrue(killed.exitValue() != 0, "killed mid-way");
            // Requests the dead process had already written are still read and counted by the server:
            // they belong to the killed run, not to the restart.
            awaitQuiet(server);
            long completed;
            try (SqliteCallCache kept = new SqliteCallCache(cache)) {
                completed = kept.size();
            }
            assertTrue(completed > 0 && completed < uninterrupted, completed + " of " + uninterrupted + " calls kept");

            long beforeRestart = server.answered().size();
            Process restarted = launch(server, dataset, cache, dir.resolve("resumed"));
            assertTrue(restarted.waitFor(5, TimeUnit.MINUTES) && restarted.exitValue() == 0, "the restarted run");
            long repaid = server.answered().size() - beforeRestart;

            List<String> all = server.answered();
            Set<String> beforeKill = new HashSet<>(all.subList((int) before, (int) beforeRestart));
            List<String> afterRestart = all.subList((int) beforeRestart, all.size());
            long repeated = afterRestart.stream().filter(beforeKill::contains).count();
            long answeredNotStored = beforeKill.size() - completed;
            System.out.printf(
                    "kill -9 after %d answers, %d of them stored; the restart made %d calls, %d of them repeats"
                            + " (an uninterrupted run makes %d)%n",
                    beforeKill.size(), completed, repaid, repeated, uninterrupted);
            assertEquals(answeredNotStored, repeated, "only answers the kill kept from the cache are asked again");
            assertEquals(
                    uninterrupted - completed,
                    repaid,
                    "the restart makes exactly the calls it has no stored answer for");
            // Four calls in flight on each of two endpoints, a call carrying up to three replicas' answers.
            assertTrue(repeated <= 4 * 2 * 3, "at most the answers in flight when the process died: " + repeated);
            assertEquals(
                    EvaluationWriter.sampleLines(dir.resolve("reference")),
                    EvaluationWriter.sampleLines(dir.resolve("resumed")));
            assertEquals(
                    Files.readAllLines(dir.resolve("reference").resolve(EvaluationWriter.MEMES)),
                    Files.readAllLines(dir.resolve("resumed").resolve(EvaluationWriter.MEMES)));
        }
    }
}
