package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatResponse;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;

/** A cache for one JVM: shares target-independent calls between runs and targets in a process. */
@API(status = INTERNAL, since = "0.1.0")
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
