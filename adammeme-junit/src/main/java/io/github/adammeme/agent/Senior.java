package io.github.adammeme.agent;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Picks the best of the three candidate analyses, or writes a better one: the reference answer (temperature 0). */
public final class Senior {

    private final AgentContext context;

    public Senior(AgentContext context) {
        this.context = context;
    }

    public CompletableFuture<Answer<String>> decide(String memeText, String category, List<String> candidates) {
        if (candidates.size() != 3) {
            throw new IllegalArgumentException("the Senior reviews exactly 3 candidates, got " + candidates.size());
        }
        return context.ask("Senior", "senior", Map.of("meme_text", memeText, "category", category,
                "candidate_1", candidates.get(0), "candidate_2", candidates.get(1), "candidate_3", candidates.get(2)),
                List.of(), 0.0, 0, FinalResponse.PARSER);
    }
}
