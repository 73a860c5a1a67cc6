package io.github.adammeme.internal.agent.answer;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import org.apiguardian.api.API;

/** The Refiner's answer: the rewritten meme text and why. */
@API(status = INTERNAL, since = "0.1.0")
public record Rewrite(String originalText, String rewrittenText, String explanation) {

    /** Reads the Refiner's JSON object: {@code original_text}, {@code rewritten_text} and {@code explanation}. */
    public static final AnswerParser<Rewrite> PARSER = answer -> {
        JsonNode json = JsonAnswers.firstObject(answer);
        return new Rewrite(
                JsonAnswers.requiredString(json, "original_text"),
                JsonAnswers.requiredString(json, "rewritten_text"),
                JsonAnswers.requiredString(json, "explanation"));
    };
}
