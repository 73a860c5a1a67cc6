package io.github.adammeme.internal.sim;

import static io.github.adammeme.internal.sim.ServerReplies.error;
import static io.github.adammeme.internal.sim.ServerReplies.jsonBody;
import static io.github.adammeme.internal.sim.ServerReplies.send;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.sim.persona.SimRequest;
import io.github.adammeme.internal.sim.persona.SimulatedModel;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The built-in simulated mLLM: an OpenAI-compatible chat-completions server on 127.0.0.1 with an
 * ephemeral port. Offline runs and tests reach it through the same client, over the same wire
 * protocol, as they would reach a real model; only its answers are made up.
 *
 * <p>It is bounded as a real endpoint is ({@link ServerLimits}): request bodies are capped (413),
 * workers are few and their queue short (503 with Retry-After beyond it), a client that drips its
 * request is cut off, and a failure while answering is answered 500. Requests are read before they take a
 * worker, so clients that stall mid-request delay no one else. None of its threads keeps a process alive.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class SimulatedModelServer implements AutoCloseable {

    /** Every sim model id the server answers to. */
    public static final List<String> MODELS =
            Arrays.stream(SimulatedModel.Persona.values()).map(p -> p.id).toList();

    /** Who {@code GET /models} says owns its models. */
    static final String OWNER = "adammeme-simulator";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static @Nullable SimulatedModelServer shared;

    static {
        // The JDK server writes a response's headers and body separately; with Nagle's algorithm on, the
        // body waits for the client's delayed ACK (40 ms on Linux), which would add to every call's latency.
        // Read once, when the server's configuration class loads, so it is set before the first server.
        defaultProperty("sun.net.httpserver.nodelay", "true");
        // The server reads a request's line and headers before any handler runs, where the handlers'
        // own read deadline cannot reach; this bounds the whole request's arrival, headers included
        // (the same 30 s; the property is JVM-wide and read once, so a test's shorter bound cannot use it).
        defaultProperty("sun.net.httpserver.maxReqTime", Long.toString(ServerLimits.READ_TIMEOUT.toSeconds()));
    }

    /** Writes a persona's answer; a test puts in one that fails, to see the failure answered. */
    @FunctionalInterface
    interface Answerer {
        String answer(SimulatedModel.Persona persona, SimRequest request, SimSettings settings);
    }

    private final HttpServer server;
    private final ConnectionThreads connections;
    private final WorkerSlots workers;
    private final ServerDeadlines deadlines = new ServerDeadlines();
    private final ChatAnswers answers;
    private final SimulatedBatches batches;
    private final SimulatedFaults faults = new SimulatedFaults();
    private final ServedNames served = new ServedNames();
    private volatile SimSettings settings = SimSettings.DEFAULT;

    private SimulatedModelServer(ServerLimits limits, Answerer answerer) throws IOException {
        this.answers = new ChatAnswers(answerer);
        this.batches = new SimulatedBatches(answers, () -> settings);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        connections = new ConnectionThreads(limits.connections());
        workers = new WorkerSlots(limits.workers(), limits.queue());
        server.setExecutor(connections);
        server.createContext(
                "/v1/chat/completions", new ServerGuard(this::chatCompletions, limits, workers, deadlines));
        server.createContext("/v1/models", new ServerGuard(this::models, limits, workers, deadlines));
        batches.serve(server, limits, workers, deadlines);
        ServerThreads.startAsDaemon(server);
    }

    private static void defaultProperty(String name, String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }

    /**
     * Starts a server of one's own (tests that need isolation); close it when done.
     *
     * @return the running server
     */
    public static SimulatedModelServer start() {
        return start(ServerLimits.DEFAULT, SimulatedModel::answer);
    }

    /** A server with limits and answers of a test's choosing. */
    static SimulatedModelServer start(ServerLimits limits, Answerer answerer) {
        try {
            return new SimulatedModelServer(limits, answerer);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot start the simulated model server on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    /** @return whether the JVM-wide server has been started */
    public static synchronized boolean isSharedRunning() {
        return shared != null;
    }

    /**
     * The JVM-wide server, started on first use and stopped with the JVM.
     *
     * @return the running server
     */
    static synchronized SimulatedModelServer shared() {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "adammeme-sim-stop"));
        }
        return shared;
    }

    /**
     * The base URL to give an OpenAI client, e.g. {@code http://127.0.0.1:41234/v1}.
     *
     * @return the base URL
     */
    public String baseUrl() {
        return "http://" + server.getAddress().getHostString() + ":"
                + server.getAddress().getPort() + "/v1";
    }

    /** @return how many chat-completion requests it has answered, lines of batches included, injected faults not */
    public long requestsServed() {
        return answers.requests();
    }

    /** @return the Batch API's state: batches made and pending, and a test's ways to make one expire or fail */
    public SimulatedBatches batches() {
        return batches;
    }

    /**
     * A digest of every request answered (model, seed, temperature, prompt), in order: what a run paid for.
     *
     * @return the digests
     */
    public List<String> answered() {
        return answers.answered();
    }

    /**
     * Requests that asked for structured output (a JSON schema in response_format), answered or turned down.
     *
     * @return how many
     */
    public long structuredRequests() {
        return answers.structuredRequests();
    }

    /**
     * Requests answered with an injected fault (429, 5xx, hang, drop, truncation, malformed body).
     *
     * @return how many
     */
    public long faultsInjected() {
        return faults.injected();
    }

    /**
     * Changes latency, faults and the names served from the next request on. A served name given another persona
     * keeps its name and changes the model behind it, as a new version deployed under a served name does.
     *
     * @param next the new settings
     * @throws IllegalArgumentException when a name is served as a persona the simulator does not play; the settings
     *         in force are kept
     */
    public void configure(SimSettings next) {
        served.serve(next.served(), System.currentTimeMillis() / 1000);
        settings = next;
        faults.reseed(next.seed());
    }

    /** The guard has read the body (and closes the exchange). */
    private void chatCompletions(HttpExchange exchange, byte[] bytes) throws IOException {
        // Latency runs from the request's arrival (its body, read over loopback, took milliseconds): a remote
        // endpoint's answer time includes its own reading and thinking, and the simulator's CPU on a shared
        // machine should not add to it.
        long received = System.nanoTime();
        if (!"POST".equals(exchange.getRequestMethod())) {
            error(exchange, 405, "invalid_request_error", "use POST for chat completions");
            return;
        }
        JsonNode body = jsonBody(exchange, bytes);
        if (body == null) {
            return;
        }
        SimSettings now = settings;
        ChatAnswers.Asked asked = answers.read(body, now);
        if (asked.refused() != null) {
            send(exchange, asked.refused().status(), asked.refused().body());
            return;
        }
        if (faults.overQuota(exchange, now) || faults.inject(exchange, now)) {
            return;
        }
        long latency = faults.latency(now);
        ChatAnswers.Reply reply = answers.answer(asked, now);
        if (reply.status() == 200) {
            SimulatedFaults.pause(latency - (System.nanoTime() - received) / 1_000_000);
        }
        send(exchange, reply.status(), reply.body());
    }

    private void models(HttpExchange exchange, byte[] ignored) throws IOException {
        ObjectNode root = JSON.createObjectNode().put("object", "list");
        ArrayNode data = root.putArray("data");
        for (String id : MODELS) {
            data.addObject()
                    .put("id", id)
                    .put("object", "model")
                    .put("created", 0)
                    .put("owned_by", OWNER)
                    .put("root", id);
        }
        served.list(data, settings.served().keySet());
        send(exchange, 200, root);
    }

    @Override
    public void close() {
        server.stop(0);
        connections.close();
        deadlines.close();
    }
}
