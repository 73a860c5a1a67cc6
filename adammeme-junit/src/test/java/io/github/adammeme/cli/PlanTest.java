package io.github.adammeme.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.Constants;
import io.github.adammeme.engine.AdamMemeSuite;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * A plan before paying: the command line's {@code plan} and the engine's {@code adammeme.dry-run=true} count the calls
 * a run would make, price them, say what has no price, and call nothing: the endpoint they name serves no request.
 */
class PlanTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A marker class for the engine's side; nested, so Surefire never runs it on its own. */
    @AdamMemeSuite(dataset = "set-by-each-test.jsonl")
    static class Planned {}

    /** Four memes, one seed, one step: a run of a few seconds, and a plan of every stage. */
    private Map<String, String> settings(Path dataset, String output) {
        return new LinkedHashMap<>(Map.of(
                "adammeme.dataset",
                dataset.toString(),
                "adammeme.seeds",
                "1",
                "adammeme.iterations",
                "1",
                "adammeme.cache",
                dir.resolve("cache.db").toString(),
                "adammeme.output-dir",
                dir.resolve(output).toString(),
                "adammeme.progress",
                "false"));
    }

    @Test
    void thePlanCountsWhatARunMakesAndWhatTheCacheHolds() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 4);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(
                0,
                EvaluateCommand.run(
                        settings(dataset, "run"),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)),
                out.toString(StandardCharsets.UTF_8));
        long miners = 0;
        for (JsonNode usage :
                JSON.readTree(dir.resolve("run/summary.json").toFile()).path("usage")) {
            if (usage.path("role").asText().equals("Miner")) {
                miners += usage.path("calls").asLong() + usage.path("cacheHits").asLong();
            }
        }

        Map<String, String> values = settings(dataset, "plan");
        String[] args = values.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .toArray(String[]::new);
        ByteArrayOutputStream planned = new ByteArrayOutputStream();
        int status = Main.run(
                prepend("plan", args),
                new PrintStream(planned, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        String console = planned.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, console);
        // The Miners ask once per meme, as the run did; the cache holds the run's answers, which a second run finds.
        assertEquals(4, miners, "the run asked the Miners once per meme");
        assertTrue(console.contains("| mining | Miner | sim:agent | 4 | 12 | 4 |"), console);
        assertTrue(console.contains("the call cache holds"), console);
        JsonNode plan = JSON.readTree(dir.resolve("plan/plan.json").toFile());
        assertTrue(plan.path("lines").size() >= 12, plan.toString());
        assertTrue(Files.readString(dir.resolve("plan/plan.md")).contains("no model was called"));

        // What the plan leaves is no run: no figures, a dry run said so, and no gate or baseline takes it for one.
        JsonNode summary = JSON.readTree(dir.resolve("plan/summary.json").toFile());
        assertTrue(summary.path("dryRun").asBoolean(), summary.toString());
        assertFalse(summary.has("metrics"), summary.toString());
        ByteArrayOutputStream gate = new ByteArrayOutputStream();
        int gated = Main.run(
                new String[] {"gate", dir.resolve("plan").toString(), "adammeme.gate.max-fr=100%"},
                new PrintStream(gate, true, StandardCharsets.UTF_8),
                new PrintStream(gate, true, StandardCharsets.UTF_8));
        assertTrue(
                gated != 0 && gate.toString(StandardCharsets.UTF_8).contains("not the summary of a finished run"),
                gate.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aDryRunCallsNoEndpointPricesThePricedAndNamesTheKeyOfTheRest() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 4);
        try (SimulatedModelServer endpoint = SimulatedModelServer.start()) {
            Map<String, String> values = settings(dataset, "engine");
            values.put("adammeme.target.model", "gpt-4o-mini");
            values.put("adammeme.target.base-url", endpoint.baseUrl());
            values.put("adammeme.controller.model", "gpt-4o");
            values.put("adammeme.controller.base-url", endpoint.baseUrl());
            values.put("adammeme.price.gpt-4o", "2.50,10.00,1.25");
            values.put("adammeme.dry-run", "true");
            EngineTestKit.Builder kit = EngineTestKit.engine(Constants.ENGINE_ID);
            values.forEach(kit::configurationParameter);
            EngineExecutionResults results =
                    kit.selectors(selectClass(Planned.class)).execute();

            assertEquals(0, endpoint.requestsServed(), "a dry run calls nothing");
            assertTrue(endpoint.answered().isEmpty(), endpoint.answered().toString());
            // One test, neither passed nor failed: a plan is not an evaluation.
            results.testEvents()
                    .assertStatistics(s -> s.started(1).aborted(1).succeeded(0).failed(0));
            String md = Files.readString(dir.resolve("engine/plan.md"));
            assertTrue(
                    md.contains(
                            "WARNING no price for gpt-4o-mini: its calls count $0; set adammeme.price.gpt-4o-mini="),
                    md);
            assertFalse(md.contains("no price for gpt-4o:"), md);
            JsonNode plan = JSON.readTree(dir.resolve("engine/plan.json").toFile());
            double priced = 0;
            for (JsonNode line : plan.path("lines")) {
                if (line.path("model").asText().equals("gpt-4o")) {
                    priced += line.path("costUsd").asDouble();
                    assertTrue(line.path("priced").asBoolean(), line.toString());
                } else {
                    assertEquals(0.0, line.path("costUsd").asDouble(), line.toString());
                }
            }
            assertTrue(priced > 0, "the agents' calls have a price: " + plan);
        }
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
