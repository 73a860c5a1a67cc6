package io.github.adammeme.internal.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import org.jspecify.annotations.Nullable;

/** JSON answers as an OpenAI-compatible endpoint writes them, errors included. */
final class ServerReplies {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ServerReplies() {}

    /** An error in OpenAI's shape: {@code {"error": {"message", "type", "param", "code"}}}. */
    static void error(HttpExchange exchange, int status, String type, @Nullable String message) throws IOException {
        send(exchange, status, errorBody(type, message));
    }

    /** The body of such an error, also written into a batch's error file. */
    static ObjectNode errorBody(String type, @Nullable String message) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("error")
                .put("message", message)
                .put("type", type)
                .putNull("param")
                .put("code", type);
        return root;
    }

    /**
     * A request body read as JSON (a missing node for an empty one), or null once the exchange has been
     * answered 400 for one that is not JSON.
     */
    static @Nullable JsonNode jsonBody(HttpExchange exchange, byte[] bytes) throws IOException {
        try {
            JsonNode body = JSON.readTree(bytes);
            return body == null ? MissingNode.getInstance() : body;
        } catch (IOException e) {
            error(exchange, 400, "invalid_request_error", "request body is not JSON: " + e.getMessage());
            return null;
        }
    }

    static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
