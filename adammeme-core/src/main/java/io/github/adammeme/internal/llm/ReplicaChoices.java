package io.github.adammeme.internal.llm;

import io.github.adammeme.internal.llm.cache.CacheKey;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cache.FailSafeCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.resilience.RetryLoop;
import io.github.adammeme.internal.text.Console;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * Replicas of one call (the 3 miners, the 3 candidates) asked as one request for that many
 * choices, so their input is paid once; each answer is still kept under its replica's own cache key,
 * and a replica that cannot go that way goes as a call of its own.
 */
final class ReplicaChoices {

    /** How endpoints word a refusal of several choices: OpenAI's "'n' ...", llama.cpp's "Only one completion choice". */
    private static final Pattern CHOICES_REFUSAL = Pattern.compile("\\bn\\b|choice", Pattern.CASE_INSENSITIVE);

    private final ChatModel model;
    private final CallCache cache;
    private final CacheLookup lookup;
    private final UsageLedger ledger;
    private final RetryLoop retries;
    private final CallQueue queue;
    private final ConcurrentHashMap<String, CompletableFuture<ChatResponse>> inFlight;
    /** A replica asked on its own, with its cache key, which is worked out once (a hash of the whole prompt). */
    private final BiFunction<ChatRequest, String, CompletableFuture<ChatResponse>> alone;

    private volatile boolean inOneCall = true;

    ReplicaChoices(
            ChatModel model,
            CallCache cache,
            CacheLookup lookup,
            UsageLedger ledger,
            RetryLoop retries,
            CallQueue queue,
            ConcurrentHashMap<String, CompletableFuture<ChatResponse>> inFlight,
            BiFunction<ChatRequest, String, CompletableFuture<ChatResponse>> alone) {
        this.model = model;
        this.cache = cache;
        this.lookup = lookup;
        this.ledger = ledger;
        this.retries = retries;
        this.queue = queue;
        this.inFlight = inFlight;
        this.alone = alone;
    }

    void inOneCall(boolean on) {
        this.inOneCall = on;
    }

    /**
     * A replica already answered, in flight, or being made by another process sharing the cache is
     * asked on its own, as is every replica the endpoint gave no choice for.
     */
    List<CompletableFuture<ChatResponse>> call(List<ChatRequest> replicas) {
        List<String> keys = replicas.stream().map(r -> CacheKey.of(model, r)).toList();
        if (replicas.size() < 2
                || !inOneCall
                || lookup.onlyFromCache(replicas.get(0).stage())
                || keys.stream().anyMatch(k -> cache.get(k).isPresent())) {
            return eachAlone(replicas, keys);
        }
        List<CompletableFuture<ChatResponse>> mine = new ArrayList<>();
        for (String key : keys) {
            CompletableFuture<ChatResponse> answer = new CompletableFuture<>();
            if (inFlight.putIfAbsent(key, answer) != null) {
                for (int j = 0; j < mine.size(); j++) {
                    inFlight.remove(keys.get(j), mine.get(j));
                }
                return eachAlone(replicas, keys);
            }
            mine.add(answer);
        }
        queue.submit(replicas.get(0), () -> askAsChoices(replicas, keys, mine));
        return List.copyOf(mine);
    }

    private List<CompletableFuture<ChatResponse>> eachAlone(List<ChatRequest> replicas, List<String> keys) {
        List<CompletableFuture<ChatResponse>> answers = new ArrayList<>();
        for (int i = 0; i < replicas.size(); i++) {
            answers.add(alone.apply(replicas.get(i), keys.get(i)));
        }
        return answers;
    }

    private void askAsChoices(
            List<ChatRequest> replicas, List<String> keys, List<CompletableFuture<ChatResponse>> mine) {
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
            answers = retries.run(first, () -> model.completeChoices(first, replicas.size()));
            ledger.recordCall(first, model.model(), answers.get(0).usage());
        } catch (ModelCallException e) {
            if (e.status() == 400 || e.status() == 422) {
                // Refused as asked: for its choices, from now on; for something else (its schema, say), this once.
                if (CHOICES_REFUSAL.matcher(String.valueOf(e.getMessage())).find()) {
                    turnedDown("HTTP " + e.status());
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
                cache.put(
                        keys.get(i), new CallCache.Meta(model.identity(), model.model(), first.role()), answers.get(i));
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
    private void aloneFrom(
            int from,
            List<ChatRequest> replicas,
            List<String> keys,
            List<CompletableFuture<ChatResponse>> mine,
            int claimed) {
        for (int i = from; i < keys.size(); i++) {
            if (i < claimed) {
                cache.release(keys.get(i));
            }
            inFlight.remove(keys.get(i), mine.get(i));
            CompletableFuture<ChatResponse> target = mine.get(i);
            var unused = alone.apply(replicas.get(i), keys.get(i)).whenComplete((answer, error) -> {
                if (error != null) {
                    target.completeExceptionally(
                            error instanceof CompletionException && error.getCause() != null
                                    ? error.getCause()
                                    : error);
                } else {
                    target.complete(answer);
                }
            });
        }
    }

    private void failAll(
            List<ChatRequest> replicas,
            List<String> keys,
            List<CompletableFuture<ChatResponse>> mine,
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
        RuntimeException failure = e instanceof ModelCallException
                        || e instanceof FailSafeCache.CacheUnavailableException
                        || e instanceof EndpointUnusableException
                ? e
                : new ModelCallException(replicas.get(0).role() + " call to " + model.model() + " failed: " + e, e);
        mine.forEach(f -> f.completeExceptionally(failure));
    }

    /** The endpoint answered a request for several choices as a bad request: replicas go one by one from now on. */
    private void turnedDown(String why) {
        if (inOneCall) {
            inOneCall = false;
            Console.warn(model.model() + " at " + model.identity() + " turned down a request for" + " several choices ("
                    + why + "); replicas are asked one by one from now on");
        }
    }
}
