package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.cli.internal.GateCommand;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipeline that mines once and fans out: the mining stage pays for everything no target changes,
 * a scoring run on its cache pays for none of it and ends where a whole run ends, and the gates are
 * judged on the results a pipeline merged.
 */
class StagesAndGateTest {

    @TempDir
    Path dir;

    private Map<String, String> settings(String stages, Path cache, String out) throws Exception {
        Map<String, String> values = new HashMap<>();
        values.put(
                "adammeme.dataset",
                SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size())
                        .toString());
        values.put("adammeme.cache", cache.toString());
        values.put("adammeme.output-dir", dir.resolve(out).toString());
        values.put("adammeme.seeds", "2");
        values.put("adammeme.iterations", "2");
        values.put("adammeme.stages", stages);
        return values;
    }

    private static long paid(Evaluation e, String stage) {
        return e.usage().stream()
                .filter(l -> l.stage().equals(stage))
                .mapToLong(UsageLedger.Line::calls)
                .sum();
    }

    @Test
    void theMiningStagePaysForWhatNoTargetChangesAndScoringPaysForNoneOfIt() throws Exception {
        Path shared = dir.resolve("shared.db");
        Evaluation mined = AdamMeme.evaluate(
                EvaluationConfig.from(settings("mining", shared, "mined")),
                BuiltInSimulator.DEFAULT,
                PipelineListener.NONE);
        assertTrue(mined.samples().isEmpty() && mined.chains().isEmpty(), "the mining stage scores nothing");
        assertFalse(mined.mined().isEmpty(), "it mines");
        assertTrue(paid(mined, AdamMeme.SCORING) > 0, "it pays for the references");
        assertTrue(
                mined.usage().stream().noneMatch(l -> l.role().equals("Target") && l.calls() > 0),
                "the target is not asked: " + mined.usage());

        EvaluationConfig scoringConfig = EvaluationConfig.from(settings("scoring", shared, "scored"));
        Evaluation scored = AdamMeme.evaluate(scoringConfig, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        EvaluationWriter.write(scored, scoringConfig.outputs().directory());
        assertEquals(0, paid(scored, AdamMeme.MINING), "mining answered from the cache");
        Evaluation whole = AdamMeme.evaluate(
                EvaluationConfig.from(settings("all", dir.resolve("whole.db"), "whole")),
                BuiltInSimulator.DEFAULT,
                PipelineListener.NONE);
        assertEquals(whole.metrics(), scored.metrics(), "mine, then score: the figures of one whole run");
        assertEquals(
                paid(whole, AdamMeme.SCORING),
                paid(mined, AdamMeme.SCORING) + paid(scored, AdamMeme.SCORING),
                "the references the mining stage paid for are not paid again");

        RuntimeException stopped = assertThrows(
                RuntimeException.class,
                () -> AdamMeme.evaluate(
                        EvaluationConfig.from(settings("scoring", dir.resolve("empty.db"), "none")),
                        BuiltInSimulator.DEFAULT,
                        PipelineListener.NONE));
        assertTrue(
                String.valueOf(stopped.getMessage()).contains("adammeme.stages=scoring pays for no mining"),
                "a scoring run on a cache without the mining stops and says why: " + stopped);

        // Gates on the results folder, as a pipeline holds them against its merged shards.
        String folder = scoringConfig.outputs().directory().toString();
        assertEquals(0, gate(folder, "adammeme.gate.max-fr=100%", "adammeme.gate.min-samples=1"));
        double fr = scored.metrics().withRefinementsOverall().fr().rate();
        assertTrue(fr > 0, "the keyword target fails some pairs");
        assertEquals(1, gate(folder, "adammeme.gate.max-fr=" + (fr * 100 / 2) + "%", "adammeme.gate.min-samples=1"));
        assertEquals(
                1,
                gate(folder, "adammeme.gate.max-fr=100%", "adammeme.gate.min-samples=1000"),
                "too few samples: fails closed");
        assertEquals(
                0,
                gate(
                        folder,
                        "adammeme.gate.max-fr=100%",
                        "adammeme.gate.min-samples=1000",
                        "adammeme.gate.insufficient=skip"));
        assertEquals(2, gate(folder, "adammeme.gate.max-fr.no-such-category=50%"));
        assertEquals(2, gate(dir.resolve("absent").toString(), "adammeme.gate.max-fr=50%"));
        assertEquals(2, gate(folder), "no gate set");
    }

    private static int gate(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = GateCommand.run(
                args,
                Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        System.out.print(out.toString(StandardCharsets.UTF_8));
        return status;
    }
}
