package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run against an endpoint that misbehaves: every sample still scored, the retries counted. */
class FaultyEndpointTest {

    @TempDir
    static Path dir;

    static Path dataset;
    static SimulatedModelServer server;

    @BeforeAll
    static void start() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 26);
        server = SimulatedModelServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static EvaluationConfig config(String... more) {
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
                Constants.MAX_RETRIES,
                "12",
                Constants.CONCURRENCY,
                "8",
                Constants.TIMEOUT_SECONDS,
                "5"));
        for (int i = 0; i < more.length; i += 2) {
            values.put(more[i], more[i + 1]);
        }
        return EvaluationConfig.from(values);
    }

    @Test
    void thirtyPercentOf429And5xxStillScoresEverySampleAndCountsTheRetries() {
        Evaluation calm = AdamMeme.evaluate(config(), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        server.configure(new SimSettings(0, 0.5, 0, 0.15, 0.15, 0, 0, 0, 0, 0, 11));
        Evaluation stormy;
        try {
            stormy = AdamMeme.evaluate(config(), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        } finally {
            server.configure(SimSettings.DEFAULT);
        }
        assertTrue(stormy.samples().stream().allMatch(s -> s.outcome().scored()), "every sample scored");
        assertEquals(calm.samples(), stormy.samples(), "faults change nothing in the result");
        assertEquals(calm.chains(), stormy.chains());
        long retries =
                stormy.usage().stream().mapToLong(UsageLedger.Line::retries).sum();
        long calls = stormy.usage().stream().mapToLong(UsageLedger.Line::calls).sum();
        long rateLimited =
                stormy.usage().stream().mapToLong(UsageLedger.Line::rateLimited).sum();
        System.out.printf(
                "30%% faults: %d calls, %d retries (%d after 429), %d faults injected%n",
                calls, retries, rateLimited, server.faultsInjected());
        assertTrue(retries > calls / 5, "about 0.43 retries per call expected, got " + retries + " for " + calls);
        assertTrue(rateLimited > 0 && rateLimited < retries);
    }

    @Test
    void droppedTruncatedAndMalformedAnswersAreRetriedToo() {
        Evaluation calm = AdamMeme.evaluate(
                config(Constants.ITERATIONS, "0", Constants.TIMEOUT_SECONDS, "2"),
                BuiltInSimulator.DEFAULT,
                PipelineListener.NONE);
        server.configure(new SimSettings(0, 0.5, 0, 0, 0, 0, 0.07, 0.07, 0.07, 0, 13));
        Evaluation broken;
        try {
            broken = AdamMeme.evaluate(
                    config(Constants.ITERATIONS, "0", Constants.TIMEOUT_SECONDS, "2"),
                    BuiltInSimulator.DEFAULT,
                    PipelineListener.NONE);
        } finally {
            server.configure(SimSettings.DEFAULT);
        }
        assertEquals(calm.samples(), broken.samples());
        assertTrue(broken.usage().stream().mapToLong(UsageLedger.Line::retries).sum() > 0);
    }
}
