package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A JSON schema the answer must follow, sent as the request's {@code response_format} where the
 * endpoint supports structured output (OpenAI, vLLM, Ollama). Its properties keep the order they
 * are declared in, on the wire and in the cache key alike: under strict decoding a model writes
 * fields in schema order, so a Scorer's reasoning comes before its rating, in every run.
 *
 * @param name   the schema's name, as the protocol asks for one
 * @param schema the JSON schema, as maps, lists and strings in declaration order
 */
@API(status = INTERNAL, since = "0.1.0")
public record ResponseSchema(String name, Map<String, Object> schema) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Each schema's JSON text, written once: a schema is a constant of its agent, and every call's
     * cache key holds it. Keyed by identity (weak keys), so a lookup never hashes the schema's maps.
     */
    private static final Cache<ResponseSchema, String> TEXTS =
            Caffeine.newBuilder().weakKeys().build();

    /**
     * Requires a name and keeps its own copy of the schema, in its order.
     *
     * @param name the schema's name
     * @param schema the JSON schema, as maps, lists and strings
     */
    public ResponseSchema {
        Objects.requireNonNull(name, "name");
        schema = Collections.unmodifiableMap(new LinkedHashMap<>(schema));
    }

    /**
     * A schema written as JSON text (objects keep their key order).
     *
     * @param name the schema's name
     * @param json the schema as JSON text
     * @return the schema
     * @throws IllegalArgumentException when the text is not JSON
     */
    public static ResponseSchema of(String name, String json) {
        try {
            return new ResponseSchema(
                    name, JSON.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() {}));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("schema " + name + " is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * The schema exactly as it is sent, for cache keys and the simulator.
     *
     * @return the schema as JSON text
     */
    public String json() {
        return TEXTS.get(this, ResponseSchema::write);
    }

    private static String write(ResponseSchema schema) {
        try {
            return JSON.writeValueAsString(schema.schema);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("schema " + schema.name + " is not serialisable", e);
        }
    }
}
