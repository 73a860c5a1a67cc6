package io.github.adammeme.internal.llm.cache;

import static java.nio.file.StandardOpenOption.APPEND;
import static java.nio.file.StandardOpenOption.TRUNCATE_EXISTING;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.util.JsonLines;
import io.github.adammeme.internal.util.LockedFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Answers paid for while the shared database could not take them. They are kept in memory, read from
 * there and stored the moment the server is back; and each is appended to a local spool file, synced
 * before the call's answer is used, so that a worker that ends or is killed before the server is back
 * leaves them to the next run on this machine instead of losing them. Workers sharing the folder take
 * turns on the file; a line leaves it only once its answer is in the database.
 */
final class UnstoredAnswers {

    /** The default spool: beside a run's other local state. */
    static final Path DEFAULT_FILE = Path.of(".adammeme", "unstored-answers.jsonl");
    /** An answer's line: a model's answer can be long, but not endless. */
    private static final int MAX_LINE_BYTES = 64 << 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** An answer waiting for the database. */
    record Unstored(
            String key,
            CallCache.Meta meta,
            ChatResponse response,
            @Nullable String paidBy) {}

    /** Stores one answer in the database; throws when it cannot. */
    @FunctionalInterface
    interface Store {
        void put(Unstored answer) throws SQLException;
    }

    private final Path file;
    private final String database;
    private final LockedFile lock;
    /** Guarded by itself. */
    private final Map<String, Unstored> waiting = new LinkedHashMap<>();

    private UnstoredAnswers(Path file, String database) {
        this.file = file.toAbsolutePath().normalize();
        this.database = database;
        this.lock = new LockedFile(this.file, "the spool of answers not yet stored " + this.file);
    }

    /**
     * The answers a worker on this machine left in the spool for this database, to be stored now.
     *
     * @param file     the spool
     * @param database the database, as {@link CacheDatabase#name()} names it: the spool may hold others'
     * @return the answers waiting, read from the file
     * @throws IllegalStateException naming the file and the line that cannot be read
     */
    static UnstoredAnswers open(Path file, String database) {
        UnstoredAnswers answers = new UnstoredAnswers(file, database);
        if (Files.exists(answers.file)) {
            answers.lock.locked(() -> {
                for (ObjectNode line : answers.lines()) {
                    if (database.equals(line.path("database").asText())) {
                        Unstored u = unstored(line);
                        answers.waiting.put(u.key(), u);
                    }
                }
                return null;
            });
        }
        return answers;
    }

    /** @return the spool file */
    Path file() {
        return file;
    }

    /**
     * Keeps an answer the database could not take: in memory, and synced to the spool before this returns.
     *
     * @param paidBy the attempt of a run that paid for it, or null
     * @throws UncheckedIOException when the spool cannot be written (the answer is still kept in memory)
     */
    void add(String key, CallCache.Meta meta, ChatResponse response, @Nullable String paidBy) {
        Unstored u = new Unstored(key, meta, response, paidBy);
        synchronized (waiting) {
            waiting.put(key, u);
        }
        byte[] line = (line(u) + "\n").getBytes(StandardCharsets.UTF_8);
        lock.locked(() -> {
            LockedFile.write(file, line, APPEND);
            return null;
        });
    }

    Optional<ChatResponse> get(String key) {
        synchronized (waiting) {
            Unstored u = waiting.get(key);
            return u == null ? Optional.empty() : Optional.of(u.response());
        }
    }

    boolean isEmpty() {
        synchronized (waiting) {
            return waiting.isEmpty();
        }
    }

    int size() {
        synchronized (waiting) {
            return waiting.size();
        }
    }

    /**
     * Stores the waiting answers, in the order they came; those stored leave memory and the spool.
     *
     * @return how many were stored
     * @throws SQLException the failure that stopped the storing: the answers not yet stored keep waiting
     */
    int store(Store store) throws SQLException {
        List<Unstored> now;
        synchronized (waiting) {
            now = new ArrayList<>(waiting.values());
        }
        List<String> stored = new ArrayList<>();
        try {
            for (Unstored u : now) {
                store.put(u);
                stored.add(u.key());
                synchronized (waiting) {
                    waiting.remove(u.key(), u);
                }
            }
        } finally {
            if (!stored.isEmpty()) {
                forget(Set.copyOf(stored));
            }
        }
        return stored.size();
    }

    /** Rewrites the spool without these keys of this database, replacing it at once: a kill mid-way leaves the old one. */
    private void forget(Set<String> keys) {
        lock.locked(() -> {
            if (!Files.exists(file)) {
                return null;
            }
            StringBuilder kept = new StringBuilder();
            for (ObjectNode line : lines()) {
                boolean stored = database.equals(line.path("database").asText())
                        && keys.contains(line.path("key").asText());
                if (!stored) {
                    kept.append(JSON.writeValueAsString(line)).append('\n');
                }
            }
            if (kept.isEmpty()) {
                Files.delete(file);
                return null;
            }
            Path next = file.resolveSibling(file.getFileName() + ".next");
            LockedFile.write(next, kept.toString().getBytes(StandardCharsets.UTF_8), TRUNCATE_EXISTING);
            Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return null;
        });
    }

    /** Every whole line of the spool; a last line cut short by a kill is dropped, its answer never confirmed. */
    private List<ObjectNode> lines() throws IOException {
        List<ObjectNode> lines = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            JsonLines reader = new JsonLines(in, MAX_LINE_BYTES);
            String text;
            while ((text = reader.next()) != null) {
                if (text.isBlank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = JSON.readTree(text);
                } catch (JsonProcessingException e) {
                    if (!reader.ended()) {
                        break;
                    }
                    throw damaged(reader.number(), "not JSON: " + e.getOriginalMessage());
                }
                if (!(node instanceof ObjectNode o)
                        || !o.path("key").isTextual()
                        || !o.path("database").isTextual()) {
                    throw damaged(reader.number(), "not an answer (it needs a database and a key)");
                }
                lines.add(o);
            }
        } catch (JsonLines.BadLine e) {
            throw damaged(e.line(), String.valueOf(e.getMessage()));
        }
        return lines;
    }

    private IllegalStateException damaged(long line, String why) {
        return new IllegalStateException(
                "the spool of answers not yet stored " + file + " is damaged at line " + line + ": " + why
                        + "; each line is an answer already paid for: repair it, or remove the file to pay for them again");
    }

    private String line(Unstored u) {
        ObjectNode n = JSON.createObjectNode()
                .put("database", database)
                .put("key", u.key())
                .put("endpoint", u.meta().endpoint())
                .put("model", u.meta().model())
                .put("role", u.meta().role())
                .put("content", u.response().content())
                .put("refusal", u.response().refusal())
                .put("finishReason", u.response().finishReason())
                .put("promptTokens", u.response().usage().promptTokens())
                .put("completionTokens", u.response().usage().completionTokens())
                .put("paidBy", u.paidBy());
        try {
            return JSON.writeValueAsString(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Unstored unstored(JsonNode n) {
        return new Unstored(
                n.path("key").asText(),
                new CallCache.Meta(
                        n.path("endpoint").asText(),
                        n.path("model").asText(),
                        n.path("role").asText()),
                new ChatResponse(
                        n.path("content").asText(),
                        n.path("refusal").isTextual() ? n.path("refusal").asText() : null,
                        n.path("finishReason").asText(),
                        new Usage(
                                n.path("promptTokens").asLong(),
                                n.path("completionTokens").asLong()),
                        false),
                n.path("paidBy").isTextual() ? n.path("paidBy").asText() : null);
    }
}
