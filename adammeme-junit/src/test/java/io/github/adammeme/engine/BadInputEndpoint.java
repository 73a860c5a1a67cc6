package io.github.adammeme.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.testing.RelayEndpoint;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * An OpenAI-compatible endpoint of the suite's own on 127.0.0.1: it relays every request to a
 * simulator of its own, except the requests a predicate picks, which it answers with one misbehaviour.
 * Real HTTP, so the client meets the misbehaviour as it would meet a broken gateway.
 */
final class BadInputEndpoint implements AutoCloseable {

    /** What the endpoint does to the requests it picks. */
    enum Behaviour {
        /** relays them like the others */
        RELAY,
        /** never answers */
        HANG,
        /** answers 200, then drips its body a byte at a time */
        DRIP,
        /** answers 200 with a body of 40 MiB, streamed */
        HUGE,
        /** answers 401 */
        UNAUTHORIZED,
        /** answers 429, always, without Retry-After */
        ENDLESS_429,
        /** answers 429 with Retry-After: 1000000000 */
        RETRY_AFTER_1E9,
        /** answers 200 with a chat completion that has no choices */
        NO_CHOICES,
        /** answers 200 with a chat completion without a choices field, and without its usage */
        CHOICES_MISSING,
        /** answers 200 with a choice whose message's content is null (as a content filter leaves it) */
        NULL_CONTENT,
        /** answers 200 with a body that is not JSON */
        NOT_JSON,
        /** answers 500 with the key in its error body, as some gateways echo it */
        ERROR_500_WITH_KEY,
        /** closes the connection without a word */
        DROP
    }

