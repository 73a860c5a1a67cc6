package io.github.adammeme.agent;

import io.github.adammeme.data.Meme;
import io.github.adammeme.llm.ContentPart;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Writes the misbelief sentence of one meme-category pair (temperature 0). */
public final class Narrator {

    static final AnswerParser<String> PARSER = answer -> {
        String misbelief = JsonAnswers.requiredString(JsonAnswers.firstObject(answer), "misbelief");
        // The sentence is what BM25 retrieves on, so it must be the general belief, phrased as asked.
        if (!misbelief.toLowerCase(Locale.ROOT).contains("misbelief")) {
            throw new ParseException("the misbelief sentence must have the word 'misbelief' as its subject");
        }
        return misbelief.replaceAll("\\s+", " ");
    };

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Narrator(AgentContext context) {
        this.context = context;
    }

    /**
     * Writes the misbelief sentence BM25 later retrieves this pair by.
     *
     * @param meme the meme
     * @param image the meme's picture, or null
     * @param category the category the meme was mined into
     * @return one sentence with the word "misbelief" as its subject, or why there is none
     */
    public CompletableFuture<Answer<String>> narrate(Meme meme, ContentPart.Image image, Category category) {
        return context.ask("Narrator", "narrator", Map.of("meme_text", meme.text(), "category", category.name(),
                "category_description", category.description()), image, 0.0, 0, PARSER);
    }
}
