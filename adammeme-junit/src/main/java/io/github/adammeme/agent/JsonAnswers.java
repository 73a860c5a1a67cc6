package io.github.adammeme.agent;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * Finds the JSON object in a model's answer: bare, in a ```json fence, or with prose around it.
 * The first complete object wins; its fields are checked by the caller, never defaulted.
 */
final class JsonAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = JSON.getFactory();

    private JsonAnswers() {
    }

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
        JsonNode value = object.get(field);
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
}
