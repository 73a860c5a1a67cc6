package io.github.adammeme.llm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToIntFunction;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The one way calls reach a model: cache lookup, a bound on calls in flight, then the client
 * (whose own retries honour Retry-After). Identical calls already in flight share one answer, so
 * a target-independent call asked twice at once is still paid for once.
 */
public final class ModelGateway implements AutoCloseable {

    private final ChatModel model;
    private final CallCache cache;
    private final UsageLedger ledger;
    private final ThreadPoolExecutor callers;
    private final AtomicLong arrivals = new AtomicLong();
    private volatile ToIntFunction<ChatRequest> rank = request -> 0;
    private final AdaptiveLimit limit;
    private final RateCaps caps;
    private final RetryPolicy retries;
    private volatile double budgetUsd = Double.POSITIVE_INFINITY;
    private final Map<String, String> cacheOnly = new ConcurrentHashMap<>();
    private volatile StructuredOutput structuredOutput = StructuredOutput.OFF;
    private volatile boolean schemasTurnedDown;
    private volatile boolean replicasInOneCall = true;
    /** How endpoints word a refusal of several choices: OpenAI's "'n' ...", llama.cpp's "Only one completion choice". */
    private static final Pattern CHOICES_REFUSAL = Pattern.compile("\\bn\\b|choice", Pattern.CASE_INSENSITIVE);
    private final ConcurrentHashMap<String, CompletableFuture<ChatResponse>> inFlight = new ConcurrentHashMap<>();

    /**
     * A gateway with the default retries and no rate caps.
     *
     * @param model the endpoint's client
     * @param cache where answers are kept
     * @param ledger where calls and tokens are counted
     * @param concurrency the most calls in flight
     */
    public ModelGateway(ChatModel model, CallCache cache, UsageLedger ledger, int concurrency) {
        this(model, cache, ledger, concurrency, RetryPolicy.DEFAULT, new RateCaps(0, 0));
    }

