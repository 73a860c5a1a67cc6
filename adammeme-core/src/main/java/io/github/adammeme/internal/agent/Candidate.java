package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ContentPart;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** One of the three analyses the reference answer is chosen from (temperature 1). */
@API(status = INTERNAL, since = "0.1.0")
public final class Candidate {

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Candidate(AgentContext context) {
        this.context = context;
    }

    /**
     * Writes the candidate analyses of a meme-category pair: replicas that differ by seed, asked as choices
     * of one request where the endpoint takes them.
     *
     * @param memeText the meme's text
     * @param erasedImage the meme's picture as it is shown (its text erased when text erasure is on), or null
     * @param category the harmfulness category
     * @param count how many Candidates write
     * @return each analysis, or why there is none, in replica order
     */
    public List<CompletableFuture<Answer<String>>> analyseAll(
            String memeText, ContentPart.@Nullable Image erasedImage, String category, int count) {
        return context.askReplicas(
                "Candidate",
                "candidate",
                Map.of("meme_text", memeText, "question", context.prompts().question(category)),
                erasedImage,
                1.0,
                count,
                Analysis.FREE_TEXT);
    }
}
