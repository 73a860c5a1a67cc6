package io.github.adammeme.llm;

import java.util.Optional;

/** Finished calls by {@link CacheKey}. A call is stored before anyone uses its answer. */
public interface CallCache {

    Optional<ChatResponse> get(String key);

    void put(String key, ChatResponse response);

    /** Forgets everything: for runs that must not reuse earlier answers. */
    CallCache NONE = new CallCache() {
        @Override
        public Optional<ChatResponse> get(String key) {
            return Optional.empty();
        }

        @Override
        public void put(String key, ChatResponse response) {
        }
    };
}