    /**
     * @param model the endpoint's client
     * @param cache where answers are kept
     * @param ledger where calls and tokens are counted
     * @param concurrency the most calls in flight; fewer while the endpoint answers 429
     * @param retries     how failed calls are asked again
     * @param caps        requests and tokens per minute, when the endpoint's quota is known
     * @throws IllegalArgumentException when concurrency is below 1
     */
    public ModelGateway(ChatModel model, CallCache cache, UsageLedger ledger, int concurrency, RetryPolicy retries,
                        RateCaps caps) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, was " + concurrency);
        }
        this.model = model;
        this.cache = cache;
        this.ledger = ledger;
        this.retries = retries;
        this.caps = caps;
        this.limit = new AdaptiveLimit(concurrency);
        // Threads wait on the adaptive limit, so there are as many as the bound allows at its widest.
        this.callers = new ThreadPoolExecutor(concurrency, concurrency, 0, TimeUnit.MILLISECONDS,
                new PriorityBlockingQueue<>(), daemonThreads(model.model()));
    }

    /**
     * Stops paying once the ledger's total reaches {@code usd}: later calls fail at once (their samples
     * become ERROR with the reason), answers from the cache are still served, and nothing computed is lost.
     *
     * @param usd the budget, in US dollars
     */
    public void budget(double usd) {
        this.budgetUsd = usd;
    }

    /**
     * The order in which calls waiting for a free slot are made: lowest rank first, and in order of
     * arrival within a rank. Without one, calls are made in order of arrival.
     *
     * @param rank a call's rank
     */
    public void queueOrder(ToIntFunction<ChatRequest> rank) {
        this.rank = rank;
    }

    /**
     * Whether answers that carry ratings or votes are asked for with their JSON schema.
     *
     * @param mode on, off or auto
     */
    public void structuredOutput(StructuredOutput mode) {
        this.structuredOutput = mode;
    }

    /** @return whether answers that carry ratings or votes are asked for with their JSON schema */
    public StructuredOutput structuredOutput() {
        return structuredOutput;
    }

    /**
     * Whether requests carry their schema now: on, or auto until the endpoint turned it down.
     *
     * @return whether the next request carries its schema
     */
    public boolean sendsSchemas() {
        return structuredOutput == StructuredOutput.ON || structuredOutput == StructuredOutput.AUTO && !schemasTurnedDown;
    }

    /**
     * Whether the endpoint turned structured output down during this run (on auto).
     *
     * @return whether it did
     */
    public boolean schemasTurnedDown() {
        return schemasTurnedDown;
    }

    /**
     * The endpoint answered a request with a schema as a bad request: on auto, later requests go as
     * text. Said once, so a user knows why the text format is in use.
     *
     * @param why the endpoint's reason, for the message
     */
    public void schemaTurnedDown(String why) {
        if (structuredOutput == StructuredOutput.AUTO && !schemasTurnedDown) {
            schemasTurnedDown = true;
            System.err.println("adammeme: " + model.model() + " at " + model.identity()
                    + " turned down structured output (" + why + "); its answers are read as text from now on");
        }
    }

    /**
     * The current bound on calls in flight, after any cuts for rate limiting.
     *
     * @return the bound
     */
    public int currentConcurrency() {
        return limit.limit();
    }

    /** @return the endpoint's client */
    public ChatModel model() {
        return model;
    }

    /**
     * Calls of this pipeline stage are answered from the cache or not at all: a shard that must not
     * pay for mining again stops when the mining it needs is missing, rather than paying on every shard.
     *
     * @param stage the stage, e.g. {@code mining}
     * @param why why it must not pay, for the failure message
     */
    public void answerOnlyFromCache(String stage, String why) {
        cacheOnly.put(stage, why);
    }

    /**
     * Completes with the answer, or exceptionally with a {@link ModelCallException}.
     *
     * @param request the call
     * @return the answer, from the cache, a call in flight or the endpoint
     */
    public CompletableFuture<ChatResponse> call(ChatRequest request) {
        String key = CacheKey.of(model, request);
        Optional<ChatResponse> cached = cache.get(key);
        if (cached.isPresent()) {
            ledger.recordCacheHit(request, model.model());
            return CompletableFuture.completedFuture(cached.get().replayed());
        }
        String why = cacheOnly.get(request.stage());
        if (why != null) {
            return CompletableFuture.failedFuture(new FailSafeCache.CacheUnavailableException("the call cache holds no"
                    + " answer to a " + request.role() + " call of the " + request.stage() + " stage to " + model.model()
                    + ", and " + why, null));
        }
        CompletableFuture<ChatResponse> mine = new CompletableFuture<>();
        CompletableFuture<ChatResponse> existing = inFlight.putIfAbsent(key, mine);
        if (existing != null) {
            ledger.recordCacheHit(request, model.model());
            return existing.thenApply(ChatResponse::replayed);
        }
        callers.execute(new Waiting(rank.applyAsInt(request), arrivals.getAndIncrement(), () -> {
            ChatResponse response;
            try {
                // Another process sharing the cache may be making this very call: wait for its answer.
                Optional<ChatResponse> theirs = awaitOtherProcess(key);
                if (theirs.isPresent()) {
                    inFlight.remove(key, mine);
                    ledger.recordCacheHit(request, model.model());
                    mine.complete(theirs.get().replayed());
                    return;
                }
                response = completeWithRetries(request);
                // Counted first, so the budget sees every paid call whatever becomes of storing it; then
                // stored before anyone sees it: an interrupted run never pays for this call again.
                ledger.recordCall(request, model.model(), response.usage());
                cache.put(key, new CallCache.Meta(model.identity(), model.model(), request.role()), response);
            } catch (FailSafeCache.CacheUnavailableException e) {
                inFlight.remove(key, mine);
                mine.completeExceptionally(e);
                return;
            } catch (RuntimeException e) {
                try {
                    cache.release(key);
                } catch (RuntimeException releaseFailed) {
                    e.addSuppressed(releaseFailed); // a dead owner's claim is taken over anyway
                }
                ledger.recordFailure(request, model.model());
                // Leave the in-flight table first, so whoever reacts to the failure asks afresh.
                inFlight.remove(key, mine);
                mine.completeExceptionally(e instanceof ModelCallException ? e
                        : new ModelCallException(request.role() + " call to " + model.model() + " failed: " + e, e));
                return;
            }
            inFlight.remove(key, mine);
            mine.complete(response);
        }));
        return mine;
    }

    /**
     * Replicas of one call, the same request but for their seeds (which run on from the first's), asked
     * as one request for that many choices: its input is paid once instead of once per replica. Each
     * answer is kept under its replica's own cache key, so a warm cache serves replicas as before, and
     * a replica already answered, in flight, or being made by another process sharing the cache is
     * asked on its own, as is every replica the endpoint gave no choice for.
     *
     * @param replicas the replicas, in seed order
     * @return each replica's answer, as {@link #call} would give it
     */
    public List<CompletableFuture<ChatResponse>> callReplicas(List<ChatRequest> replicas) {
        if (replicas.size() < 2 || !replicasInOneCall || cacheOnly.containsKey(replicas.get(0).stage())) {
            return replicas.stream().map(this::call).toList();
        }
        List<String> keys = replicas.stream().map(r -> CacheKey.of(model, r)).toList();
        if (keys.stream().anyMatch(k -> cache.get(k).isPresent())) {
            return replicas.stream().map(this::call).toList();
        }
        List<CompletableFuture<ChatResponse>> mine = new ArrayList<>();
        for (String key : keys) {
            CompletableFuture<ChatResponse> answer = new CompletableFuture<>();
            if (inFlight.putIfAbsent(key, answer) != null) {
                for (int j = 0; j < mine.size(); j++) {
                    inFlight.remove(keys.get(j), mine.get(j));
                }
                return replicas.stream().map(this::call).toList();
            }
            mine.add(answer);
        }
        callers.execute(new Waiting(rank.applyAsInt(replicas.get(0)), arrivals.getAndIncrement(),
                () -> askAsChoices(replicas, keys, mine)));
        return List.copyOf(mine);
    }

    private void askAsChoices(List<ChatRequest> replicas, List<String> keys, List<CompletableFuture<ChatResponse>> mine) {
        ChatRequest first = replicas.get(0);
        int claimed = 0;
        while (claimed < keys.size() && cache.claim(keys.get(claimed))) {
            claimed++;
        }
        // Another process is making one of them, or an answer landed since the lookup (from another
        // process, or a call of this one that has left the in-flight table): each replica goes alone.
        if (claimed < keys.size() || keys.stream().anyMatch(k -> cache.get(k).isPresent())) {
            aloneFrom(0, replicas, keys, mine, claimed);
            return;
        }
        List<ChatResponse> answers;
        try {
            answers = withRetries(first, () -> model.completeChoices(first, replicas.size()));
            ledger.recordCall(first, model.model(), answers.get(0).usage());
        } catch (ModelCallException e) {
            if (e.status() == 400 || e.status() == 422) {
                // Refused as asked: for its choices, from now on; for something else (its schema, say), this once.
                if (CHOICES_REFUSAL.matcher(String.valueOf(e.getMessage())).find()) {
                    replicasTurnedDown("HTTP " + e.status());
                }
                aloneFrom(0, replicas, keys, mine, keys.size());
                return;
            }
            failAll(replicas, keys, mine, e);
            return;
        } catch (RuntimeException e) {
            failAll(replicas, keys, mine, e);
            return;
        }
        int answered = Math.min(answers.size(), replicas.size());
        for (int i = 0; i < answered; i++) {
            try {
                cache.put(keys.get(i), new CallCache.Meta(model.identity(), model.model(), first.role()), answers.get(i));
            } catch (RuntimeException e) {
                inFlight.remove(keys.get(i), mine.get(i));
                mine.get(i).completeExceptionally(e);
                continue;
            }
            inFlight.remove(keys.get(i), mine.get(i));
            mine.get(i).complete(answers.get(i));
        }
        aloneFrom(answered, replicas, keys, mine, keys.size());
    }

    /** Replicas from {@code from} on are asked one by one; the claims this process holds on them are given up first. */
    private void aloneFrom(int from, List<ChatRequest> replicas, List<String> keys, List<CompletableFuture<ChatResponse>> mine,
                           int claimed) {
        for (int i = from; i < keys.size(); i++) {
            if (i < claimed) {
                cache.release(keys.get(i));
            }
            inFlight.remove(keys.get(i), mine.get(i));
            CompletableFuture<ChatResponse> target = mine.get(i);
            call(replicas.get(i)).whenComplete((answer, error) -> {
                if (error != null) {
                    target.completeExceptionally(error instanceof CompletionException && error.getCause() != null
                            ? error.getCause() : error);
                } else {
                    target.complete(answer);
                }
            });
        }
    }

    private void failAll(List<ChatRequest> replicas, List<String> keys, List<CompletableFuture<ChatResponse>> mine,
                         RuntimeException e) {
        for (int i = 0; i < keys.size(); i++) {
            try {
                cache.release(keys.get(i));
            } catch (RuntimeException releaseFailed) {
                e.addSuppressed(releaseFailed);
            }
            inFlight.remove(keys.get(i), mine.get(i));
        }
        ledger.recordFailure(replicas.get(0), model.model());
        RuntimeException failure = e instanceof ModelCallException || e instanceof FailSafeCache.CacheUnavailableException ? e
                : new ModelCallException(replicas.get(0).role() + " call to " + model.model() + " failed: " + e, e);
        mine.forEach(f -> f.completeExceptionally(failure));
    }

    /**
     * Whether replicas are asked as choices of one request ({@code adammeme.replicas.one-request}).
     *
     * @param on whether they are
     */
    public void replicasInOneCall(boolean on) {
        this.replicasInOneCall = on;
    }

    /** The endpoint answered a request for several choices as a bad request: replicas go one by one from now on. */
    private void replicasTurnedDown(String why) {
        if (replicasInOneCall) {
            replicasInOneCall = false;
            System.err.println("adammeme: " + model.model() + " at " + model.identity() + " turned down a request for"
                    + " several choices (" + why + "); replicas are asked one by one from now on");
        }
    }

    /** A call waiting for a slot, in the queue's order. */
    private record Waiting(int rank, long arrival, Runnable call) implements Runnable, Comparable<Waiting> {

        @Override
        public void run() {
            call.run();
        }

        @Override
        public int compareTo(Waiting other) {
            return rank != other.rank ? Integer.compare(rank, other.rank) : Long.compare(arrival, other.arrival);
        }
    }

    /** One call, asked again on retryable failures until it succeeds, retries run out, or its time does. */
    private ChatResponse completeWithRetries(ChatRequest request) {
        return withRetries(request, () -> model.complete(request));
    }

    /** {@code call} (one request to the endpoint for {@code request}) with the retries, limits and budget of any. */
    private <T> T withRetries(ChatRequest request, Supplier<T> call) {
        long deadline = System.nanoTime() + retries.maxTotal().toNanos();
        long tokens = caps.off() ? 0 : estimatedTokens(request);
        for (int attempt = 0; ; attempt++) {
            double spent = Double.isInfinite(budgetUsd) ? 0 : ledger.totalCostUsd();
            if (spent >= budgetUsd) {
                throw new ModelCallException(String.format(java.util.Locale.ROOT,
                        "the budget of $%.2f is spent ($%.4f so far, adammeme.budget-usd): %s call to %s not made",
                        budgetUsd, spent, request, model.model()));
            }
            try {
                caps.acquire(tokens);
                limit.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ModelCallException("interrupted before calling " + model.model());
            }
            ModelCallException failure;
            try {
                T response = call.get();
                limit.release(false);
                return response;
            } catch (ModelCallException e) {
                // The slot goes back before any wait: a call backing off must not hold up the others.
                limit.release(e.rateLimited());
                failure = e;
            } catch (RuntimeException e) {
                limit.release(false);
                throw e;
            }
            if (!failure.retryable() || attempt >= retries.maxRetries()) {
                throw attempt == 0 ? failure : new ModelCallException(failure.getMessage() + " (after " + (attempt + 1)
                        + " attempts)", failure, failure.status(), false, null);
            }
            Duration wait = retries.delay(attempt + 1, failure.retryAfter());
            if (System.nanoTime() + wait.toNanos() > deadline) {
                throw new ModelCallException(failure.getMessage() + " (gave up: retrying would exceed "
                        + retries.maxTotal().toSeconds() + " s for one call)", failure, failure.status(), false, null);
            }
            ledger.recordRetry(request, model.model(), failure.rateLimited());
            pause(wait);
        }
    }

    private static void pause(Duration wait) {
        try {
            Thread.sleep(Math.max(0, wait.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelCallException("interrupted while waiting to retry");
        }
    }

    /** About four characters a token, plus a flat cost per image: enough for a tokens-per-minute cap. */
    private static long estimatedTokens(ChatRequest request) {
        long tokens = 0;
        for (ChatMessage message : request.messages()) {
            for (ContentPart part : message.parts()) {
                tokens += part instanceof ContentPart.Text t ? t.text().length() / 4 : 765;
            }
        }
        return tokens + (request.maxTokens() == null ? 0 : request.maxTokens());
    }

    /** Empty once this process holds the claim; the other process's answer if it finished first. */
    private Optional<ChatResponse> awaitOtherProcess(String key) {
        while (!cache.claim(key)) {
            Optional<ChatResponse> answer = cache.get(key);
            if (answer.isPresent()) {
                return answer;
            }
            try {
                cache.awaitOthers(CLAIM_POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ModelCallException("interrupted while another process made the same call");
            }
        }
        // The claim is ours, but the answer may have landed just before we took it (from another
        // process, or from a call of this one that left the in-flight table after our lookup).
        Optional<ChatResponse> landed = cache.get(key);
        if (landed.isPresent()) {
            cache.release(key);
        }
        return landed;
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
