package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ratings and votes asked for as JSON where the endpoint takes a schema, in text where it does
 * not: the same verdicts either way, and an endpoint that turns schemas down is asked in text from
 * then on, unless the run insists on them.
 */
class StructuredOutputTest {

    @TempDir
    static Path dir;

    static Path dataset;
    static SimulatedModelServer server;

    @BeforeAll
    static void start() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 20);
        server = SimulatedModelServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static Evaluation run(String mode) {
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
                Constants.STRUCTURED_OUTPUT,
                mode,
                Constants.OUTPUT_DIR,
                dir.resolve("out").toString()));
        return AdamMeme.evaluate(EvaluationConfig.from(values), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
    }

    private static SimSettings schemas(boolean taken) {
        SimSettings d = SimSettings.DEFAULT;
        return new SimSettings(
                d.latencyMillis(),
                d.latencySpread(),
                d.requestsPerMinute(),
                d.rateLimitRate(),
                d.serverErrorRate(),
                d.hangRate(),
                d.dropRate(),
                d.truncatedRate(),
                d.malformedRate(),
                d.hangMillis(),
                d.seed(),
                d.judgeNoise(),
                taken);
    }

    private static List<Integer> scores(Evaluation e) {
        return e.samples().stream().map(ScoredSample::score).toList();
    }

    @Test
    void jsonAndTextGiveTheSameVerdicts() {
        server.configure(schemas(true));
        long before = server.structuredRequests();
        Evaluation structured = run("auto");
        long asked = server.structuredRequests() - before;
        Evaluation text = run("off");
        assertEquals(asked, server.structuredRequests() - before, "off sends no schema");
        assertTrue(asked > 0, "auto asks for JSON where the endpoint takes it");
        assertEquals(scores(text), scores(structured));
        assertEquals(text.memes(), structured.memes());
        assertEquals(text.taxonomy(), structured.taxonomy());
        assertTrue(structured.samples().stream().anyMatch(s -> s.outcome().scored()));
    }

    @Test
    void anEndpointThatTurnsSchemasDownIsAskedInTextOnAutoAndFailsTheCallsOnOn() {
        server.configure(schemas(true));
        Evaluation reference = run("off");
        server.configure(schemas(false));
        try {
            Evaluation fallback = run("auto");
            assertEquals(scores(reference), scores(fallback), "auto falls back to text and reads the same verdicts");
            assertEquals(reference.memes(), fallback.memes());

            Evaluation insisting = run("on");
            assertTrue(
                    insisting.memes().stream()
                            .allMatch(m -> m.status() == MemeOutcome.Status.ERROR
                                    && m.reason().contains("HTTP 400")),
                    "on: a Miner whose endpoint refuses the schema gives no vote");
        } finally {
            server.configure(SimSettings.DEFAULT);
        }
    }
}
