package io.github.adammeme.internal.llm.cost;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ContentPart;
import org.apiguardian.api.API;

/**
 * Tokens counted from sizes, where no count can be trusted: about four characters a token (OpenAI's rule of thumb
 * for English), and a flat cost per image, what OpenAI counts for a 1024-pixel square in high detail. Enough for a
 * tokens-per-minute cap, and for a budget when an endpoint's own counts are impossible.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class TokenEstimate {

    /** What an image counts. */
    static final int TOKENS_PER_IMAGE = 765;

    private TokenEstimate() {}

    /**
     * @param request a call
     * @return the tokens its messages come to
     */
    public static long input(ChatRequest request) {
        long tokens = 0;
        for (ChatMessage message : request.messages()) {
            for (ContentPart part : message.parts()) {
                tokens += part instanceof ContentPart.Text t ? text(t.text().length()) : TOKENS_PER_IMAGE;
            }
        }
        return tokens;
    }

    /**
     * @param chars characters of text
     * @return the tokens they come to, rounded up: one character is a token's worth of cost
     */
    static long text(long chars) {
        return (chars + 3) / 4;
    }
}
