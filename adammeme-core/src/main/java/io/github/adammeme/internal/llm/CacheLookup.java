package io.github.adammeme.internal.llm;

import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cache.FailSafeCache;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The gateway's side of the call cache: which stages may only be answered from it, and the wait for
 * another process sharing the cache that is making the very same call.
 */
final class CacheLookup {

    private static final long CLAIM_POLL_MILLIS = 200;

    /** Why a stage may not pay, and what the user can do about it. */
    private record CacheOnly(String why, String remedy) {}

    private final CallCache cache;
    private final Map<String, CacheOnly> cacheOnly = new ConcurrentHashMap<>();

    CacheLookup(CallCache cache) {
        this.cache = cache;
    }

    void answerOnlyFromCache(String stage, String why, String remedy) {
        cacheOnly.put(stage, new CacheOnly(why, remedy));
    }

    boolean onlyFromCache(String stage) {
        return cacheOnly.containsKey(stage);
    }

    /**
     * Empty when the call may be paid for; otherwise why it may not, as the failure to give. A cache that
     * cannot be read is named as such: the answer may well be there, and the remedy is to reach it.
     */
    Optional<FailSafeCache.CacheUnavailableException> refusal(ChatRequest request, String model) {
        CacheOnly rule = cacheOnly.get(request.stage());
        if (rule == null) {
            return Optional.empty();
        }
        String call = "a " + request.role() + " call of the " + request.stage() + " stage to " + model;
        String message = cache.unreadable()
                .map(reason -> reason + ": the answer to " + call + " cannot be looked up, and " + rule.why()
                        + "; run again once the call cache can be reached")
                .orElse("the call cache holds no answer to " + call + ", and " + rule.why() + ": " + rule.remedy());
        return Optional.of(new FailSafeCache.CacheUnavailableException(message, null));
    }

    /** Empty once this process holds the claim; the other process's answer if it finished first. */
    Optional<ChatResponse> awaitOtherProcess(String key) {
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
}
