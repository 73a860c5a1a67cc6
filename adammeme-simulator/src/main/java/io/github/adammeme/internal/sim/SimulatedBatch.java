package io.github.adammeme.internal.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One batch on the simulator, moving through OpenAI's statuses as it is polled: validating, in
 * progress, then completed (or expired part way, failed, cancelled). Its input is checked as OpenAI
 * checks it (one JSON request a line, unique {@code custom_id}s, one model, the batch's endpoint);
 * each line is answered once, when the batch finishes, and never again however often it is polled.
 */
final class SimulatedBatch {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long WINDOW_SECONDS = 24 * 3600;

    private record Line(String customId, JsonNode body) {}

    private final String id;
    private final long sequence;
    private final SimulatedFiles.StoredFile input;
    private final SimulatedFiles files;
    private final ChatAnswers answers;
    private final Supplier<SimSettings> settings;
    private final long createdAt = System.currentTimeMillis() / 1000;
    private final long createdNanos = System.nanoTime();
    private final List<Line> lines = new ArrayList<>();
    private final List<String> invalid = new ArrayList<>();
    private @Nullable String model;
    private @Nullable Integer expireAfter;
    private @Nullable String failure;

    private String status = "validating";
    private @Nullable String outputFileId;
    private @Nullable String errorFileId;
    private int completed;
    private int failed;
    private @Nullable Long inProgressAt;
    private @Nullable Long finishedAt;
    private @Nullable Long cancellingAt;

    SimulatedBatch(
            long sequence,
            SimulatedFiles.StoredFile input,
            SimulatedFiles files,
            ChatAnswers answers,
            Supplier<SimSettings> settings) {
        this.id = "batch_sim" + files.server + "_" + sequence;
        this.sequence = sequence;
        this.input = input;
        this.files = files;
        this.answers = answers;
        this.settings = settings;
        read();
    }

    /** Reads the input file as OpenAI validates it; what is wrong fails the batch when it is first polled. */
    private void read() {
        Set<String> ids = new HashSet<>();
        String[] text = new String(input.bytes(), StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < text.length; i++) {
            if (text[i].isBlank()) {
                continue;
            }
            JsonNode line;
            try {
                line = JSON.readTree(text[i]);
            } catch (IOException e) {
                invalid.add("line " + (i + 1) + " is not JSON");
                continue;
            }
            String customId = line.path("custom_id").asText("");
            String lineModel = line.path("body").path("model").asText("");
            if (customId.isEmpty()) {
                invalid.add("line " + (i + 1) + " has no custom_id");
            } else if (!ids.add(customId)) {
                invalid.add("line " + (i + 1) + " repeats the custom_id " + customId);
            } else if (!"POST".equals(line.path("method").asText())
                    || !SimulatedBatches.ENDPOINT.equals(line.path("url").asText())) {
                invalid.add("line " + (i + 1) + " is not a POST to " + SimulatedBatches.ENDPOINT);
            } else if (model != null && !model.equals(lineModel)) {
                invalid.add("line " + (i + 1) + " asks " + lineModel + ", and a batch asks one model (" + model + ")");
            } else {
                model = lineModel;
                lines.add(new Line(customId, line.path("body")));
            }
        }
        if (lines.isEmpty() && invalid.isEmpty()) {
            invalid.add("the input file has no request");
        }
    }

    String id() {
        return id;
    }

    long sequence() {
        return sequence;
    }

    /** The model its lines ask, or null when none could be read. */
    /** @return the requests the batch holds */
    int size() {
        return lines.size();
    }

    @Nullable
    String model() {
        return model;
    }

    /** A test's misbehaviour: expire after answering this many lines, or fail with this reason (either may be null). */
    synchronized void misbehave(@Nullable Integer expireAfter, @Nullable String failure) {
        this.expireAfter = expireAfter;
        this.failure = failure;
    }

    synchronized boolean finished() {
        return switch (status) {
            case "completed", "expired", "failed", "cancelled" -> true;
            default -> false;
        };
    }

    synchronized void cancel() {
        if (status.equals("validating") || status.equals("in_progress")) {
            status = "cancelling";
            cancellingAt = now();
        }
    }

    /** Moves the batch on as far as the time since it was created allows. */
    synchronized void advance(long delayMillis) {
        if (status.equals("cancelling")) {
            finish("cancelled", 0);
            return;
        }
        if (status.equals("validating")) {
            if (!invalid.isEmpty() || failure != null) {
                status = "failed";
                finishedAt = now();
                return;
            }
            status = "in_progress";
            inProgressAt = now();
        }
        if (status.equals("in_progress") && (System.nanoTime() - createdNanos) / 1_000_000 >= delayMillis) {
            finish(
                    expireAfter == null ? "completed" : "expired",
                    expireAfter == null ? lines.size() : Math.min(expireAfter, lines.size()));
        }
    }

    /** Answers the first {@code answering} lines; the others are reported as the final status left them. */
    private void finish(String finalStatus, int answering) {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        SimSettings now = settings.get();
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            ObjectNode out = JSON.createObjectNode()
                    .put("id", id.replace("batch_", "batch_req_") + "_" + i)
                    .put("custom_id", line.customId());
            if (i < answering) {
                ChatAnswers.Asked asked = answers.read(line.body(), now);
                ChatAnswers.Reply reply = asked.refused() != null ? asked.refused() : answers.answer(asked, now);
                out.putObject("response")
                        .put("status_code", reply.status())
                        .put("request_id", id.replace("batch_", "req_") + "_" + i)
                        .set("body", reply.body());
                out.putNull("error");
                if (reply.status() == 200) {
                    completed++;
                    write(output, out);
                } else {
                    failed++;
                    write(errors, out);
                }
            } else {
                String code = finalStatus.equals("cancelled") ? "batch_cancelled" : "batch_expired";
                out.putNull("response");
                out.putObject("error")
                        .put("code", code)
                        .put(
                                "message",
                                finalStatus.equals("cancelled")
                                        ? "This request was cancelled before it was executed."
                                        : "This request could not be executed before the completion window expired.");
                failed++;
                write(errors, out);
            }
        }
        if (output.size() > 0) {
            outputFileId = files.add(id + "_output.jsonl", "batch_output", output.toByteArray())
                    .id();
        }
        if (errors.size() > 0) {
            errorFileId = files.add(id + "_error.jsonl", "batch_output", errors.toByteArray())
                    .id();
        }
        status = finalStatus;
        finishedAt = now();
    }

    private static void write(ByteArrayOutputStream file, ObjectNode line) {
        try {
            file.write(JSON.writeValueAsBytes(line));
            file.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    synchronized ObjectNode json() {
        ObjectNode root = JSON.createObjectNode()
                .put("id", id)
                .put("object", "batch")
                .put("endpoint", SimulatedBatches.ENDPOINT)
                .put("input_file_id", input.id())
                .put("completion_window", "24h")
                .put("status", status)
                .put("created_at", createdAt)
                .put("expires_at", createdAt + WINDOW_SECONDS);
        if (model != null) {
            root.put("model", model);
        }
        root.put("output_file_id", outputFileId).put("error_file_id", errorFileId);
        if (status.equals("failed")) {
            ArrayNode data = root.putObject("errors").put("object", "list").putArray("data");
            List<String> reasons = failure != null ? List.of(failure) : invalid;
            reasons.forEach(reason -> data.addObject()
                    .put("code", "invalid_request")
                    .put("message", reason)
                    .putNull("param")
                    .putNull("line"));
        } else {
            root.putNull("errors");
        }
        root.put("in_progress_at", inProgressAt).put("cancelling_at", cancellingAt);
        String finishedField = switch (status) {
            case "completed" -> "completed_at";
            case "expired" -> "expired_at";
            case "failed" -> "failed_at";
            case "cancelled" -> "cancelled_at";
            default -> null;
        };
        if (finishedField != null) {
            root.put(finishedField, finishedAt);
        }
        root.putObject("request_counts")
                .put("total", lines.size())
                .put("completed", completed)
                .put("failed", failed);
        root.putNull("metadata");
        return root;
    }

    private static long now() {
        return System.currentTimeMillis() / 1000;
    }
}
