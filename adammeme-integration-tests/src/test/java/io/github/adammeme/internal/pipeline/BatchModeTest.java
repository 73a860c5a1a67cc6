package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.Prices;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.internal.summary.Outcome;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch mode on the simulator's Batch API, over real HTTP and real files: the same samples and FR as
 * the same run made synchronously, its batched calls priced at the Batch API's share, and what a batch
 * leaves unanswered (expired part way, failed) recorded as ERROR samples that name the batch.
 */
class BatchModeTest {

    /** A price for the simulated models, so the ledger's costs can be compared. */
    private static final String PRICE = "2.50,10.00,1.25";

    @TempDir
    static Path dir;

    static Path dataset;
    static SimulatedModelServer server;
    static Evaluation synchronous;

    @BeforeAll
    static void start() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 12);
        server = SimulatedModelServer.start();
        synchronous = AdamMeme.evaluate(
                EvaluationConfig.from(settings("sync", false)), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Map<String, String> settings(String name, boolean batch) {
        Map<String, String> values = new HashMap<>(Map.of(
                Constants.DATASET,
                dataset.toString(),
                Constants.TARGET_BASE_URL,
                server.baseUrl(),
                Constants.CONTROLLER_BASE_URL,
                server.baseUrl(),
                Constants.SEEDS,
                "1",
                Constants.ITERATIONS,
                "2",
                Constants.CACHE,
                "memory",
                Constants.OUTPUT_DIR,
                dir.resolve(name).toString()));
        values.put(Constants.PRICE_PREFIX + "sim:agent", PRICE);
        values.put(Constants.PRICE_PREFIX + "sim:keyword", PRICE);
        values.put(Constants.BATCH, Boolean.toString(batch));
        values.put(Constants.BATCH_QUIET_SECONDS, "0.05");
        values.put(Constants.BATCH_POLL_SECONDS, "0.05");
        values.put(Constants.BATCH_JOURNAL, dir.resolve(name + "-batches.jsonl").toString());
        return values;
    }

    @Test
    void aBatchedRunGivesTheSynchronousRunsSamplesAtHalfThePriceOfItsBatchedCalls() throws Exception {
        int batchesBefore = server.batches().created();
        Evaluation batched = AdamMeme.evaluate(
                EvaluationConfig.from(settings("batched", true)), BuiltInSimulator.DEFAULT, PipelineListener.NONE);

        assertEquals(EvaluationWriter.sampleLinesOf(synchronous), EvaluationWriter.sampleLinesOf(batched));
        assertEquals(synchronous.metrics(), batched.metrics(), "the same FR, counts and judge agreement");
        assertTrue(server.batches().created() > batchesBefore, "batches were sent");
        assertEquals(List.of(), server.batches().pending(), "every batch was collected");

        Map<String, UsageLedger.Line> sync = byRole(synchronous.usage());
        Map<String, UsageLedger.Line> batch = byRole(batched.usage());
        Prices prices = EvaluationConfig.from(settings("prices", true)).limits().prices();
        for (String key : sync.keySet()) {
            UsageLedger.Line s = sync.get(key);
            UsageLedger.Line b = batch.get(key);
            assertEquals(s.calls(), b.calls(), key + ": the same calls are paid for");
            assertEquals(s.promptTokens(), b.promptTokens(), key + ": the same requests, pictures and all");
            assertEquals(s.completionTokens(), b.completionTokens(), key + ": the same answers");
            boolean batchedRole = !key.contains("Scorer") && !key.contains("Refiner") && !key.contains("RefusalCheck");
            assertEquals(batchedRole ? b.calls() : 0, b.batchedCalls(), key + ": batched calls");
            if (batchedRole && b.calls() > 0) {
                // Priced from the tokens the endpoint reported for these very calls, at half the synchronous rate.
                double full = prices.cost(
                        b.model(), new Usage(b.promptTokens(), b.cachedTokens(), b.completionTokens(), false));
                assertEquals(full * Prices.BATCH_SHARE, b.costUsd(), 1e-9, key);
            }
        }
        assertFalse(batch.isEmpty());
    }

    @Test
    void aBatchThatExpiresPartWayKeepsWhatItAnsweredAndTheRestBecomeErrorSamplesNamingIt() {
        InMemoryCallCache cache = new InMemoryCallCache();
        server.batches().expireNextBatch("sim:keyword", 3);
        // A wider quiet window than the other cases: the target's calls gather into batches of more than three
        // lines even when the machine is busy, so the expiring batch leaves some unanswered.
        Map<String, String> values = settings("expired", true);
        values.put(Constants.BATCH_QUIET_SECONDS, "0.5");
        // The version declared unchanged, so the run that fills in the errors may reuse what the batch answered.
        values.put(Constants.TARGET_REVISION, "ckpt-1");
        Evaluation expired =
                new AdamMeme(cache, BuiltInSimulator.DEFAULT).run(EvaluationConfig.from(values), PipelineListener.NONE);

        List<ScoredSample> errors = expired.samples().stream()
                .filter(s -> s.outcome() == Outcome.ERROR)
                .toList();
        assertFalse(errors.isEmpty(), "the target's unanswered calls are ERROR samples");
        for (ScoredSample error : errors) {
            assertTrue(
                    error.reason()
                            .matches("target CALL_FAILED: .*batch batch_sim\\w+ \\(expired\\) did not answer this call"
                                    + " \\(batch_expired: .*"),
                    error.reason());
        }
        Map<String, ScoredSample> fair = byId(synchronous);
        expired.samples().stream()
                .filter(s -> s.outcome() != Outcome.ERROR)
                .forEach(s -> assertEquals(verdict(fair.get(s.id())), verdict(s), s.id()));
        assertTrue(expired.samples().size() - errors.size() >= 3, "the lines answered before it expired are scored");

        // Run again on the same cache: only the expired calls are paid for, and the run is whole.
        Map<String, String> sameRevision = settings("again", true);
        sameRevision.put(Constants.TARGET_REVISION, "ckpt-1");
        Evaluation again = new AdamMeme(cache, BuiltInSimulator.DEFAULT)
                .run(EvaluationConfig.from(sameRevision), PipelineListener.NONE);
        long targetCalls = again.usage().stream()
                .filter(l -> l.stage().equals(AdamMeme.SCORING) && l.role().equals("Target"))
                .mapToLong(UsageLedger.Line::calls)
                .sum();
        assertEquals(errors.size(), targetCalls, "the answered lines were kept; only the expired ones are asked again");
        assertEquals(
                synchronous.samples().stream().map(BatchModeTest::verdict).toList(),
                again.samples().stream().map(BatchModeTest::verdict).toList());
    }

    @Test
    void aFailedBatchMakesErrorSamplesNamingItAndItsReason() {
        server.batches().failNextBatch("sim:keyword", "the input file was rejected");
        Evaluation failed = AdamMeme.evaluate(
                EvaluationConfig.from(settings("failed", true)), BuiltInSimulator.DEFAULT, PipelineListener.NONE);

        List<ScoredSample> errors = failed.samples().stream()
                .filter(s -> s.outcome() == Outcome.ERROR)
                .toList();
        assertFalse(errors.isEmpty(), "the failed batch's calls are ERROR samples");
        errors.forEach(e -> assertTrue(
                e.reason()
                        .matches("target CALL_FAILED: .*batch batch_sim\\w+ failed: invalid_request:"
                                + " the input file was rejected"),
                e.reason()));
        Map<String, ScoredSample> fair = byId(synchronous);
        failed.samples().stream()
                .filter(s -> s.outcome() != Outcome.ERROR)
                .forEach(s -> assertEquals(verdict(fair.get(s.id())), verdict(s), s.id()));
    }

    @Test
    void aBatchNotFinishedWithinTheLongestWaitIsCancelledAndItsCallsBecomeErrors() {
        server.configure(SimSettings.DEFAULT.withBatchDelay(3_600_000));
        try {
            Map<String, String> values = settings("cancelled", true);
            values.put(Constants.BATCH_ROLES, "target");
            values.put(Constants.BATCH_MAX_WAIT_SECONDS, "1");
            long start = System.nanoTime();
            Evaluation cancelled =
                    AdamMeme.evaluate(EvaluationConfig.from(values), BuiltInSimulator.DEFAULT, PipelineListener.NONE);

            assertFalse(cancelled.samples().isEmpty());
            cancelled
                    .samples()
                    .forEach(s -> assertTrue(
                            s.outcome() == Outcome.ERROR
                                    && s.reason()
                                            .matches(
                                                    "target CALL_FAILED: .*batch batch_sim\\w+ \\(cancelled\\) did not answer this call \\(batch_cancelled: .*"),
                            s.outcome() + ": " + s.reason()));
            assertEquals(List.of(), server.batches().pending(), "the batch was cancelled, not left running");
            assertTrue(System.nanoTime() - start < 30_000_000_000L, "given up after the longest wait, not an hour");
        } finally {
            server.configure(SimSettings.DEFAULT);
        }
    }

    @Test
    void theLongestWaitEndsAtItsLimitWhateverThePollInterval() {
        // A batch the endpoint answers after 5 s, a wait of 1 s, and the default 30 s between polls.
        server.configure(SimSettings.DEFAULT.withBatchDelay(5_000));
        try {
            Map<String, String> values = settings("cancelled-between-polls", true);
            values.put(Constants.BATCH_ROLES, "target");
            values.put(Constants.BATCH_MAX_WAIT_SECONDS, "1");
            values.remove(Constants.BATCH_POLL_SECONDS);
            long start = System.nanoTime();
            Evaluation cancelled =
                    AdamMeme.evaluate(EvaluationConfig.from(values), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
            double seconds = (System.nanoTime() - start) / 1e9;

            assertFalse(cancelled.samples().isEmpty());
            cancelled
                    .samples()
                    .forEach(s -> assertTrue(
                            s.outcome() == Outcome.ERROR && s.reason().contains("batch_cancelled"),
                            s.outcome() + ": " + s.reason()));
            assertEquals(List.of(), server.batches().pending(), "the batch was cancelled, not left running");
            assertTrue(seconds < 20, "cancelled at the 1 s limit, not at the first poll 30 s on: " + seconds + " s");
            System.out.printf("batch cancelled at its 1 s limit under 30 s polls: run over in %.1f s%n", seconds);
        } finally {
            server.configure(SimSettings.DEFAULT);
        }
    }

    private static Map<String, ScoredSample> byId(Evaluation e) {
        return e.samples().stream().collect(Collectors.toMap(ScoredSample::id, s -> s));
    }

    private static String verdict(ScoredSample s) {
        return s.id() + " " + s.outcome() + " " + s.score();
    }

    private static Map<String, UsageLedger.Line> byRole(List<UsageLedger.Line> lines) {
        return lines.stream().collect(Collectors.toMap(l -> l.stage() + "/" + l.role() + "/" + l.model(), l -> l));
    }
}
