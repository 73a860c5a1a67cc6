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
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * OpenAI's Batch API on the simulator: {@code POST /v1/batches}, {@code GET /v1/batches[/{id}]} and
 * {@code POST /v1/batches/{id}/cancel}, over the files of {@link SimulatedFiles}. A batch stays in
 * progress for the configured delay ({@link SimSettings#batchDelayMillis()}, read each time it is polled)
 * and is then answered line by line exactly as {@code /v1/chat/completions} answers. Tests can make the
 * next batch of a model expire part way or fail; a real endpoint does both.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class SimulatedBatches {

    static final String ENDPOINT = "/v1/chat/completions";
    private static final String PREFIX = "/v1/batches";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SimulatedFiles files = new SimulatedFiles();
    private final ChatAnswers answers;
    private final Supplier<SimSettings> settings;
    private final Map<String, SimulatedBatch> batches = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Map<String, Integer> expiring = new ConcurrentHashMap<>();
    private final Map<String, String> failing = new ConcurrentHashMap<>();

    SimulatedBatches(ChatAnswers answers, Supplier<SimSettings> settings) {
        this.answers = answers;
        this.settings = settings;
    }

    /** Serves the files and batches routes on {@code server}, uploads bounded as OpenAI bounds them. */
    void serve(HttpServer server, ServerLimits limits, WorkerSlots workers, ServerDeadlines deadlines) {
        ServerLimits uploads = new ServerLimits(
                SimulatedFiles.MAX_UPLOAD_BYTES + (1 << 20),
                limits.workers(),
                limits.queue(),
                limits.readTimeout(),
                limits.connections());
        server.createContext("/v1/files", new ServerGuard(files::handle, uploads, workers, deadlines));
        server.createContext(PREFIX, new ServerGuard(this::handle, limits, workers, deadlines));
    }

    /**
     * The next batch created for {@code model} that holds more than this many lines answers this many,
     * then expires as a batch does when its 24-hour window closes: the other lines are reported
     * {@code batch_expired}. Smaller batches before it are answered whole, so the expiry always leaves
     * some lines unanswered, however the calls happened to be grouped into batches.
     *
     * @param model the model whose next batch expires
     * @param answeredLines lines answered before it expires
     */
    public void expireNextBatch(String model, int answeredLines) {
        expiring.put(model, answeredLines);
    }

    /**
     * The next batch created for {@code model} fails its validation, answering nothing.
     *
     * @param model the model whose next batch fails
     * @param reason the error the batch reports
     */
    public void failNextBatch(String model, String reason) {
        failing.put(model, reason);
    }

    /** @return batches created so far */
    public int created() {
        return batches.size();
    }

    /** @return the ids of batches created and not yet answered, failed, expired or cancelled */
    public List<String> pending() {
        return batches.values().stream()
                .filter(b -> !b.finished())
                .map(SimulatedBatch::id)
                .sorted()
                .toList();
    }

    private void handle(HttpExchange exchange, byte[] body) throws IOException {
        String rest = exchange.getRequestURI().getPath().substring(PREFIX.length());
        String method = exchange.getRequestMethod();
        if (rest.isEmpty() || rest.equals("/")) {
            if ("POST".equals(method)) {
                create(exchange, body);
            } else if ("GET".equals(method)) {
                list(exchange);
            } else {
                error(exchange, 405, "invalid_request_error", "use POST to create a batch, GET to list them");
            }
            return;
        }
        String[] path = rest.substring(1).split("/", -1);
        SimulatedBatch batch = batches.get(path[0]);
        boolean retrieve = path.length == 1 && "GET".equals(method);
        boolean cancel = path.length == 2 && path[1].equals("cancel") && "POST".equals(method);
        if (!retrieve && !cancel) {
            error(
                    exchange,
                    404,
                    "invalid_request_error",
                    "the simulator serves GET /v1/batches/{id} and POST .../cancel");
        } else if (batch == null) {
            error(exchange, 404, "invalid_request_error", "No such Batch object: " + path[0]);
        } else {
            if (cancel) {
                batch.cancel();
            } else {
                batch.advance(settings.get().batchDelayMillis());
            }
            send(exchange, 200, batch.json());
        }
    }

    private void create(HttpExchange exchange, byte[] bytes) throws IOException {
        JsonNode body = jsonBody(exchange, bytes);
        if (body == null) {
            return;
        }
        String inputId = body.path("input_file_id").asText(null);
        SimulatedFiles.StoredFile input = files.get(inputId);
        if (input == null) {
            error(exchange, 400, "invalid_request_error", "No such File object: " + inputId);
        } else if (!"batch".equals(input.purpose())) {
            error(
                    exchange,
                    400,
                    "invalid_request_error",
                    "the input file's purpose is '" + input.purpose() + "', not 'batch'");
        } else if (!ENDPOINT.equals(body.path("endpoint").asText())) {
            error(
                    exchange,
                    400,
                    "invalid_request_error",
                    "the simulator batches " + ENDPOINT + " only, not '"
                            + body.path("endpoint").asText() + "'");
        } else if (!"24h".equals(body.path("completion_window").asText())) {
            error(exchange, 400, "invalid_request_error", "completion_window must be '24h'");
        } else {
            SimulatedBatch batch = new SimulatedBatch(ids.incrementAndGet(), input, files, answers, settings);
            String model = batch.model();
            Integer expireAfter = model == null ? null : expiring.get(model);
            if (expireAfter != null && (batch.size() <= expireAfter || !expiring.remove(model, expireAfter))) {
                expireAfter = null;
            }
            batch.misbehave(expireAfter, model == null ? null : failing.remove(model));
            batches.put(batch.id(), batch);
            send(exchange, 200, batch.json());
        }
    }

    private void list(HttpExchange exchange) throws IOException {
        List<SimulatedBatch> all = new ArrayList<>(batches.values());
        // Newest first, as OpenAI lists them.
        all.sort((a, b) -> Long.compare(b.sequence(), a.sequence()));
        ObjectNode root = JSON.createObjectNode().put("object", "list");
        ArrayNode data = root.putArray("data");
        all.forEach(b -> data.add(b.json()));
        root.put("has_more", false);
        if (!all.isEmpty()) {
            root.put("first_id", all.get(0).id())
                    .put("last_id", all.get(all.size() - 1).id());
        }
        send(exchange, 200, root);
    }
}
