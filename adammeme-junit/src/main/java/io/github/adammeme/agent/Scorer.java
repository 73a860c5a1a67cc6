package io.github.adammeme.agent;

import io.github.adammeme.llm.ContentPart;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Rates the target's analysis against the reference answer, 1..10 (temperature 0). */
public final class Scorer {

    private final AgentContext context;

    public Scorer(AgentContext context) {
        this.context = context;
    }

    public CompletableFuture<Answer<Rating>> score(String memeText, ContentPart.Image erasedImage, String category,
                                                   String reference, String targetAnswer) {
        return context.ask("Scorer", "scorer", Map.of("meme_text", memeText, "question", Analysis.question(category),
                "reference_answer", reference, "target_answer", targetAnswer), erasedImage, 0.0, 0, Rating.PARSER);
    }
}
