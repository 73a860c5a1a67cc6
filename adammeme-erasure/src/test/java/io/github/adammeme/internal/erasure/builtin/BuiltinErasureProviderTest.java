package io.github.adammeme.internal.erasure.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * With this module on the classpath the core finds the built-in eraser through ServiceLoader: a run that names no
 * eraser erases with it, as the paper's method asks, and names no departure for it. (The core's own tests run without
 * the module.)
 */
class BuiltinErasureProviderTest {

    @Test
    void theCoreFindsTheBuiltinEraserAndErasesByDefault() {
        assertInstanceOf(BuiltinErasureProvider.class, TextErasure.builtin().orElseThrow());
        EvaluationConfig byDefault = EvaluationConfig.from(Map.of(Constants.DATASET, "memes.jsonl"));
        assertEquals(TextErasure.Mode.BUILTIN, byDefault.images().textErasure().mode());
        assertFalse(byDefault.images().textErasure().absent());
        assertTrue(
                byDefault.images().textErasure().describe().contains(BuiltinTextEraser.VERSION),
                byDefault.images().textErasure().describe());

        EvaluationConfig paper =
                EvaluationConfig.from(Map.of(Constants.DATASET, "memes.jsonl", Constants.METHOD, "paper"));
        assertEquals(TextErasure.Mode.BUILTIN, paper.images().textErasure().mode(), "the paper erases every picture");
        assertTrue(
                paper.departures().stream().noneMatch(d -> d.startsWith("no text erasure")),
                paper.departures().toString());
    }
}
