package io.github.adammeme.internal.llm.batch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.llm.batch.BatchJournal.DamagedJournalException;
import io.github.adammeme.internal.llm.batch.BatchJournal.Entry;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.util.JsonLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads a batch journal's events back into the batches still pending. A last line cut short by a
 * kill is dropped (its batch was never created); any other line that cannot be read stops the run,
 * since it may name a batch already paid for.
 */
final class JournalReplay {

    /** A line holds every call of one batch (up to 10,000 ids of 64 characters and their roles). */
    private static final int MAX_LINE_BYTES = 16 << 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * @param pending the batches still pending, by endpoint and input file
     * @param worthRewriting whether the file holds finished batches or a cut line, so rewriting it pays
     */
    record Replayed(Map<String, Entry> pending, boolean worthRewriting) {}

    private final Path file;

    private JournalReplay(Path file) {
        this.file = file;
    }

    /** Reads the journal; an absent file is an empty one. */
    static Replayed read(Path file) throws IOException {
        return new JournalReplay(file).load();
    }

    private Replayed load() throws IOException {
        if (!Files.exists(file)) {
            return new Replayed(Map.of(), false);
        }
        Map<String, Entry> read = new LinkedHashMap<>();
        boolean rewrite = false;
        try (JsonLines lines = new JsonLines(Files.newInputStream(file), MAX_LINE_BYTES)) {
            for (String text = next(lines); text != null; text = next(lines)) {
                JsonNode line;
                try {
                    line = JSON.readTree(text);
                } catch (JsonProcessingException e) {
                    if (!lines.ended()) {
                        // The last line, cut short by a kill mid-write: its batch was never created.
                        Console.warn("the batch journal " + file + " ended in a line cut short (line " + lines.number()
                                + "); it is dropped");
                        rewrite = true;
                        break;
                    }
                    throw new DamagedJournalException(file, lines.number(), "not JSON");
                }
                rewrite |= apply(line, read, lines.number()) || !lines.ended();
            }
        }
        return new Replayed(read, rewrite);
    }

    private @Nullable String next(JsonLines lines) throws IOException {
        try {
            return lines.next();
        } catch (JsonLines.BadLine e) {
            throw new DamagedJournalException(file, e.line(), String.valueOf(e.getMessage()));
        }
    }

    /** Applies one event; true when it finished a batch (so the journal is worth rewriting). */
    private boolean apply(JsonNode line, Map<String, Entry> read, long number) {
        String event = line.path("event").asText("");
        String endpoint = text(line, "endpoint", number);
        String id = text(line, "file", number);
        String key = BatchJournal.Entry.key(endpoint, id);
        if (event.equals("uploaded")) {
            Map<String, String> calls = new LinkedHashMap<>();
            JsonNode listed = line.path("calls");
            if (!listed.isObject() || listed.isEmpty()) {
                throw new DamagedJournalException(file, number, "an uploaded batch without its calls");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = listed.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> call = it.next();
                calls.put(call.getKey(), call.getValue().asText());
            }
            read.put(key, new Entry(endpoint, text(line, "model", number), id, null, calls));
            return false;
        }
        Entry known = read.get(key);
        switch (event) {
            case "submitted" -> {
                // A batch another process finished (and dropped from the file) while this one found it again.
                String batch = text(line, "batch", number);
                if (known != null) {
                    read.put(key, known.withBatch(batch));
                }
                return known == null;
            }
            case "finished" -> {
                read.remove(key);
                return true;
            }
            default -> throw new DamagedJournalException(file, number, "an unknown event '" + event + "'");
        }
    }

    private String text(JsonNode line, String field, long number) {
        String value = line.path(field).asText("");
        if (value.isEmpty()) {
            throw new DamagedJournalException(file, number, "no '" + field + "'");
        }
        return value;
    }
}
