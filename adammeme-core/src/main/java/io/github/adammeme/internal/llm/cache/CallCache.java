package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatResponse;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/** Finished calls by {@link CacheKey}. A call is stored before anyone uses its answer. */
@API(status = INTERNAL, since = "0.1.0")
public interface CallCache extends AutoCloseable {

    /** What a stored call was, for people who inspect the cache. */
    record Meta(String endpoint, String model, String role) {}

    /**
     * What attempts of a run that never finished paid for, by role and model.
     *
     * @param role             the agent role
     * @param model            the model
     * @param answers          answers they stored (a request for three replicas' choices stores three)
     * @param promptTokens     their input tokens
     * @param completionTokens their output tokens
     */
    record Paid(String role, String model, long answers, long promptTokens, long completionTokens) {}

    /**
     * @param key the call's {@link CacheKey}
     * @return the stored answer, or empty
     */
    Optional<ChatResponse> get(String key);

    /**
     * Stores an answer.
     *
     * @param key the call's {@link CacheKey}
     * @param meta what the call was
     * @param response the answer
     */
    void put(String key, Meta meta, ChatResponse response);

    /**
     * Whether an answer stored here is still here for a run started after this process ends: what a message may promise
     * a user who starts a stopped run again.
     *
     * @return true for a store on disk or in a database; false for one in memory, or none
     */
    default boolean outlivesProcess() {
        return false;
    }

    /**
     * Claims the right to make this call, so that another process sharing the cache waits for its
     * answer instead of paying for it again. A cache of one process always grants it.
     *
     * @param key the call's {@link CacheKey}
     * @return true when this process should make the call; false when another holds the claim
     */
    default boolean claim(String key) {
        return true;
    }

    /**
     * Gives up a claim without an answer (the call failed), so others may try.
     *
     * @param key the call's {@link CacheKey}
     */
    default void release(String key) {}

    /**
     * Waits up to {@code maxMillis} while another process makes a call this one needs: a store that hears
     * of new answers returns as soon as one lands; others can only wait out the time.
     *
     * @param maxMillis the longest wait, in milliseconds
     * @throws InterruptedException when the waiting thread is interrupted
     */
    default void awaitOthers(long maxMillis) throws InterruptedException {
        Thread.sleep(maxMillis);
    }

    /**
     * Marks the answers stored from now on as paid for by this attempt of a run, until it finishes; a store
     * that outlives no process keeps no mark.
     *
     * @param attempt the attempt's id: its run's key, a slash, and what sets it apart from the run's other attempts
     */
    default void paidBy(String attempt) {}

    /**
     * The newest attempt of this run that paid for answers and ended without finishing (killed, interrupted, lost),
     * whose target answers a new attempt of the run goes on with, so a resumed run pays for none twice. Read before
     * the new attempt {@linkplain #paidBy marks} anything.
     *
     * @param run the run's key, the part of an attempt's id before its first slash
     * @return the attempt's id; none in a store that keeps no marks
     */
    default Optional<String> resumable(String run) {
        return Optional.empty();
    }

    /**
     * The answers that other attempts of this attempt's run stored and never finished (killed or lost), which
     * are this attempt's to account for from now on.
     *
     * @return what they paid for, by role and model; none in a store that keeps no marks
     */
    default List<Paid> unfinishedAttempts() {
        return List.of();
    }

    /** The attempt finished, its results accounting for what it paid: no later attempt counts its answers again. */
    default void attemptFinished() {}

    /**
     * Why answers cannot be read from this cache's store now, when they cannot (a database that cannot be
     * reached, say): a lookup that finds nothing then names that, not an answer that was never stored.
     *
     * @return the reason, or empty while the store can be read
     */
    default Optional<String> unreadable() {
        return Optional.empty();
    }

    @Override
    default void close() {}

    /** Forgets everything: for runs that must not reuse earlier answers. */
    CallCache NONE = new CallCache() {
        @Override
        public Optional<ChatResponse> get(String key) {
            return Optional.empty();
        }

        @Override
        public void put(String key, Meta meta, ChatResponse response) {}
    };
}
