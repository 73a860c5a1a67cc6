package io.github.adammeme.internal.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A model's entry in its endpoint's {@code GET /models}: what the endpoint says it serves under that name
 * (vLLM's {@code root} is the weights' path, Ollama's {@code created} the time a new version was pulled). A run
 * records it, so two runs of one name can be told apart by more than the name. Only the entry's scalar fields
 * are kept (vLLM's {@code permission} list changes with every request), each one printable line, few and short:
 * an endpoint's words, bounded as everything read from outside is.
 */
final class ModelListing {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MOST_FIELDS = 16;
    private static final int MOST_NAME = 40;
    private static final int MOST_VALUE = 200;

    private ModelListing() {}

    /**
     * @param body  the answer to {@code GET /models}
     * @param model the model's id
     * @return the entry's scalar fields in the endpoint's order, or none when the list has no such entry
     */
    static Map<String, String> entry(String body, String model) {
        try {
            JsonNode n = JSON.readTree(body);
            JsonNode data = n == null ? null : n.has("data") ? n.path("data") : n.path("models");
            if (data == null || !data.isArray()) {
                return Map.of();
            }
            for (JsonNode m : data) {
                if (model.equals(m.path("id")
                        .asText(m.path("name").asText(m.path("model").asText(""))))) {
                    return scalars(m);
                }
            }
        } catch (IOException notJson) {
            // lists nothing this can read
        }
        return Map.of();
    }

    private static Map<String, String> scalars(JsonNode entry) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = entry.fields(); it.hasNext() && fields.size() < MOST_FIELDS; ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (f.getValue().isValueNode() && !f.getValue().isNull()) {
                String name = Printable.line(f.getKey(), MOST_NAME);
                String value = Printable.line(f.getValue().asText(), MOST_VALUE);
                if (name != null && value != null) {
                    fields.put(name, Secrets.redact(value));
                }
            }
        }
        return Collections.unmodifiableMap(fields);
    }
}
