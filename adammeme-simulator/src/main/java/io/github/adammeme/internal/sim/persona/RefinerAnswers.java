package io.github.adammeme.internal.sim.persona;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Locale;

/** The simulator's answer as stage 3's Refiner: the meme text with its explicit group words euphemised. */
final class RefinerAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RefinerAnswers() {}

    static String answer(SimRequest r, Forms forms) {
        String text = r.text("meme_text");
        String category = r.text("category").toLowerCase(Locale.ROOT);
        String rewritten = Lexicon.euphemise(text, category);
        String explanation = rewritten.equals(text)
                ? "The text names no group outright, so it is kept; its meaning already rests on implication."
                : "Replaced the explicit group words with vaguer wording, so the harm rests on implication while the image"
                        + " and the misbelief stay the same.";
        return forms.json("{\"original_text\": " + json(text) + ", \"rewritten_text\": " + json(rewritten)
                + ", \"explanation\": " + json(explanation) + "}");
    }

    private static String json(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
