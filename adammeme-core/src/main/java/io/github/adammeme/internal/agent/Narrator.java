package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.AnswerParser;
import io.github.adammeme.internal.agent.answer.JsonAnswers;
import io.github.adammeme.internal.agent.answer.MisbeliefSentence;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.ContentPart;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** Writes the misbelief sentence of one meme-category pair (temperature 0). */
@API(status = INTERNAL, since = "0.1.0")
public final class Narrator {

    /**
     * The {@code misbelief} field of the Narrator's JSON object, bare, fenced or after a sentence of
     * preamble; an answer with no object at all that is itself the sentence is taken too. Either way
     * the sentence must be one by {@link MisbeliefSentence}'s rules; the word "misbelief" is asked for,
     * not required.
     */
    static final AnswerParser<String> PARSER = answer -> {
        if (answer != null && answer.indexOf('{') < 0 && !answer.isBlank()) {
            return MisbeliefSentence.read(answer);
        }
        return MisbeliefSentence.read(JsonAnswers.requiredString(JsonAnswers.firstObject(answer), "misbelief"));
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
     * @return one standalone sentence stating the misbelief, or why there is none
     */
    public CompletableFuture<Answer<String>> narrate(Meme meme, ContentPart.@Nullable Image image, Category category) {
        return context.ask(
                "Narrator",
                "narrator",
                Map.of(
                        "meme_text",
                        meme.text(),
                        "category",
                        category.name(),
                        "category_description",
                        category.description()),
                image,
                0.0,
                0,
                PARSER);
    }
}
