package io.github.adammeme.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON schema the answer must follow, sent as the request's {@code response_format} where the
 * endpoint supports structured output (OpenAI, vLLM, Ollama). The schema is part of the call's
 * identity: the same question asked with and without it are different calls.
 *
 * @param name   the schema's name, as the protocol asks for one
 * @param schema the JSON schema, as plain maps, lists and strings
 */
public record ResponseSchema(String name, Map<String, Object> schema) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ResponseSchema {
        Objects.requireNonNull(name, "name");
        schema = Map.copyOf(schema);
    }

    /** The schema as canonical JSON text (keys sorted), for cache keys and the simulator. */
    public String json() {
        try {
            return JSON.copy().configure(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
                    .writeValueAsString(schema);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("schema " + name + " is not serialisable", e);
        }
    }
}
