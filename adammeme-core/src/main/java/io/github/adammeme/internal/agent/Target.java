package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ContentPart;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** The model under evaluation, asked the same question as the Candidates. */
@API(status = INTERNAL, since = "0.1.0")
public final class Target {

    private final AgentContext context;
    private final double temperature;

    /**
     * @param context the target's own model and the run's templates, seed and re-ask bound
     * @param temperature the temperature the target is asked at
     */
    public Target(AgentContext context, double temperature) {
        this.context = context;
        this.temperature = temperature;
    }

    /** The role the target's calls are counted under. */
    public static final String ROLE = "Target";

    /**
     * Puts the paper's question to the target for one meme-category pair.
     *
     * @param memeText the meme's text (original or refined)
     * @param erasedImage the meme's picture as it is shown, or null
     * @param category the harmfulness category
     * @return the target's analysis, or why there is none (a declined task included)
     */
    public CompletableFuture<Answer<String>> analyse(
            String memeText, ContentPart.@Nullable Image erasedImage, String category) {
        return context.ask(
                ROLE,
                "target",
                Map.of("meme_text", memeText, "question", context.prompts().question(category)),
                erasedImage == null ? List.of() : List.of(erasedImage),
                temperature,
                0,
                Analysis.FREE_TEXT,
                Asker.Policy.TARGET);
    }

    /** @return the target's model name, as its endpoint knows it */
    public String model() {
        return context.gateway().model().model();
    }
}
