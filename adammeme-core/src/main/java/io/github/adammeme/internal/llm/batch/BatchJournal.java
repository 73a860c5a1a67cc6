package io.github.adammeme.internal.llm.batch;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;
import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.util.LockedFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

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
@API(status = INTERNAL, since = "0.1.0")
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
    record Entry(
            String endpoint,
            String model,
            String file,
            @Nullable String batch,
            Map<String, String> calls) {

        Entry withBatch(String id) {
            return new Entry(endpoint, model, file, id, calls);
        }

        String key() {
            return key(endpoint, file);
        }

        /** How a batch's entry is found: the endpoint and the input file it was uploaded as. */
        static String key(String endpoint, String file) {
            return endpoint + '\u0000' + file;
        }
    }

    /** A line of the journal that cannot be read: never skipped, since it may name a batch already paid for. */
    public static final class DamagedJournalException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        DamagedJournalException(Path file, long line, String why) {
            super(
                    "the batch journal " + file + " is damaged at line " + line + ": " + why
                            + ". It records batches that"
                            + " may be paid for and pending; repair that line, or remove the file if no batch it names is pending");
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final LockedFile lock;
    private final Map<String, Entry> pending = new LinkedHashMap<>();

    private BatchJournal(Path file) {
        this.file = file.toAbsolutePath().normalize();
        this.lock = new LockedFile(this.file, "the batch journal " + this.file);
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
        journal.lock.locked(journal::load);
        return journal;
    }

    /** @return the journal's file */
    public Path file() {
        return file;
    }

    /** The pending batches of one endpoint and model. */
    synchronized List<Entry> pending(String endpoint, String model) {
        return pending.values().stream()
                .filter(e -> e.endpoint().equals(endpoint) && e.model().equals(model))
                .toList();
    }

    /** Records a batch whose input file is uploaded, before the batch is created. */
    void uploaded(Entry entry) {
        append(uploadedLine(entry).put("at", Instant.now().toString()));
        remember(entry);
    }

    /** Records the batch created of an uploaded file. */
    void submitted(Entry entry) {
        append(submittedLine(entry));
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

    private static ObjectNode submittedLine(Entry entry) {
        return event("submitted", entry).put("batch", entry.batch());
    }

    private static ObjectNode uploadedLine(Entry entry) {
        ObjectNode line = event("uploaded", entry).put("model", entry.model());
        entry.calls().forEach(line.putObject("calls")::put);
        return line;
    }

    private static ObjectNode event(String name, Entry entry) {
        return JSON.createObjectNode()
                .put("event", name)
                .put("endpoint", entry.endpoint())
                .put("file", entry.file());
    }

    private Void load() throws IOException {
        JournalReplay.Replayed replayed = JournalReplay.read(file);
        pending.putAll(replayed.pending());
        if (replayed.worthRewriting()) {
            rewrite();
        }
        return null;
    }

    /** The pending batches alone, replacing the file at once: a kill mid-way leaves the old one whole. */
    private void rewrite() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (Entry entry : pending.values()) {
            lines.append(JSON.writeValueAsString(uploadedLine(entry))).append('\n');
            if (entry.batch() != null) {
                lines.append(JSON.writeValueAsString(submittedLine(entry))).append('\n');
            }
        }
        Path next = file.resolveSibling(file.getFileName() + ".next");
        LockedFile.write(next, lines.toString().getBytes(StandardCharsets.UTF_8), TRUNCATE_EXISTING);
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private void append(ObjectNode line) {
        byte[] bytes;
        try {
            bytes = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        lock.locked(() -> {
            LockedFile.write(file, bytes, APPEND);
            return null;
        });
    }
}
