package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.util.Utf16;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * What an endpoint answered.
 *
 * @param content      the message text; empty when the endpoint sent none
 * @param refusal      the protocol's explicit refusal field, when the endpoint filled it
 * @param finishReason as reported, e.g. {@code stop}, {@code length}, {@code content_filter}
 * @param usage        tokens the endpoint reported for this call
 * @param fromCache    true when the answer was replayed from the cache and cost nothing now
 * @param answeredBy   who the endpoint says answered, or null when it said nothing (or the answer came from the cache)
 */
@API(status = INTERNAL, since = "0.1.0")
public record ChatResponse(
        String content,
        @Nullable String refusal,
        String finishReason,
        Usage usage,
        boolean fromCache,
        @Nullable Answerer answeredBy) {

    /**
     * An answer that does not say who gave it.
     *
     * @param content the message text, or null
     * @param refusal the protocol's refusal field, or null
     * @param finishReason as reported, or null
     * @param usage tokens reported, or null
     * @param fromCache whether it was replayed from the cache
     */
    public ChatResponse(
            @Nullable String content,
            @Nullable String refusal,
            @Nullable String finishReason,
            @Nullable Usage usage,
            boolean fromCache) {
        this(content, refusal, finishReason, usage, fromCache, null);
    }

    /**
     * An empty content or finish reason for none, and no usage when none was reported. Half a character
     * (a lone surrogate, which an endpoint can send as {@code \\ud800}) becomes U+FFFD: the answer was
     * paid for, and it must be writable to every report and cache.
     *
     * @param content the message text, or null
     * @param refusal the protocol's refusal field, or null
     * @param finishReason as reported, or null
     * @param usage tokens reported, or null
     * @param fromCache whether it was replayed from the cache
     * @param answeredBy who the endpoint says answered, or null
     */
    public ChatResponse(
            @Nullable String content,
            @Nullable String refusal,
            @Nullable String finishReason,
            @Nullable Usage usage,
            boolean fromCache,
            @Nullable Answerer answeredBy) {
        this.content = content == null ? "" : Utf16.wellFormed(content);
        this.refusal = Utf16.wellFormed(refusal);
        this.finishReason = finishReason == null ? "" : finishReason;
        this.usage = usage == null ? Usage.NONE : usage;
        this.fromCache = fromCache;
        this.answeredBy = answeredBy;
    }

    /** @return the same answer, marked as replayed from the cache */
    public ChatResponse replayed() {
        return new ChatResponse(content, refusal, finishReason, usage, true, answeredBy);
    }

    /**
     * The endpoint stopped at the token limit: what was said is unfinished, whatever its last line reads.
     *
     * @return whether the finish reason is {@code length}
     */
    public boolean cutOff() {
        return "length".equals(finishReason);
    }

    /** @return whether the endpoint's content filter stopped the answer (finish reason {@code content_filter}) */
    public boolean contentFiltered() {
        return "content_filter".equals(finishReason);
    }
}
