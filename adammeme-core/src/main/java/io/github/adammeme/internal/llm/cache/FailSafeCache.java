package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.Secrets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The call cache as a run uses it: a paid answer is never lost to a cache that cannot keep it. When
 * the durable store fails (disk full, file busy or read-only, database gone), answers are kept in
 * memory for the rest of the run and one warning says why; with {@code adammeme.cache.required=true}
 * the run stops instead, with an error that names the store, because a user who asked for that
 * would rather stop than pay for these calls again next time.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class FailSafeCache implements CallCache {

    /** The durable store failed and the run was told it must not go on without it. */
    public static final class CacheUnavailableException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        /**
         * Says why, with any secret in it redacted.
         *
         * @param message what failed and what the run was told
         * @param cause the store's own failure, or null when there is none
         */
        public CacheUnavailableException(String message, @Nullable Throwable cause) {
            super(Secrets.redact(message), cause);
        }
    }

    /**
     * The stores that took none of a run's answers, by name, with why: an interrupted run tells its user where its
     * paid answers are, and must not name a store that could not keep them.
     */
    private static final Map<String, String> NOT_KEEPING = new ConcurrentHashMap<>();

    private final CallCache durable;
    private final String name;
    private final boolean required;
    private final Map<String, ChatResponse> kept = new ConcurrentHashMap<>();
    private final AtomicBoolean warned = new AtomicBoolean();
    /** Why the durable store could not be opened, or null: this run has none to read. */
    private final @Nullable String unopened;
    /** Why the durable store could not be read last time it was asked, or null once it could. */
    private volatile @Nullable String unreadable;
    /** Set when the run is over: calls still under way when it was stopped may reach a store already closed. */
    private volatile boolean closed;

    private FailSafeCache(CallCache durable, String name, boolean required, @Nullable String unopened) {
        this.durable = durable;
        this.unopened = unopened;
        this.name = name;
        this.required = required;
    }

    /**
     * @param open     opens the durable store; when that fails the run starts on memory (or stops, if required)
     * @param name     what the store is, for messages (its file)
     * @param required whether the run must stop rather than go on without the store
     * @return the cache
     */
    public static FailSafeCache open(Supplier<CallCache> open, String name, boolean required) {
        try {
            FailSafeCache opened = new FailSafeCache(open.get(), name, required, null);
            NOT_KEEPING.remove(name);
            return opened;
        } catch (RuntimeException e) {
            FailSafeCache memoryOnly =
                    new FailSafeCache(CallCache.NONE, name, required, String.valueOf(e.getMessage()));
            memoryOnly.failed("open", e);
            return memoryOnly;
        }
    }

    @Override
    public Optional<ChatResponse> get(String key) {
        ChatResponse mine = kept.get(key);
        if (mine != null) {
            return Optional.of(mine);
        }
        try {
            Optional<ChatResponse> stored = durable.get(key);
            unreadable = null;
            return stored;
        } catch (RuntimeException e) {
            unreadable = e.getMessage();
            failed("read", e);
            return Optional.empty();
        }
    }

    @Override
    public void put(String key, Meta meta, ChatResponse response) {
        try {
            durable.put(key, meta, response);
        } catch (RuntimeException e) {
            kept.put(key, response);
            failed("store", e);
        }
    }

    @Override
    public boolean outlivesProcess() {
        // Only while every answer went to the durable store: one kept in memory is lost with the process.
        return durable.outlivesProcess() && kept.isEmpty();
    }

    @Override
    public boolean claim(String key) {
        try {
            return durable.claim(key);
        } catch (RuntimeException e) {
            failed("claim", e);
            return true;
        }
    }

    @Override
    public void release(String key) {
        try {
            durable.release(key);
        } catch (RuntimeException e) {
            failed("release", e);
        }
    }

    @Override
    public void paidBy(String attempt) {
        try {
            durable.paidBy(attempt);
        } catch (RuntimeException e) {
            failed("claim", e);
        }
    }

    @Override
    public Optional<String> resumable(String run) {
        try {
            return durable.resumable(run);
        } catch (RuntimeException e) {
            // Unread, the run starts afresh: its target is asked again, which costs money but never a wrong verdict.
            failed("read", e);
            return Optional.empty();
        }
    }

    @Override
    public List<Paid> unfinishedAttempts() {
        try {
            return durable.unfinishedAttempts();
        } catch (RuntimeException e) {
            failed("read", e);
            return List.of();
        }
    }

    @Override
    public void attemptFinished() {
        try {
            durable.attemptFinished();
        } catch (RuntimeException e) {
            failed("store", e);
        }
    }

    /**
     * @param name a store's name, as {@link CacheDatabase#name()} gives it
     * @return why the store's last opening in this JVM could not keep a run's answers, or empty when it could
     */
    public static Optional<String> notKeeping(String name) {
        return Optional.ofNullable(NOT_KEEPING.get(name));
    }

    @Override
    public Optional<String> unreadable() {
        return Optional.ofNullable(unopened != null ? unopened : unreadable).map(Secrets::redact);
    }

    @Override
    public void awaitOthers(long maxMillis) throws InterruptedException {
        durable.awaitOthers(maxMillis);
    }

    private void failed(String what, RuntimeException e) {
        if (closed) {
            return; // the run that wanted this answer has ended; nothing of it is lost
        }
        String reason = "the call cache " + name + " cannot " + what + " answers: " + e.getMessage();
        if (!what.equals("read")) {
            NOT_KEEPING.put(name, Secrets.redact(reason));
        }
        if (required) {
            throw new CacheUnavailableException(reason + " (adammeme.cache.required=true)", e);
        }
        if (warned.compareAndSet(false, true)) {
            Console.warn(reason + "; this run keeps its answers in memory, and a"
                    + " later run will pay for them again (adammeme.cache.required=true stops instead)");
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            durable.close();
        } catch (RuntimeException e) {
            failed("close", e);
        }
    }
}
