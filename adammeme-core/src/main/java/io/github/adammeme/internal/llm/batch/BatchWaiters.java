package io.github.adammeme.internal.llm.batch;

import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.ModelCallException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The calls waiting on batches, by {@code custom_id}: which must join a new batch and which are in one
 * already, the hand-over of a batch's answers to its calls, and answers read before their call asked
 * (a batch an earlier run sent answers calls this run has not reached yet).
 */
final class BatchWaiters {

    /**
     * What a call asking now is told: the answers kept for it, or the answer to wait for and whether it must
     * join a new batch to get one.
     *
     * @param ready answers read before the call asked, or null
     * @param answer what to wait for, or null when ready
     * @param join whether no batch holds the call yet
     */
    record Ask(
            @Nullable List<ChatResponse> ready, @Nullable CompletableFuture<List<ChatResponse>> answer, boolean join) {}

    /** Answers read before their call asked; {@code claimed} runs when it does. */
    private record Kept(List<ChatResponse> answers, Runnable claimed) {}

    private final Map<String, CompletableFuture<List<ChatResponse>>> waiting = new HashMap<>();
    private final Map<String, Kept> kept = new HashMap<>();
    private final Set<String> inBatch = new HashSet<>();

    Ask ask(String id) {
        Kept ready;
        synchronized (this) {
            ready = kept.remove(id);
            if (ready == null) {
                CompletableFuture<List<ChatResponse>> answer = waiting.get(id);
                if (answer != null) {
                    return new Ask(null, answer, false);
                }
                answer = new CompletableFuture<>();
                waiting.put(id, answer);
                return new Ask(null, answer, !inBatch.contains(id));
            }
        }
        ready.claimed().run();
        return new Ask(ready.answers(), null, false);
    }

    /** A call that gave up waiting (or could not join a batch) is no longer waited for. */
    synchronized void forget(String id, CompletableFuture<List<ChatResponse>> answer) {
        waiting.remove(id, answer);
    }

    /** The call is in a batch that is being followed: a call asking for it waits on that batch. */
    synchronized void inBatch(String id) {
        inBatch.add(id);
    }

    /**
     * Hands answers to their call, or keeps them until it asks.
     *
     * @param claimed what to do when a kept answer is asked for
     * @return whether a call was waiting for them
     */
    boolean answer(String id, List<ChatResponse> answers, Runnable claimed) {
        CompletableFuture<List<ChatResponse>> call;
        synchronized (this) {
            inBatch.remove(id);
            call = waiting.remove(id);
            if (call == null) {
                kept.put(id, new Kept(answers, claimed));
            }
        }
        if (call != null) {
            call.complete(answers);
        }
        return call != null;
    }

    /** The call's batch will not answer it: a call asking again joins a new batch. */
    void fail(String id, ModelCallException why) {
        CompletableFuture<List<ChatResponse>> call;
        synchronized (this) {
            inBatch.remove(id);
            call = waiting.remove(id);
        }
        if (call != null) {
            call.completeExceptionally(why);
        }
    }

    /** Fails every call still waiting: the run is over. */
    void failAll(ModelCallException why) {
        List<CompletableFuture<List<ChatResponse>>> left;
        synchronized (this) {
            left = List.copyOf(waiting.values());
            waiting.clear();
        }
        left.forEach(call -> call.completeExceptionally(why));
    }
}
