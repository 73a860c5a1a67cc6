package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch-mode run in a JVM of its own, killed with SIGKILL while a batch it sent is pending, then
 * started again with the same settings: it waits on that batch rather than sending its calls again,
 * pays for no call twice (the simulator, in this JVM, outlives the killed process and sees every call
 * paid for), and ends with the results of a synchronous run.
 */
class BatchResumeAfterKillTest {

    /** Batches that finish before the endpoint is made to hold the next ones: the run is well under way. */
    private static final int BATCHES_BEFORE_HOLD = 4;

    private static final long HOLD_MILLIS = 3_600_000;

    @TempDir
    Path dir;

    private Process batched(SimulatedModelServer server, Path dataset, Path log) throws Exception {
        return ChildRuns.launch(
                server,
                dataset,
                dir.resolve("batched.db").toString(),
                dir.resolve("batched"),
                log,
                Map.of(),
                "adammeme.batch=true",
                "adammeme.batch.quiet-seconds=0.05",
                "adammeme.batch.poll-seconds=0.05");
    }

    @Test
    void aBatchedRunKilledWhileABatchIsPendingResumesOnItAndPaysNoCallTwice() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 12);
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            Process synchronous =
                    ChildRuns.launch(server, dataset, dir.resolve("synchronous.db"), dir.resolve("synchronous"), dir);
            assertTrue(synchronous.waitFor(3, TimeUnit.MINUTES) && synchronous.exitValue() == 0, "the synchronous run");
            List<String> paidSynchronously = server.answered();

            Process killed = batched(server, dataset, dir.resolve("killed.log"));
            while (server.batches().created() < BATCHES_BEFORE_HOLD && killed.isAlive()) {
                Thread.sleep(5);
            }
            // From here on a batch stays in progress when polled: the next one sent is pending for an hour.
            server.configure(SimSettings.DEFAULT.withBatchDelay(HOLD_MILLIS));
            Path journal = dir.resolve("batched-batches.jsonl");
            while (killed.isAlive() && !recordedAndPending(journal, server)) {
                Thread.sleep(5);
            }
            assertTrue(killed.isAlive(), "the run was still waiting on its batches");
            int pendingAtKill = server.batches().pending().size();
            killed.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // SIGKILL: no shutdown hooks, no flush

            // The endpoint finishes the batches in its own time, whoever is there to collect them.
            server.configure(SimSettings.DEFAULT);
            int sentBeforeRestart = server.batches().created();
            Path restartLog = dir.resolve("restarted.log");
            Process restarted = batched(server, dataset, restartLog);
            assertTrue(
                    restarted.waitFor(3, TimeUnit.MINUTES) && restarted.exitValue() == 0,
                    "the restarted run: " + Files.readString(restartLog));

            List<String> paidBatched = new ArrayList<>(server.answered()
                    .subList(paidSynchronously.size(), server.answered().size()));
            System.out.printf(
                    "killed with %d of %d batches pending; the restart sent %d more; %d calls paid in batches,"
                            + " %d synchronously%n",
                    pendingAtKill,
                    sentBeforeRestart,
                    server.batches().created() - sentBeforeRestart,
                    paidBatched.size(),
                    paidSynchronously.size());
            // A batch left behind would be answered, and charged, whenever the endpoint got to it.
            assertEquals(List.of(), server.batches().pending(), "no batch was abandoned");
            List<String> sortedSync = new ArrayList<>(paidSynchronously);
            Collections.sort(sortedSync);
            Collections.sort(paidBatched);
            assertEquals(
                    sortedSync,
                    paidBatched,
                    "the killed and restarted run paid for the synchronous run's calls, each once");
            assertEquals(
                    EvaluationWriter.sampleLines(dir.resolve("synchronous")),
                    EvaluationWriter.sampleLines(dir.resolve("batched")));
            assertEquals(
                    Files.readAllLines(dir.resolve("synchronous").resolve(EvaluationWriter.MEMES)),
                    Files.readAllLines(dir.resolve("batched").resolve(EvaluationWriter.MEMES)));
            assertTrue(
                    Files.readString(restartLog).contains("sent by an earlier run are pending"),
                    "the restart waited on the batches the killed run sent");
        }
    }

    /** Whether the journal names a batch the endpoint holds pending: the run knew of it, and it is not answered. */
    private static boolean recordedAndPending(Path journal, SimulatedModelServer server) throws Exception {
        if (!Files.exists(journal)) {
            return false;
        }
        String recorded = Files.readString(journal);
        return server.batches().pending().stream().anyMatch(id -> recorded.contains("\"" + id + "\""));
    }
}
