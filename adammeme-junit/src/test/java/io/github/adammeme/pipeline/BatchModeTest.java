package io.github.adammeme.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.data.SyntheticMemes;
import io.github.adammeme.llm.Prices;
import io.github.adammeme.llm.UsageLedger;
import io.github.adammeme.report.EvaluationWriter;
import io.github.adammeme.sim.SimulatedModelServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
        synchronous = AdamMeme.evaluate(EvaluationConfig.from(settings("sync", false)));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Map<String, String> settings(String name, boolean batch) {
        Map<String, String> values = new HashMap<>(Map.of(ConfigKeys.DATASET, dataset.toString(),
                ConfigKeys.TARGET_BASE_URL, server.baseUrl(), ConfigKeys.CONTROLLER_BASE_URL, server.baseUrl(),
                ConfigKeys.SEEDS, "1", ConfigKeys.ITERATIONS, "2", ConfigKeys.CACHE, "memory",
                ConfigKeys.OUTPUT_DIR, dir.resolve(name).toString()));
        values.put(ConfigKeys.PRICE_PREFIX + "sim:agent", PRICE);
        values.put(ConfigKeys.PRICE_PREFIX + "sim:keyword", PRICE);
        values.put(ConfigKeys.BATCH, Boolean.toString(batch));
        values.put(ConfigKeys.BATCH_QUIET_SECONDS, "0.05");
        values.put(ConfigKeys.BATCH_POLL_SECONDS, "0.05");
        values.put(ConfigKeys.BATCH_JOURNAL, dir.resolve(name + "-batches.jsonl").toString());
        return values;
    }

    @Test
    void aBatchedRunGivesTheSynchronousRunsSamplesAtHalfThePriceOfItsBatchedCalls() throws Exception {
        int batchesBefore = server.batches().created();
        Evaluation batched = AdamMeme.evaluate(EvaluationConfig.from(settings("batched", true)));

        assertEquals(EvaluationWriter.sampleLinesOf(synchronous), EvaluationWriter.sampleLinesOf(batched));
        assertEquals(synchronous.metrics(), batched.metrics(), "the same FR, counts and judge agreement");
        assertTrue(server.batches().created() > batchesBefore, "batches were sent");
        assertEquals(List.of(), server.batches().pending(), "every batch was collected");

        Map<String, UsageLedger.Line> sync = byRole(synchronous.usage());
        Map<String, UsageLedger.Line> batch = byRole(batched.usage());
        Prices prices = EvaluationConfig.from(settings("prices", true)).prices();
        for (String key : sync.keySet()) {
            UsageLedger.Line s = sync.get(key);
            UsageLedger.Line b = batch.get(key);
            assertEquals(s.calls(), b.calls(), key + ": the same calls are paid for");
            boolean batchedRole = !key.contains("Scorer") && !key.contains("Refiner") && !key.contains("RefusalCheck");
            assertEquals(batchedRole ? b.calls() : 0, b.batchedCalls(), key + ": batched calls");
            if (batchedRole && b.calls() > 0) {
                // Priced from the tokens the endpoint reported for these very calls, at half the synchronous rate.
                double full = prices.cost(b.model(), new io.github.adammeme.llm.Usage(b.promptTokens(), b.cachedTokens(),
                        b.completionTokens(), false));
                assertEquals(full * Prices.BATCH_SHARE, b.costUsd(), 1e-9, key);
            }
        }
        assertFalse(batch.isEmpty());
    }

    private static Map<String, UsageLedger.Line> byRole(List<UsageLedger.Line> lines) {
        return lines.stream().collect(Collectors.toMap(l -> l.stage() + "/" + l.role() + "/" + l.model(), l -> l));
    }

    static Set<String> ids(Evaluation e) {
        return e.samples().stream().map(ScoredSample::id).collect(Collectors.toSet());
    }
}
