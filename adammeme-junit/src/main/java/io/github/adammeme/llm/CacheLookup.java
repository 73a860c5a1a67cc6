package io.github.adammeme.llm;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The gateway's side of the call cache: which stages may only be answered from it, and the wait for
 * another process sharing the cache that is making the very same call.
 */
final class CacheLookup {

    private static final long CLAIM_POLL_MILLIS = 200;

    private final CallCache cache;
    private final Map<String, String> cacheOnly = new ConcurrentHashMap<>();

    CacheLookup(CallCache cache) {
        this.cache = cache;
    }

    void answerOnlyFromCache(String stage, String why) {
        cacheOnly.put(stage, why);
    }

    boolean onlyFromCache(String stage) {
        return cacheOnly.containsKey(stage);
    }

    /** Empty when the call may be paid for; otherwise why it may not, as the failure to give. */
    Optional<FailSafeCache.CacheUnavailableException> refusal(ChatRequest request, String model) {
        String why = cacheOnly.get(request.stage());
        return Optional.ofNullable(why).map(w -> new FailSafeCache.CacheUnavailableException("the call cache holds no"
                + " answer to a " + request.role() + " call of the " + request.stage() + " stage to " + model
                + ", and " + w, null));
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