    static final long HUGE_BYTES = 40L << 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SimulatedModelServer simulator = SimulatedModelServer.start();
    private final HttpClient client = HttpClient.newHttpClient();
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "bad-input-endpoint");
        t.setDaemon(true);
        return t;
    });
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Predicate<JsonNode> picks;
    private final Behaviour behaviour;
    private final String key;
    private volatile BiFunction<JsonNode, String, String> rewrite = (request, content) -> content;
    private volatile UnaryOperator<String> models = m -> m;
    private volatile int holdAfter = Integer.MAX_VALUE;
    private final CountDownLatch released = new CountDownLatch(1);
    /** Counts down when the first request is held. */
    final CountDownLatch holding = new CountDownLatch(1);

    /** Every request that reached the endpoint. */
    final List<JsonNode> requests = new CopyOnWriteArrayList<>();
    /** The requests it misbehaved on. */
    final AtomicInteger misbehaved = new AtomicInteger();

    BadInputEndpoint(Predicate<JsonNode> picks, Behaviour behaviour, String key) throws IOException {
        this.picks = picks;
        this.behaviour = behaviour;
        this.key = key;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        server.setExecutor(threads);
        server.createContext("/v1/chat/completions", this::handle);
        server.start();
    }

    /** A relay that changes nothing, but records every request. */
    static BadInputEndpoint relay() throws IOException {
        return new BadInputEndpoint(r -> false, Behaviour.RELAY, null);
    }

    /** Changes the content of relayed answers: (request, content) to the content the client gets. */
    BadInputEndpoint rewriting(BiFunction<JsonNode, String, String> answers) {
        this.rewrite = answers;
        return this;
    }

    /** Holds every request after the first {@code count} until {@link #release()}: a run that cannot finish meanwhile. */
    BadInputEndpoint holdingAfter(int count) {
        this.holdAfter = count;
        return this;
    }

    /** Answers the held requests, and every later one at once. */
    void release() {
        holdAfter = Integer.MAX_VALUE;
        released.countDown();
    }

    /** Maps the model a request asks for to the simulator persona that answers it (a hostile name to one it knows). */
    BadInputEndpoint mapping(UnaryOperator<String> personas) {
        this.models = personas;
        return this;
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            requests.add(request);
            if (requests.size() > holdAfter) {
                holding.countDown();
                released.await(2, TimeUnit.MINUTES);
            }
            if (behaviour != Behaviour.RELAY && picks.test(request)) {
                misbehaved.incrementAndGet();
                misbehave(exchange);
                return;
            }
            relay(exchange, (ObjectNode) request);
        } catch (IOException e) {
            // the client went away (a timeout, a bound): nothing to answer
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void relay(HttpExchange exchange, ObjectNode original) throws IOException {
        ObjectNode request = original.deepCopy();
        request.put("model", models.apply(original.path("model").asText()));
        HttpResponse<String> answer = RelayEndpoint.forward(client, simulator.baseUrl(), request);
        String body = answer.body();
        if (answer.statusCode() == 200) {
            ObjectNode response = (ObjectNode) JSON.readTree(body);
            ObjectNode message = (ObjectNode) response.path("choices").path(0).path("message");
            String content = message.path("content").asText();
            String changed = rewrite.apply(original, content);
            if (!changed.equals(content)) {
                message.put("content", changed);
                body = halvesEscaped(JSON.writeValueAsString(response));
            }
        }
        send(exchange, answer.statusCode(), body);
    }

    private void misbehave(HttpExchange exchange) throws IOException {
        switch (behaviour) {
            case HANG -> {
                try {
                    closed.await(10, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            case DRIP -> {
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, 0);
                try (OutputStream out = exchange.getResponseBody()) {
                    byte[] body =
                            "{\"id\": \"drip\", \"object\": \"chat.completion\", \"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", \"content\": \""
                                    .getBytes(StandardCharsets.UTF_8);
                    for (int i = 0; i < body.length && closed.getCount() > 0; i++) {
                        out.write(body[i]);
                        out.flush();
                        if (closed.await(300, TimeUnit.MILLISECONDS)) {
                            break;
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            case HUGE -> {
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, 0);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(
                            "{\"id\": \"huge\", \"object\": \"chat.completion\", \"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", \"content\": \""
                                    .getBytes(StandardCharsets.UTF_8));
                    byte[] block = new byte[64 << 10];
                    Arrays.fill(block, (byte) 'a');
                    for (long sent = 0; sent < HUGE_BYTES && closed.getCount() > 0; sent += block.length) {
                        out.write(block);
                    }
                    out.write("\"}}]}".getBytes(StandardCharsets.UTF_8));
                }
            }
            case UNAUTHORIZED ->
                send(
                        exchange,
                        401,
                        "{\"error\": {\"message\": \"Incorrect API key provided\", \"type\": \"invalid_request_error\", \"code\": \"invalid_api_key\"}}");
            case ENDLESS_429 ->
                send(
                        exchange,
                        429,
                        "{\"error\": {\"message\": \"Rate limit reached\", \"type\": \"rate_limit_error\"}}");
            case RETRY_AFTER_1E9 -> {
                exchange.getResponseHeaders().set("Retry-After", "1000000000");
                send(
                        exchange,
                        429,
                        "{\"error\": {\"message\": \"Rate limit reached, come back in 31 years\", \"type\": \"rate_limit_error\"}}");
            }
            case NO_CHOICES ->
                send(
                        exchange,
                        200,
                        "{\"id\": \"none\", \"object\": \"chat.completion\", \"created\": 1700000000, \"model\": \""
                                + "m\", \"choices\": [], \"usage\": {\"prompt_tokens\": 1, \"completion_tokens\": 0, \"total_tokens\": 1}}");
            case CHOICES_MISSING ->
                send(
                        exchange,
                        200,
                        "{\"id\": \"bare\", \"object\": \"chat.completion\", \"created\":"
                                + " 1700000000, \"model\": \"m\"}");
            case NULL_CONTENT ->
                send(
                        exchange,
                        200,
                        "{\"id\": \"null\", \"object\": \"chat.completion\", \"created\": 1700000000,"
                                + " \"model\": \"m\", \"choices\": [{\"index\": 0, \"finish_reason\": \"content_filter\", \"message\":"
                                + " {\"role\": \"assistant\", \"content\": null}}], \"usage\": {\"prompt_tokens\": 7, \"completion_tokens\": 0,"
                                + " \"total_tokens\": 7}}");
            case NOT_JSON -> send(exchange, 200, "<html><body>502 Bad Gateway, served as a 200</body></html>");
            case ERROR_500_WITH_KEY ->
                send(
                        exchange,
                        500,
                        "{\"error\": {\"message\": \"upstream refused key " + key + " (Authorization: "
                                + exchange.getRequestHeaders().getFirst("Authorization")
                                + ")\", \"type\": \"server_error\"}}");
            case DROP -> {
                // no status line, no headers: the connection just ends
            }
            case RELAY -> throw new IllegalStateException("a relay does not misbehave");
        }
    }

    /** Half a character as an endpoint sends it, a JSON escape: as a raw char it would not survive the UTF-8 body. */
    private static String halvesEscaped(String json) {
        StringBuilder out = new StringBuilder(json.length());
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < json.length() && Character.isLowSurrogate(json.charAt(i + 1))) {
                out.append(c).append(json.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
        threads.shutdownNow();
        simulator.close();
    }
}
