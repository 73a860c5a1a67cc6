package io.github.adammeme.agent;

import io.github.adammeme.llm.ContentPart;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** The model under evaluation, asked the same question as the Candidates. */
public final class Target {

    private final AgentContext context;
    private final double temperature;

    public Target(AgentContext context, double temperature) {
        this.context = context;
        this.temperature = temperature;
    }

    public CompletableFuture<Answer<String>> analyse(String memeText, ContentPart.Image erasedImage, String category) {
        return context.ask("Target", "target", Map.of("meme_text", memeText, "question", Analysis.question(category)),
                erasedImage == null ? List.of() : List.of(erasedImage), temperature, 0, Analysis.FREE_TEXT,
                Asker.Policy.TARGET);
    }

    public String model() {
        return context.gateway().model().model();
    }
}
