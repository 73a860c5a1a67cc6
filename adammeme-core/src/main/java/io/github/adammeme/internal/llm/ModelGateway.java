package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.cache.CacheKey;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cache.FailSafeCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.resilience.CircuitBreaker;
import io.github.adammeme.internal.llm.resilience.EndpointChecks;
import io.github.adammeme.internal.llm.resilience.RateCaps;
import io.github.adammeme.internal.llm.resilience.RetryLoop;
import io.github.adammeme.internal.llm.resilience.RetryPolicy;
import io.github.adammeme.internal.llm.resilience.RunStop;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToIntFunction;
import org.apiguardian.api.API;

/**
 * The one way calls reach a model: cache lookup, a bound on calls in flight, then the client through
 * {@link RetryLoop}, which asks again and honours Retry-After (the client's own retries are off, so
 * the loop sees every 429). Identical calls already in flight share one answer, so
 * a target-independent call asked twice at once is still paid for once.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ModelGateway implements AutoCloseable {

    private final ChatModel model;
    private final CallCache cache;
    private final UsageLedger ledger;
    private final CallQueue queue;
    private final RetryLoop retries;
    private final CacheLookup lookup;
    private final SchemaUse schemas;
    private final ReplicaChoices replicas;
    private final ConcurrentHashMap<String, CompletableFuture<ChatResponse>> inFlight = new ConcurrentHashMap<>();
    /** Who the endpoint said answered the calls this gateway paid for: the model a run really heard. */
    private final ConcurrentHashMap<Answerer, Long> answeredBy = new ConcurrentHashMap<>();

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
    public ModelGateway(
            ChatModel model, CallCache cache, UsageLedger ledger, int concurrency, RetryPolicy retries, RateCaps caps) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, was " + concurrency);
        }
        this.model = model;
        this.cache = cache;
        this.ledger = ledger;
        this.retries = new RetryLoop(model, ledger, retries, caps, concurrency);
        // Threads wait on the adaptive limit, so there are as many as the bound allows at its widest.
        this.queue = new CallQueue(concurrency, model.model());
        this.lookup = new CacheLookup(cache);
        this.schemas = new SchemaUse(model);
        this.replicas = new ReplicaChoices(model, cache, lookup, ledger, this.retries, queue, inFlight, this::call);
    }

    /**
     * Stops paying once the ledger's total reaches {@code usd}: later calls fail at once (their samples
     * become ERROR with the reason), answers from the cache are still served, and nothing computed is lost.
     *
     * @param usd the budget, in US dollars
     */
    public void budget(double usd) {
        retries.budget(usd);
    }

    /**
     * Joins this gateway to a run's stop: once any gateway of the run finds its endpoint unusable, this one
     * makes no further call; and its own circuit breaker stops the run when its endpoint fails every call
     * for a while, as {@code checks} sets.
     *
     * @param stop    the run's stop, shared by its gateways
     * @param checks  the breaker's calls and window
     * @param setting the setting that points at this endpoint, which the message names
     */
    public void stopWith(RunStop stop, EndpointChecks checks, String setting) {
        retries.stopWith(
                stop,
                checks.breaker()
                        ? new CircuitBreaker(checks, stop, model.model() + " at " + model.identity(), setting, cache)
                        : null);
    }

    /**
     * The order in which calls waiting for a free slot are made: lowest rank first, and in order of
     * arrival within a rank. Without one, calls are made in order of arrival.
     *
     * @param rank a call's rank
     */
    public void queueOrder(ToIntFunction<ChatRequest> rank) {
        queue.order(rank);
    }

    /**
     * Whether answers that carry ratings or votes are asked for with their JSON schema.
     *
     * @param mode on, off or auto
     */
    public void structuredOutput(StructuredOutput mode) {
        schemas.mode(mode);
    }

    /** @return whether answers that carry ratings or votes are asked for with their JSON schema */
    public StructuredOutput structuredOutput() {
        return schemas.mode();
    }

    /**
     * Whether requests carry their schema now: on, or auto until the endpoint turned it down.
     *
     * @return whether the next request carries its schema
     */
    public boolean sendsSchemas() {
        return schemas.sends();
    }

    /**
     * Whether the endpoint turned structured output down during this run (on auto).
     *
     * @return whether it did
     */
    public boolean schemasTurnedDown() {
        return schemas.turnedDown();
    }

    /**
     * The endpoint answered a request with a schema as a bad request: on auto, later requests go as
     * text. Said once, so a user knows why the text format is in use.
     *
     * @param why the endpoint's reason, for the message
     */
    public void schemaTurnedDown(String why) {
        schemas.turnDown(why);
    }

    /**
     * Who the endpoint said answered the calls made through this gateway (not those answered from the cache), and how
     * many each; an endpoint that named no one is counted under {@link Answerer#UNNAMED}.
     *
     * @return the answers by who gave them, in the order of their names
     */
    public Map<Answerer, Long> answeredBy() {
        Map<Answerer, Long> sorted = new TreeMap<>(Answerer.ORDER);
        sorted.putAll(answeredBy);
        return sorted;
    }

    /**
     * Counts an answer that stopped at the token limit under its request's stage and role: the run's summary
     * says how many of each role's answers were cut. Counted where the answer is read, so one replayed from the
     * cache counts as one received now.
     *
     * @param request the request the cut answer replied to
     */
    public void answerCutOff(ChatRequest request) {
        ledger.recordCutOff(request, model.model());
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
     * @param remedy what puts the missing answers in the cache
     */
    public void answerOnlyFromCache(String stage, String why, String remedy) {
        lookup.answerOnlyFromCache(stage, why, remedy);
    }

    /**
     * Completes with the answer, or exceptionally with a {@link ModelCallException}.
     *
     * @param request the call
     * @return the answer, from the cache, a call in flight or the endpoint
     */
    public CompletableFuture<ChatResponse> call(ChatRequest request) {
        return call(request, CacheKey.of(model, request));
    }

    /** As {@link #call(ChatRequest)}, with the request's cache key already worked out. */
    private CompletableFuture<ChatResponse> call(ChatRequest request, String key) {
        Optional<ChatResponse> cached = cache.get(key);
        if (cached.isPresent()) {
            ledger.recordCacheHit(request, model.model());
            return CompletableFuture.completedFuture(cached.get().replayed());
        }
        Optional<FailSafeCache.CacheUnavailableException> refused = lookup.refusal(request, model.model());
        if (refused.isPresent()) {
            return CompletableFuture.failedFuture(refused.get());
        }
        CompletableFuture<ChatResponse> mine = new CompletableFuture<>();
        CompletableFuture<ChatResponse> existing = inFlight.putIfAbsent(key, mine);
        if (existing != null) {
            ledger.recordCacheHit(request, model.model());
            return existing.thenApply(ChatResponse::replayed);
        }
        queue.submit(request, () -> make(request, key, mine));
        return mine;
    }

    /** The call itself, on a caller thread: unless another process made it meanwhile, paid, counted and stored. */
    private void make(ChatRequest request, String key, CompletableFuture<ChatResponse> mine) {
        ChatResponse response;
        try {
            // Another process sharing the cache may be making this very call: wait for its answer.
            Optional<ChatResponse> theirs = lookup.awaitOtherProcess(key);
            if (theirs.isPresent()) {
                inFlight.remove(key, mine);
                ledger.recordCacheHit(request, model.model());
                mine.complete(theirs.get().replayed());
                return;
            }
            response = retries.run(request, () -> model.complete(request));
            // Counted first, so the budget sees every paid call whatever becomes of storing it; then
            // stored before anyone sees it: an interrupted run never pays for this call again.
            ledger.recordCall(request, model.model(), response.usage());
            answeredBy.merge(response.answeredBy() == null ? Answerer.UNNAMED : response.answeredBy(), 1L, Long::sum);
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
            if (!(e instanceof EndpointUnusableException)) {
                ledger.recordFailure(request, model.model());
            }
            // Leave the in-flight table first, so whoever reacts to the failure asks afresh.
            inFlight.remove(key, mine);
            mine.completeExceptionally(
                    e instanceof ModelCallException || e instanceof EndpointUnusableException
                            ? e
                            : new ModelCallException(
                                    request.role() + " call to " + model.model() + " failed: " + e, e));
            return;
        }
        inFlight.remove(key, mine);
        mine.complete(response);
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
        return this.replicas.call(replicas);
    }

    /**
     * Whether replicas are asked as choices of one request ({@code adammeme.replicas.one-request}).
     *
     * @param on whether they are
     */
    public void replicasInOneCall(boolean on) {
        replicas.inOneCall(on);
    }

    @Override
    public void close() {
        queue.close();
        if (model instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // closing a client's connection pool has nothing left to lose
            }
        }
    }
}
