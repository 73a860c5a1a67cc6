package io.github.adammeme.llm;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one way calls reach a model: cache lookup, a bound on calls in flight, then the client
 * (whose own retries honour Retry-After). Identical calls already in flight share one answer, so
 * a target-independent call asked twice at once is still paid for once.
 */
public final class ModelGateway implements AutoCloseable {

    private final ChatModel model;
    private final CallCache cache;
    private final UsageLedger ledger;
    private final ExecutorService callers;
    private final ConcurrentHashMap<String, CompletableFuture<ChatResponse>> inFlight = new ConcurrentHashMap<>();

    public ModelGateway(ChatModel model, CallCache cache, UsageLedger ledger, int concurrency) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, was " + concurrency);
        }
        this.model = model;
        this.cache = cache;
        this.ledger = ledger;
        this.callers = Executors.newFixedThreadPool(concurrency, daemonThreads(model.model()));
    }

    public ChatModel model() {
        return model;
    }

    /** Completes with the answer, or exceptionally with a {@link ModelCallException}. */
    public CompletableFuture<ChatResponse> call(ChatRequest request) {
        String key = CacheKey.of(model, request);
        Optional<ChatResponse> cached = cache.get(key);
        if (cached.isPresent()) {
            ledger.recordCacheHit(request.role(), model.model());
            return CompletableFuture.completedFuture(cached.get().replayed());
        }
        CompletableFuture<ChatResponse> mine = new CompletableFuture<>();
        CompletableFuture<ChatResponse> existing = inFlight.putIfAbsent(key, mine);
        if (existing != null) {
            ledger.recordCacheHit(request.role(), model.model());
            return existing.thenApply(ChatResponse::replayed);
        }
        // The answer may have been stored between our lookup and our claim.
        Optional<ChatResponse> late = cache.get(key);
        if (late.isPresent()) {
            inFlight.remove(key, mine);
            ledger.recordCacheHit(request.role(), model.model());
            mine.complete(late.get().replayed());
            return mine;
        }
        callers.execute(() -> {
            // Another process sharing the cache may be making this very call: wait for its answer.
            Optional<ChatResponse> theirs = awaitOtherProcess(key);
            if (theirs.isPresent()) {
                inFlight.remove(key, mine);
                ledger.recordCacheHit(request.role(), model.model());
                mine.complete(theirs.get().replayed());
                return;
            }
            ChatResponse response;
            try {
                response = model.complete(request);
                // Stored before anyone sees it: an interrupted run never pays for this call again.
                cache.put(key, new CallCache.Meta(model.identity(), model.model(), request.role()), response);
                ledger.recordCall(request.role(), model.model(), response.usage());
            } catch (RuntimeException e) {
                cache.release(key);
                ledger.recordFailure(request.role(), model.model());
                // Leave the in-flight table first, so whoever reacts to the failure asks afresh.
                inFlight.remove(key, mine);
                mine.completeExceptionally(e instanceof ModelCallException ? e
                        : new ModelCallException(request.role() + " call to " + model.model() + " failed: " + e, e));
                return;
            }
            inFlight.remove(key, mine);
            mine.complete(response);
        });
        return mine;
    }

    /** Empty once this process holds the claim; the other process's answer if it finished first. */
    private Optional<ChatResponse> awaitOtherProcess(String key) {
        while (!cache.claim(key)) {
            Optional<ChatResponse> answer = cache.get(key);
            if (answer.isPresent()) {
                return answer;
            }
            try {
                Thread.sleep(CLAIM_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ModelCallException("interrupted while another process made the same call");
            }
        }
        // The claim is ours, but the answer may have landed just before we took it.
        return cache.get(key);
    }

    private static final long CLAIM_POLL_MILLIS = 200;

    private static ThreadFactory daemonThreads(String modelName) {
        AtomicInteger n = new AtomicInteger();
        return runnable -> {
            Thread t = new Thread(runnable, "adammeme-call-" + modelName + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public void close() {
        callers.shutdownNow();
        if (model instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // closing a client's connection pool has nothing left to lose
            }
        }
    }
}
