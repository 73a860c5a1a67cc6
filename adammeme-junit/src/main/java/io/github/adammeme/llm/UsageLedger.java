package io.github.adammeme.llm;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** Calls, cache hits, failures and tokens per agent role and model, as the endpoints reported them. */
public final class UsageLedger {

    /** Totals for one role on one model. */
    public record Line(String role, String model, long calls, long cacheHits, long failures, long retries,
                       long rateLimited, long promptTokens, long completionTokens, double costUsd) {
    }

    private final Prices prices;

    public UsageLedger() {
        this(Prices.NONE);
    }

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
        final AtomicLong completionTokens = new AtomicLong();
    }

    private final Map<String, Counters> byRoleAndModel = new ConcurrentHashMap<>();

    void recordCall(String role, String model, Usage usage) {
        Counters c = counters(role, model);
        c.calls.incrementAndGet();
        c.promptTokens.addAndGet(usage.promptTokens());
        c.completionTokens.addAndGet(usage.completionTokens());
    }

    void recordCacheHit(String role, String model) {
        counters(role, model).cacheHits.incrementAndGet();
    }

    void recordFailure(String role, String model) {
        counters(role, model).failures.incrementAndGet();
    }

    void recordRetry(String role, String model, boolean rateLimited) {
        Counters c = counters(role, model);
        c.retries.incrementAndGet();
        if (rateLimited) {
            c.rateLimited.incrementAndGet();
        }
    }

    private Counters counters(String role, String model) {
        return byRoleAndModel.computeIfAbsent(role + "\u0000" + model, k -> new Counters());
    }

    /** Lines sorted by role then model, so reports read the same every run. */
    public java.util.List<Line> lines() {
        Map<String, Line> sorted = new TreeMap<>();
        byRoleAndModel.forEach((key, c) -> {
            String[] parts = key.split("\u0000", 2);
            sorted.put(key, new Line(parts[0], parts[1], c.calls.get(), c.cacheHits.get(), c.failures.get(),
                    c.retries.get(), c.rateLimited.get(), c.promptTokens.get(), c.completionTokens.get(),
                    prices.cost(parts[1], c.promptTokens.get(), c.completionTokens.get())));
        });
        return java.util.List.copyOf(sorted.values());
    }

    public long totalCalls() {
        return byRoleAndModel.values().stream().mapToLong(c -> c.calls.get()).sum();
    }

    /** What the calls made so far cost, by the price table; answers from the cache cost nothing. */
    public double totalCostUsd() {
        double total = 0;
        for (Map.Entry<String, Counters> e : byRoleAndModel.entrySet()) {
            String model = e.getKey().split("\u0000", 2)[1];
            total += prices.cost(model, e.getValue().promptTokens.get(), e.getValue().completionTokens.get());
        }
        return total;
    }

    public long totalTokens() {
        return byRoleAndModel.values().stream().mapToLong(c -> c.promptTokens.get() + c.completionTokens.get()).sum();
    }

    public long totalRetries() {
        return byRoleAndModel.values().stream().mapToLong(c -> c.retries.get()).sum();
    }

    public long totalCacheHits() {
        return byRoleAndModel.values().stream().mapToLong(c -> c.cacheHits.get()).sum();
    }
}
