package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.MemeRenderer;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.report.ConsoleReport;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.summary.Outcome;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the target is shown, per adammeme.refined-text and adammeme.text-erasure, end to end on the simulator. */
class ShownImageTest {

    @TempDir
    static Path dir;

    static Path dataset;
    static Path erased;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 12);
        erased = SyntheticMemes.writeErased(dir.resolve("memes"), 12);
    }

    private static Evaluation run(String out, String... more) {
        Map<String, String> values = new HashMap<>(Map.of(
                Constants.DATASET,
                dataset.toString(),
                Constants.SEEDS,
                "1",
                Constants.ITERATIONS,
                "2",
                Constants.CACHE,
                "memory",
                Constants.OUTPUT_DIR,
                dir.resolve(out).toString()));
        for (int i = 0; i < more.length; i += 2) {
            values.put(more[i], more[i + 1]);
        }
        return AdamMeme.evaluate(EvaluationConfig.from(values), BuiltInSimulator.DEFAULT, PipelineListener.NONE);
    }

    @Test
    void inPromptModeWithoutErasureTheTargetSeesTheDatasetImage() {
        Evaluation e = run("prompt", Constants.TEXT_ERASURE, "none");
        assertFalse(e.refinedSamples().isEmpty());
        e.samples().forEach(s -> assertNull(s.shownImage(), s.id()));
        e.refinedSamples().forEach(s -> assertNull(s.shownImage(), s.id()));
    }

    @Test
    void inImageModeRewritesAreRenderedOnThePrecomputedErasedPicture() throws Exception {
        Evaluation e = run(
                "image",
                Constants.REFINED_TEXT,
                "image",
                Constants.TEXT_ERASURE,
                "precomputed",
                Constants.TEXT_ERASURE_DIR,
                erased.toString());
        e.samples().forEach(s -> assertNull(s.shownImage(), "an original is shown as it is: " + s.id()));
        ScoredSample refined = e.refinedSamples().stream()
                .filter(s -> s.shownImage() != null)
                .findFirst()
                .orElseThrow();
        BufferedImage shown = ImageIO.read(refined.picture(dir.resolve("image")).toFile());
        BufferedImage background = ImageIO.read(
                erased.resolve(Path.of(refined.image()).getFileName()).toFile());
        BufferedImage expected = MemeRenderer.render(background, refined.text());
        assertEquals(0, differingPixels(expected, shown), "exactly the rewrite on the erased picture");
        assertTrue(differingPixels(background, shown) > 1000);
        assertTrue(refined.shownImage().startsWith("images/"), "named from the run's folder: " + refined.shownImage());
    }

    @Test
    void showingTextOnThePictureWithoutErasureIsRefused() {
        ConfigurationException e = Assertions.assertThrows(
                ConfigurationException.class,
                () -> run("refused", Constants.REFINED_TEXT, "both", Constants.TEXT_ERASURE, "none"));
        assertTrue(e.getMessage().contains("needs adammeme.text-erasure=builtin or precomputed"), e.getMessage());
    }

    @Test
    void byDefaultTheTargetSeesEveryPictureErasedByTheBuiltinEraserAndTheRunSaysSo() throws Exception {
        Path cache = dir.resolve("builtin-cache");
        Evaluation e = run("builtin", Constants.TEXT_ERASURE_DIR, cache.toString());
        assertFalse(e.refinedSamples().isEmpty());
        for (ScoredSample s : e.samples()) {
            assertNotNull(s.shownImage(), "an original is shown erased: " + s.id());
            BufferedImage shown = ImageIO.read(s.picture(dir.resolve("builtin")).toFile());
            BufferedImage original = ImageIO.read(Path.of(s.image()).toFile());
            assertTrue(differingPixels(original, shown) > 1000, "its caption is gone: " + s.id());
        }
        e.refinedSamples().stream()
                .filter(s -> s.outcome() != Outcome.ERROR)
                .forEach(s -> assertNotNull(s.shownImage(), "a rewrite is shown on the erased picture: " + s.id()));
        try (var cached = Files.list(cache.resolve("builtin-1"))) {
            assertEquals(
                    e.samples().stream().map(ScoredSample::memeId).distinct().count(),
                    cached.count(),
                    "each picture erased once, whatever the number of its samples and steps");
        }
        assertTrue(e.run().textErasure().startsWith("builtin ("), e.run().textErasure());
        assertTrue(ConsoleReport.render(e).contains("text erasure: builtin ("), "the console says which eraser ran");
    }

    private static long differingPixels(BufferedImage a, BufferedImage b) {
        long n = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if ((a.getRGB(x, y) & 0xFFFFFF) != (b.getRGB(x, y) & 0xFFFFFF)) {
                    n++;
                }
            }
        }
        return n;
    }
}
