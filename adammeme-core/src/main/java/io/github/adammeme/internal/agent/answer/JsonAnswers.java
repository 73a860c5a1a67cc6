package io.github.adammeme.internal.agent.answer;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Finds the JSON object in a model's answer: bare, in a ```json fence, or with prose around it.
 * The first complete object wins; its fields are checked by the caller, never defaulted. Slips
 * real models make in JSON they write by hand are read as meant: a line break typed inside a
 * string (a multi-line meme text), a comma before a closing bracket, a key written in words
 * ("Rewritten Text" for {@code rewritten_text}).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class JsonAnswers {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .build();
    private static final ObjectMapper JSON = new ObjectMapper(FACTORY);

    private JsonAnswers() {}

    /**
     * The first complete JSON object in an answer.
     *
     * @param answer a model's output
     * @return the object
     * @throws ParseException when the answer is empty or holds no complete object
     */
    public static JsonNode firstObject(String answer) throws ParseException {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty; expected a JSON object");
        }
        for (int start = answer.indexOf('{'); start >= 0; start = answer.indexOf('{', start + 1)) {
            // Reading one value from here stops at the end of the object, so trailing prose is fine.
            try (JsonParser parser = FACTORY.createParser(answer.substring(start))) {
                JsonNode node = JSON.readTree(parser);
                if (node != null && node.isObject()) {
                    return node;
                }
            } catch (IOException notAnObjectHere) {
                // try the next opening brace
            }
        }
        throw new ParseException("no complete JSON object in the answer");
    }

    /**
     * A string field that must be present and not blank.
     *
     * @param object the answer's JSON object
     * @param field the field's name
     * @return its value, stripped
     * @throws ParseException when the field is missing, null, not a string or blank
     */
    public static String requiredString(JsonNode object, String field) throws ParseException {
        JsonNode value = field(object, field);
        if (value == null || value.isNull()) {
            throw new ParseException("field '" + field + "' is missing");
        }
        if (!value.isTextual()) {
            throw new ParseException("field '" + field + "' must be a string, was " + value.getNodeType());
        }
        if (value.asText().isBlank()) {
            throw new ParseException("field '" + field + "' is empty");
        }
        return value.asText().strip();
    }

    /**
     * A field by its name, or by the same name in other case or written with spaces or hyphens
     * ({@code "Original Text"}, {@code "original-text"}); the exact name wins.
     *
     * @param object the answer's JSON object
     * @param name the field's name, in lower case with underscores
     * @return its value, or null when there is no such field
     */
    public static @Nullable JsonNode field(JsonNode object, String name) {
        JsonNode exact = object.get(name);
        if (exact != null) {
            return exact;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (f.getKey()
                    .strip()
                    .toLowerCase(Locale.ROOT)
                    .replaceAll("[\\s\\-]+", "_")
                    .equals(name)) {
                return f.getValue();
            }
        }
        return null;
    }
}
