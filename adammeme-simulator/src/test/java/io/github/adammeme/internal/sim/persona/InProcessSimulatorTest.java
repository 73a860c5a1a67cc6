package io.github.adammeme.internal.sim.persona;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.resilience.RunStop;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark's in-process simulator stands for the server only if it answers as the server does: the
 * same run over HTTP and in this process must mine, score and refine alike.
 */
class InProcessSimulatorTest {

    @TempDir
    Path dir;

    @Test
    void aRunInThisProcessMinesScoresAndRefinesAsOneOverHttp() {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 10);
        Evaluation overHttp =
                AdamMeme.evaluate(config(dataset, "http"), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
        Evaluation inProcess;
        try (CallCache cache = new InMemoryCallCache()) {
            inProcess = new AdamMeme(cache, BuiltInSimulator.DEFAULT, new RunStop(), InProcessSimulator.CONNECTOR)
                    .run(config(dataset, "in-process"), PipelineListener.NONE);
        }

        assertTrue(
                overHttp.mined().size() >= 5 && !overHttp.refinedSamples().isEmpty(),
                "the run must mine pairs and refine some to compare: "
                        + overHttp.mined().size() + " pairs");
        assertEquals(overHttp.memes(), inProcess.memes());
        assertEquals(mined(overHttp), mined(inProcess));
        assertEquals(scored(overHttp.samples()), scored(inProcess.samples()));
        assertEquals(scored(overHttp.refinedSamples()), scored(inProcess.refinedSamples()));
    }

    private EvaluationConfig config(Path dataset, String name) {
        return EvaluationConfig.from(Map.of(
                Constants.DATASET,
                dataset.toString(),
                Constants.TARGET_MODEL,
                "sim:keyword",
                Constants.SEEDS,
                "2",
                Constants.ITERATIONS,
                "2",
                Constants.CACHE,
                "memory",
                Constants.OUTPUT_DIR,
                dir.resolve("out-" + name).toString()));
    }

    private static List<String> mined(Evaluation evaluation) {
        return evaluation.mined().stream()
                .map(m -> m.id() + " | " + m.category() + " | " + m.misbelief())
                .toList();
    }

    private static List<String> scored(List<ScoredSample> samples) {
        return samples.stream()
                .map(s -> s.id() + " | " + s.text() + " | " + s.targetAnswer() + " | " + s.score())
                .toList();
    }
}
