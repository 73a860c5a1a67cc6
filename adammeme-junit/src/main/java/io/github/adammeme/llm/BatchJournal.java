package io.github.adammeme.llm;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static java.nio.file.StandardOpenOption.WRITE;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The batches a run has sent and not yet finished with, kept in a file so that a run killed while
 * they were pending, when started again, waits on them (or downloads what they answered) instead of
 * paying for their calls a second time. Each batch is written down once its input file is uploaded,
 * before the batch is created, so even a process killed between the two leaves a trace to find it by.
 *
 * <p>One JSON line per event ({@code uploaded}, {@code submitted}, {@code finished}), appended and
 * synced to disk; a line cut short by a kill is dropped. Opening the journal rewrites it (atomically)
 * without the batches that finished, so it holds only what is pending. Processes sharing it take turns
 * through a lock file beside it.
 */
public final class BatchJournal {

    /**
     * A batch as the journal knows it.
     *
     * @param endpoint the identity of the endpoint it was sent to
     * @param model the model its calls ask
     * @param file the id of its uploaded input file
     * @param batch the batch's id, or null when the process stopped before it was recorded
     * @param calls its calls' ids ({@code custom_id}, the calls' cache keys) and the roles that asked them
     */
    record Entry(String endpoint, String model, String file, String batch, Map<String, String> calls) {

        Entry withBatch(String id) {
            return new Entry(endpoint, model, file, id, calls);
        }

        String key() {
            return endpoint + '\u0000' + file;
        }
    }

    /** A line of the journal that cannot be read: never skipped, since it may name a batch already paid for. */
    public static final class DamagedJournalException extends IllegalStateException {
        DamagedJournalException(Path file, long line, String why) {
            super("the batch journal " + file + " is damaged at line " + line + ": " + why + ". It records batches that"
                    + " may be paid for and pending; repair that line, or remove the file if no batch it names is pending");
        }
    }

    /** A line holds every call of one batch (up to 10,000 ids of 64 characters and their roles). */
    private static final int MAX_LINE_BYTES = 16 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<Path, ReentrantLock> IN_THIS_JVM = new ConcurrentHashMap<>();

    private final Path file;
    private final Path lockFile;
    private final Map<String, Entry> pending = new LinkedHashMap<>();

    private BatchJournal(Path file) {
        this.file = file.toAbsolutePath().normalize();
        this.lockFile = this.file.resolveSibling(this.file.getFileName() + ".lock");
    }

    /**
     * Reads the journal (an absent file is an empty journal) and rewrites it without finished batches.
     *
     * @param file the journal
     * @return the journal
     * @throws DamagedJournalException naming the file and the line that cannot be read
     * @throws UncheckedIOException when the file cannot be read or written
     */
    public static BatchJournal open(Path file) {
        BatchJournal journal = new BatchJournal(file);
        journal.locked(journal::load);
        return journal;
    }

    /** @return the journal's file */
    public Path file() {
        return file;
    }

    /** The pending batches of one endpoint and model. */
    synchronized List<Entry> pending(String endpoint, String model) {
        return pending.values().stream().filter(e -> e.endpoint().equals(endpoint) && e.model().equals(model)).toList();
    }

    /** Records a batch whose input file is uploaded, before the batch is created. */
    void uploaded(Entry entry) {
        ObjectNode line = event("uploaded", entry).put("model", entry.model()).put("at", Instant.now().toString());
        ObjectNode calls = line.putObject("calls");
        entry.calls().forEach(calls::put);
        append(line);
        remember(entry);
    }

    /** Records the batch created of an uploaded file. */
    void submitted(Entry entry) {
        append(event("submitted", entry).put("batch", entry.batch()));
        remember(entry);
    }

    /** Records a batch whose every answer is stored, or whose calls have failed: it is not waited on again. */
    void finished(Entry entry) {
        append(event("finished", entry));
        synchronized (this) {
            pending.remove(entry.key());
        }
    }

    private synchronized void remember(Entry entry) {
        pending.put(entry.key(), entry);
    }

    private static ObjectNode event(String name, Entry entry) {
        return JSON.createObjectNode().put("event", name).put("endpoint", entry.endpoint()).put("file", entry.file());
    }

    private Void load() throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        Map<String, Entry> read = new LinkedHashMap<>();
        boolean rewrite = false;
        try (BoundedLines lines = new BoundedLines(Files.newInputStream(file), MAX_LINE_BYTES)) {
            for (String text = next(lines); text != null; text = next(lines)) {
                JsonNode line;
                try {
                    line = JSON.readTree(text);
                } catch (JsonProcessingException e) {
                    if (!lines.ended()) {
                        // The last line, cut short by a kill mid-write: its batch was never created.
                        System.err.println("adammeme: the batch journal " + file + " ended in a line cut short (line "
                                + lines.number() + "); it is dropped");
                        rewrite = true;
                        break;
                    }
                    throw new DamagedJournalException(file, lines.number(), "not JSON");
                }
                rewrite |= apply(line, read, lines.number()) || !lines.ended();
            }
        }
        pending.putAll(read);
        if (rewrite) {
            rewrite();
        }
        return null;
    }

    private String next(BoundedLines lines) throws IOException {
        try {
            return lines.next();
        } catch (BoundedLines.BadLine e) {
            throw new DamagedJournalException(file, lines.number() + 1, e.getMessage());
        }
    }

    /** Applies one event; true when it finished a batch (so the journal is worth rewriting). */
    private boolean apply(JsonNode line, Map<String, Entry> read, long number) {
        String event = line.path("event").asText("");
        String endpoint = text(line, "endpoint", number);
        String id = text(line, "file", number);
        String key = endpoint + '\u0000' + id;
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

    /** The pending batches alone, replacing the file at once: a kill mid-way leaves the old one whole. */
    private void rewrite() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (Entry entry : pending.values()) {
            ObjectNode uploaded = event("uploaded", entry).put("model", entry.model());
            ObjectNode calls = uploaded.putObject("calls");
            entry.calls().forEach(calls::put);
            lines.append(JSON.writeValueAsString(uploaded)).append('\n');
            if (entry.batch() != null) {
                lines.append(JSON.writeValueAsString(event("submitted", entry).put("batch", entry.batch()))).append('\n');
            }
        }
        Path next = file.resolveSibling(file.getFileName() + ".next");
        write(next, lines.toString().getBytes(StandardCharsets.UTF_8), TRUNCATE_EXISTING);
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private void append(ObjectNode line) {
        byte[] bytes;
        try {
            bytes = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        locked(() -> {
            write(file, bytes, APPEND);
            return null;
        });
    }

    /** Written and synced to the disk before it counts as written. */
    private static void write(Path target, byte[] bytes, java.nio.file.OpenOption mode) throws IOException {
        try (FileChannel channel = FileChannel.open(target, CREATE, WRITE, mode)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    @FunctionalInterface
    private interface Action<T> {
        T run() throws IOException;
    }

    /** One writer at a time: threads of this JVM by a lock, processes by a file lock beside the journal. */
    private <T> T locked(Action<T> action) {
        ReentrantLock here = IN_THIS_JVM.computeIfAbsent(file, f -> new ReentrantLock());
        here.lock();
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(lockFile, CREATE, WRITE); FileLock held = channel.lock()) {
                return action.run();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the batch journal " + file + " cannot be used: "
                    + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()), e);
        } finally {
            here.unlock();
        }
    }
}
