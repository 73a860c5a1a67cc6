package io.github.adammeme.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An OpenAI-compatible endpoint on 127.0.0.1 in front of the simulator, whose answers a test
 * rewrites: a target that plants text, a Scorer that quotes it, a model with a name of its own.
 * Real HTTP both ways, as a misbehaving endpoint would be met.
 */
public final class RelayEndpoint implements AutoCloseable {

    /** An answer the relay gives itself instead of asking the simulator. */
    public record Reply(int status, String body) {}

    /** What the relay may change: the request's model as the simulator sees it, and each answer. */
    public interface Rewrite {

        /**
         * An answer of the relay's own for this request (an error, say), or null to ask the simulator.
         *
         * @param authorization the request's Authorization header, as a gateway sees it
         */
        default Reply intercept(String asked, JsonNode request, String authorization) {
            return null;
        }

        /** The model the simulator is asked for (a hostile model name maps to a persona it knows). */
        default String model(String asked) {
            return asked;
        }

        /**
         * Changes the answer's own fields (its {@code model}, its {@code system_fingerprint}) before its content is
         * rewritten; by default the answer names the model asked for and keeps the simulator's fingerprint.
         *
         * @param asked    the model the client asked for
         * @param response the whole answer, its {@code model} already the one asked for
         */
        default void fields(String asked, ObjectNode response) {}

        /**
         * @param asked    the model the client asked for
         * @param prompt   the text of the conversation's opening turns
         * @param request  the whole request body
         * @param choice   the simulator's first choice, whose {@code finish_reason} may be changed
         * @param content  the simulator's answer
         * @return the answer the client gets
         */
        String answer(String asked, String prompt, JsonNode request, ObjectNode choice, String content);
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SimulatedModelServer simulator = SimulatedModelServer.start();
    private final HttpClient client = HttpClient.newHttpClient();
    private final HttpServer server;
    private final Rewrite rewrite;
    private final AtomicReference<Throwable> broken = new AtomicReference<>();

    public RelayEndpoint(Rewrite rewrite) throws IOException {
        this.rewrite = rewrite;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.createContext("/v1/chat/completions", exchange -> {
            try {
                relay(exchange);
            } catch (RuntimeException | Error e) {
                // A test's rewrite that throws drops the connection, which the client retries after a back-off: the
                // test would pass slowly on whatever got through. Kept, and thrown when the relay closes.
                broken.compareAndSet(null, e);
                throw e;
            }
        });
        // As a real server does: requests answered side by side, not queued behind one another.
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "relay");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    private void relay(HttpExchange exchange) throws IOException {
        try (exchange) {
            ObjectNode request = (ObjectNode) JSON.readTree(exchange.getRequestBody());
            String asked = request.path("model").asText();
            Reply own = rewrite.intercept(
                    asked, request, exchange.getRequestHeaders().getFirst("Authorization"));
            if (own != null) {
                byte[] body = own.body().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(own.status(), body.length);
                try (OutputStream o = exchange.getResponseBody()) {
                    o.write(body);
                }
                return;
            }
            request.put("model", rewrite.model(asked));
            HttpResponse<String> answer = forward(client, simulator.baseUrl(), request);
            byte[] out = answer.body().getBytes(StandardCharsets.UTF_8);
            if (answer.statusCode() == 200) {
                ObjectNode response = (ObjectNode) JSON.readTree(answer.body());
                response.put("model", asked);
                rewrite.fields(asked, response);
                ObjectNode choice = (ObjectNode) response.path("choices").path(0);
                ObjectNode message = (ObjectNode) choice.path("message");
                message.put(
                        "content",
                        rewrite.answer(
                                asked,
                                openingTurns(request),
                                request,
                                choice,
                                message.path("content").asText()));
                out = JSON.writeValueAsBytes(response);
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(answer.statusCode(), out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
        }
    }

    /** Sends a chat request on to an endpoint, as a proxy in front of it would, and gives back its answer. */
    public static HttpResponse<String> forward(HttpClient client, String baseUrl, JsonNode request) throws IOException {
        try {
            return client.send(
                    HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(request)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** The text of the conversation's opening turns: what the task is, before any re-ask. */
    public static String openingTurns(JsonNode request) {
        StringBuilder prompt = new StringBuilder();
        for (JsonNode m : request.path("messages")) {
            if ("assistant".equals(m.path("role").asText())) {
                break;
            }
            JsonNode content = m.path("content");
            if (content.isTextual()) {
                prompt.append(content.asText()).append('\n');
            } else {
                for (JsonNode part : content) {
                    // Text parts only, as the simulator reads them: pictures sit between texts, and how many a
                    // prompt has (a Refiner's examples) is no part of its text.
                    if ("text".equals(part.path("type").asText())) {
                        prompt.append(part.path("text").asText()).append('\n');
                    }
                }
            }
        }
        return prompt.toString();
    }

    @Override
    public void close() {
        server.stop(0);
        simulator.close();
        if (broken.get() != null) {
            throw new AssertionError(
                    "the relay's rewrite failed, and the call was dropped: " + broken.get(), broken.get());
        }
    }
}
