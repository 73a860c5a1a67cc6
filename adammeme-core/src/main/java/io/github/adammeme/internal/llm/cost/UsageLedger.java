package io.github.adammeme.internal.llm.cost;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.text.Console;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import org.apiguardian.api.API;

/**
 * Calls, cache hits, failures, tokens and answers cut at the token limit per pipeline stage, agent role
 * and model, as the endpoints reported them: every paid call is counted here, so this is where a report
 * that cannot be true ({@link Usage.Doubt}) is settled from the request's size, and said once per endpoint
 * and role.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class UsageLedger {

    /**
     * Totals for one role on one model in one stage.
     *
     * @param stage the pipeline stage
     * @param role the agent role
     * @param model the model asked
     * @param calls calls made to the endpoint
     * @param cacheHits answers served from the cache or an identical call in flight
     * @param failures calls that failed for good
     * @param retries retries of failed calls
     * @param rateLimited retries after HTTP 429
     * @param promptTokens input tokens, cached ones included
     * @param cachedTokens of the input, tokens served from the endpoint's prompt cache
     * @param completionTokens output tokens
     * @param batchedCalls of the calls, those answered through the Batch API
     * @param costUsd what the calls cost by the price table
     * @param cutOff answers read that stopped at the token limit ({@code finish_reason} length), from the endpoint
     *               or the cache: a target's is scored as written and marked, an agent's is asked again
     */
    public record Line(
            String stage,
            String role,
            String model,
            long calls,
            long cacheHits,
            long failures,
            long retries,
            long rateLimited,
            long promptTokens,
            long cachedTokens,
            long completionTokens,
            long batchedCalls,
            double costUsd,
            long cutOff) {

        /**
         * A line without answers cut at the token limit.
         *
         * @param stage the pipeline stage
         * @param role the agent role
         * @param model the model asked
         * @param calls calls made to the endpoint
         * @param cacheHits answers served from the cache or an identical call in flight
         * @param failures calls that failed for good
         * @param retries retries of failed calls
         * @param rateLimited retries after HTTP 429
         * @param promptTokens input tokens, cached ones included
         * @param cachedTokens of the input, tokens served from the endpoint's prompt cache
         * @param completionTokens output tokens
         * @param batchedCalls of the calls, those answered through the Batch API
         * @param costUsd what the calls cost by the price table
         */
        public Line(
                String stage,
                String role,
                String model,
                long calls,
                long cacheHits,
                long failures,
                long retries,
                long rateLimited,
                long promptTokens,
                long cachedTokens,
                long completionTokens,
                long batchedCalls,
                double costUsd) {
            this(
                    stage,
                    role,
                    model,
                    calls,
                    cacheHits,
                    failures,
                    retries,
                    rateLimited,
                    promptTokens,
                    cachedTokens,
                    completionTokens,
                    batchedCalls,
                    costUsd,
                    0);
        }
    }

    private final Prices prices;

    /** A ledger in which no model has a price. */
    public UsageLedger() {
        this(Prices.NONE);
    }

    /** @param prices the price table calls are costed by */
    public UsageLedger(Prices prices) {
        this.prices = prices;
    }

    private static final class Counters {
        final AtomicLong calls = new AtomicLong();
        final AtomicLong cacheHits = new AtomicLong();
        final AtomicLong failures = new AtomicLong();
        final AtomicLong retries = new AtomicLong();
        final AtomicLong rateLimited = new AtomicLong();
        final AtomicLong promptTokens = new AtomicLong();
        final AtomicLong cachedTokens = new AtomicLong();
        final AtomicLong completionTokens = new AtomicLong();
        final AtomicLong batchedCalls = new AtomicLong();
        final AtomicLong cutOff = new AtomicLong();
        // Summed per call: calls of one line may differ in rate (batched or not).
        final DoubleAdder costUsd = new DoubleAdder();
    }

    private final Map<String, Counters> byKey = new ConcurrentHashMap<>();

    /**
     * @param request the call
     * @param model   the model asked
     * @param reported what the endpoint reported; a doubtful report is counted as at least the request's size
     */
    public void recordCall(ChatRequest request, String model, Usage reported) {
        Usage usage = reported.doubt() == null ? reported : settle(request, reported);
        Counters c = counters(request, model);
        c.calls.incrementAndGet();
        c.promptTokens.accumulateAndGet(usage.promptTokens(), Usage::plus);
        c.cachedTokens.accumulateAndGet(usage.cachedTokens(), Usage::plus);
        c.completionTokens.accumulateAndGet(usage.completionTokens(), Usage::plus);
        if (usage.batched()) {
            c.batchedCalls.incrementAndGet();
        }
        c.costUsd.add(prices.cost(model, usage));
    }

    /** Endpoint and role pairs already told of: a proxy that never reports usage would otherwise fill the console. */
    private final Set<String> doubted = ConcurrentHashMap.newKeySet();

    private Usage settle(ChatRequest request, Usage reported) {
        Usage.Doubt doubt = Objects.requireNonNull(reported.doubt(), "settled only when in doubt");
        Usage settled = reported.settled(TokenEstimate.input(request));
        if (doubted.add(doubt.endpoint() + "\u0000" + request.role())) {
            Console.warn(doubt.endpoint() + " reported impossible token counts for a " + request.role() + " call ("
                    + doubt.counts() + "): counted from the request's and the answer's size instead, "
                    + settled.promptTokens()
                    + " in and " + settled.completionTokens() + " out, so " + Constants.BUDGET_USD
                    + " still holds; its later"
                    + " such reports for " + request.role() + " calls are counted alike");
        }
        return settled;
    }

    /**
     * @param request the call answered from the cache
     * @param model the model it was asked of
     */
    public void recordCacheHit(ChatRequest request, String model) {
        counters(request, model).cacheHits.incrementAndGet();
    }

    /**
     * @param request the call that failed for good
     * @param model the model asked
     */
    public void recordFailure(ChatRequest request, String model) {
        counters(request, model).failures.incrementAndGet();
    }

    /**
     * @param request the call asked again
     * @param model the model asked
     * @param rateLimited whether the endpoint asked for the wait (429)
     */
    public void recordRetry(ChatRequest request, String model, boolean rateLimited) {
        Counters c = counters(request, model);
        c.retries.incrementAndGet();
        if (rateLimited) {
            c.rateLimited.incrementAndGet();
        }
    }

    /**
     * @param request the call whose answer stopped at the token limit
     * @param model the model asked
     */
    public void recordCutOff(ChatRequest request, String model) {
        counters(request, model).cutOff.incrementAndGet();
    }

    private Counters counters(ChatRequest request, String model) {
        return byKey.computeIfAbsent(
                request.stage() + "\u0000" + request.role() + "\u0000" + model, k -> new Counters());
    }

    /** The pipeline's stages in the order they run; reports list usage in this order. */
    private static final List<String> STAGES = List.of("mining", "scoring", "refinement");

    /**
     * Lines sorted by stage (in pipeline order), role and model, so reports read the same every run.
     *
     * @return the lines
     */
    public List<Line> lines() {
        List<Line> lines = new ArrayList<>();
        byKey.forEach((key, c) -> {
            String[] parts = key.split("\u0000", 3);
            lines.add(new Line(
                    parts[0],
                    parts[1],
                    parts[2],
                    c.calls.get(),
                    c.cacheHits.get(),
                    c.failures.get(),
                    c.retries.get(),
                    c.rateLimited.get(),
                    c.promptTokens.get(),
                    c.cachedTokens.get(),
                    c.completionTokens.get(),
                    c.batchedCalls.get(),
                    c.costUsd.sum(),
                    c.cutOff.get()));
        });
        lines.sort(Comparator.comparingInt((Line l) -> stageRank(l.stage()))
                .thenComparing(Line::stage)
                .thenComparing(Line::role)
                .thenComparing(Line::model));
        return List.copyOf(lines);
    }

    private static int stageRank(String stage) {
        int i = STAGES.indexOf(stage);
        return i < 0 ? STAGES.size() : i;
    }

    /** @return calls made to endpoints, cache hits not included */
    public long totalCalls() {
        return byKey.values().stream().mapToLong(c -> c.calls.get()).sum();
    }

    /**
     * What the calls made so far cost, by the price table; answers from the cache cost nothing.
     *
     * @return the cost in USD
     */
    public double totalCostUsd() {
        return byKey.values().stream().mapToDouble(c -> c.costUsd.sum()).sum();
    }

    /** @return input and output tokens reported by endpoints, {@link Long#MAX_VALUE} when the counts are past it */
    public long totalTokens() {
        return byKey.values().stream()
                .mapToLong(c -> Usage.plus(c.promptTokens.get(), c.completionTokens.get()))
                .reduce(0, Usage::plus);
    }

    /**
     * Whether an endpoint reported token counts past what a long holds: the sums stop at {@link Long#MAX_VALUE}
     * rather than wrap round to a negative count (which would make the run look cheaper than it was).
     *
     * @return whether any token count saturated
     */
    boolean saturated() {
        return byKey.values().stream()
                        .anyMatch(c -> c.promptTokens.get() == Long.MAX_VALUE
                                || c.completionTokens.get() == Long.MAX_VALUE
                                || c.cachedTokens.get() == Long.MAX_VALUE)
                || totalTokens() == Long.MAX_VALUE;
    }

    /** @return retries of failed calls */
    public long totalRetries() {
        return byKey.values().stream().mapToLong(c -> c.retries.get()).sum();
    }

    /** @return answers served from the cache or from an identical call in flight */
    public long totalCacheHits() {
        return byKey.values().stream().mapToLong(c -> c.cacheHits.get()).sum();
    }
}
