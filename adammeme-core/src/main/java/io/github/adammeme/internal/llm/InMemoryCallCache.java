package io.github.adammeme.internal.llm;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A cache for one JVM: shares target-independent calls between runs and targets in a process. */
public final class InMemoryCallCache implements CallCache {

    private final ConcurrentHashMap<String, ChatResponse> entries = new ConcurrentHashMap<>();

    @Override
    public Optional<ChatResponse> get(String key) {
        return Optional.ofNullable(entries.get(key));
    }

    @Override
    public void put(String key, Meta meta, ChatResponse response) {
        entries.put(key, response);
    }

    /** @return how many answers it holds */
    public int size() {
        return entries.size();
    }
}
