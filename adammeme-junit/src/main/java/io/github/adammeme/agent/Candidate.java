package io.github.adammeme.agent;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import io.github.adammeme.llm.ContentPart;

/** One of the three analyses the reference answer is chosen from (temperature 1). */
public final class Candidate {

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Candidate(AgentContext context) {
        this.context = context;
    }

    /**
     * Writes one candidate analysis of a meme-category pair.
     *
     * @param memeText the meme's text
     * @param erasedImage the meme's picture as it is shown (its text erased when text erasure is on), or null
     * @param category the harmfulness category
     * @param replica which of the three Candidates this is; replicas differ by seed
     * @return the analysis, or why there is none
     */
    public CompletableFuture<Answer<String>> analyse(String memeText, ContentPart.Image erasedImage, String category,
                                                     int replica) {
        return context.ask("Candidate", "candidate", Map.of("meme_text", memeText, "question", Analysis.question(category)),
                erasedImage, 1.0, replica, Analysis.FREE_TEXT);
    }
}
