package io.github.adammeme.internal.pipeline.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.ScriptedModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressLineTest {

    private static List<String> lines(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** A ledger that has paid for one call, so the line shows a rate that changes as time passes. */
    private static UsageLedger oneCallPaid() {
        UsageLedger ledger = new UsageLedger();
        ScriptedModel model = new ScriptedModel(request -> "answer");
        try (ModelGateway gateway = new ModelGateway(model, new InMemoryCallCache(), ledger, 1)) {
            gateway.call(new ChatRequest("Miner", List.of(ChatMessage.user("hi")), 0, 42, 100, 0, "digest"))
                    .join();
        }
        return ledger;
    }

    @Test
    void onALogTheFinishedRunIsOneLineNotTwo() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ProgressLine line = new ProgressLine(new PrintStream(bytes, true, StandardCharsets.UTF_8), false)) {
            line.started(3, oneCallPaid());
            line.memeMined(null);
            line.finished(null);
            // the calls per second have changed by the time the line is closed
            Thread.sleep(300);
        }
        List<String> printed = lines(bytes);
        assertEquals(1, printed.size(), printed.toString());
        assertTrue(printed.get(0).startsWith("adammeme: mined 1/3 memes"), printed.get(0));
    }

    @Test
    void aRunClosedBeforeItFinishedStillSaysHowFarItGot() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ProgressLine line = new ProgressLine(new PrintStream(bytes, true, StandardCharsets.UTF_8), false)) {
            line.started(3, new UsageLedger());
            line.memeMined(null);
        }
        assertEquals(1, lines(bytes).size(), lines(bytes).toString());
        assertTrue(
                lines(bytes).get(0).startsWith("adammeme: mined 1/3 memes"),
                lines(bytes).get(0));
    }
}
