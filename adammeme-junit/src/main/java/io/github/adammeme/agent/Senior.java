package io.github.adammeme.agent;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Picks the best of the three candidate analyses, or writes a better one: the reference answer (temperature 0). */
public final class Senior {

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Senior(AgentContext context) {
        this.context = context;
    }

    /**
     * Chooses or writes the reference answer from the three candidate analyses.
     *
     * @param memeText the meme's text
     * @param category the harmfulness category
     * @param candidates exactly three candidate analyses
     * @return the reference answer (the text under its Final Response heading), or why there is none
     * @throws IllegalArgumentException when there are not exactly three candidates
     */
    public CompletableFuture<Answer<String>> decide(String memeText, String category, List<String> candidates) {
        if (candidates.size() != 3) {
            throw new IllegalArgumentException("the Senior reviews exactly 3 candidates, got " + candidates.size());
        }
        return context.ask("Senior", "senior", Map.of("meme_text", memeText, "category", category,
                "candidate_1", candidates.get(0), "candidate_2", candidates.get(1), "candidate_3", candidates.get(2)),
                List.of(), 0.0, 0, FinalResponse.PARSER);
    }
}
