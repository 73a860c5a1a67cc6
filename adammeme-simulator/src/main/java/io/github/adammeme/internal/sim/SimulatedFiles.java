package io.github.adammeme.internal.sim;

import static io.github.adammeme.internal.sim.ServerReplies.error;
import static io.github.adammeme.internal.sim.ServerReplies.send;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * OpenAI's Files API as the Batch API uses it: {@code POST /v1/files} (a multipart upload),
 * {@code GET /v1/files/{id}} and {@code GET /v1/files/{id}/content}. Files are kept in memory for as
 * long as the simulator runs, so a client killed and started again finds them.
 */
final class SimulatedFiles {

    /**
     * One file.
     *
     * @param id its id
     * @param filename the name it was uploaded (or written) with
     * @param purpose {@code batch} for inputs, {@code batch_output} for what a batch wrote
     * @param createdAt Unix seconds
     * @param bytes its content
     */
    @SuppressWarnings("ArrayRecordComponent") // a stored file is looked up by id, never compared
    record StoredFile(String id, String filename, String purpose, long createdAt, byte[] bytes) {}

    /** OpenAI takes batch input files of up to 200 MB. */
    static final int MAX_UPLOAD_BYTES = 200 << 20;

    /**
     * Sets this simulator's ids apart from another's, as OpenAI's ids are unique: a journal that outlived one
     * simulator must not take another's file or batch of the same number for its own.
     */
    final String server = Long.toString(new SecureRandom().nextLong() >>> 1, 36);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PREFIX = "/v1/files";

    private final Map<String, StoredFile> files = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    StoredFile add(String filename, String purpose, byte[] bytes) {
        StoredFile file = new StoredFile(
                "file-sim" + server + "_" + ids.incrementAndGet(),
                filename,
                purpose,
                System.currentTimeMillis() / 1000,
                bytes);
        files.put(file.id(), file);
        return file;
    }

    @Nullable
    StoredFile get(@Nullable String id) {
        return id == null ? null : files.get(id);
    }

    /** The route: the guard has read the body (and closes the exchange). */
    void handle(HttpExchange exchange, byte[] body) throws IOException {
        String rest = exchange.getRequestURI().getPath().substring(PREFIX.length());
        String method = exchange.getRequestMethod();
        if (rest.isEmpty() || rest.equals("/")) {
            if (!"POST".equals(method)) {
                error(exchange, 405, "invalid_request_error", "use POST to upload a file");
                return;
            }
            upload(exchange, body);
            return;
        }
        String[] path = rest.substring(1).split("/", -1);
        StoredFile file = get(path[0]);
        if (!"GET".equals(method) || path.length > 2 || (path.length == 2 && !path[1].equals("content"))) {
            error(exchange, 404, "invalid_request_error", "the simulator serves GET /v1/files/{id} and /content only");
        } else if (file == null) {
            error(exchange, 404, "invalid_request_error", "No such File object: " + path[0]);
        } else if (path.length == 2) {
            exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
            exchange.sendResponseHeaders(200, file.bytes().length == 0 ? -1 : file.bytes().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(file.bytes());
            }
        } else {
            send(exchange, 200, json(file));
        }
    }

    private void upload(HttpExchange exchange, byte[] body) throws IOException {
        Map<String, Multipart.Part> parts;
        try {
            parts = Multipart.parse(exchange.getRequestHeaders().getFirst("Content-Type"), body);
        } catch (IllegalArgumentException e) {
            error(exchange, 400, "invalid_request_error", e.getMessage());
            return;
        }
        Multipart.Part file = parts.get("file");
        Multipart.Part purpose = parts.get("purpose");
        if (file == null || purpose == null || purpose.text().isBlank()) {
            error(exchange, 400, "invalid_request_error", "an upload needs the fields 'file' and 'purpose'");
            return;
        }
        send(
                exchange,
                200,
                json(add(
                        file.filename() == null ? "upload" : file.filename(),
                        purpose.text().strip(),
                        file.content())));
    }

    static ObjectNode json(StoredFile file) {
        return JSON.createObjectNode()
                .put("id", file.id())
                .put("object", "file")
                .put("bytes", file.bytes().length)
                .put("created_at", file.createdAt())
                .put("filename", file.filename())
                .put("purpose", file.purpose())
                .put("status", "processed");
    }
}
