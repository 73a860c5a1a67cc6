package io.github.adammeme.agent;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import io.github.adammeme.llm.ContentPart;

/** One of the three analyses the reference answer is chosen from (temperature 1). */
public final class Candidate {

    private final AgentContext context;

    public Candidate(AgentContext context) {
        this.context = context;
    }

    public CompletableFuture<Answer<String>> analyse(String memeText, ContentPart.Image erasedImage, String category,
                                                     int replica) {
        return context.ask("Candidate", "candidate", Map.of("meme_text", memeText, "question", Analysis.question(category)),
                erasedImage, 1.0, replica, Analysis.FREE_TEXT);
    }
}
