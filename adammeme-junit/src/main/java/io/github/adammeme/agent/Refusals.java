package io.github.adammeme.agent;

import io.github.adammeme.llm.ChatResponse;
import java.util.regex.Pattern;

/**
 * Tells a model declining the task from a model answering it. Only the opening of the answer is
 * read, and only a first-person statement of not doing the task counts, so "I'm sorry to hear
 * that" or an analysis quoting someone's refusal is not mistaken for one.
 */
public final class Refusals {

    private static final Pattern OPENING_REFUSAL = Pattern.compile(
            "^[\\s*_\"']*(?:(?:i\\s*(?:'|’)?\\s*m|i am)\\s+(?:very\\s+|really\\s+|so\\s+)?sorry\\s*[,.!]?\\s*(?:but\\s+)?|"
                    + "(?:unfortunately|apologies|sorry)\\s*[,.!]?\\s*(?:but\\s+)?|as an ai[^,.]{0,40}[,.]?\\s*)?"
                    + "i\\s*(?:can\\s*(?:'|’)\\s*t|cannot|can\\s+not|won\\s*(?:'|’)?\\s*t|will not|am (?:not able|unable)|(?:'|’)m (?:not able|unable)|must decline|have to decline|do not feel comfortable|don(?:'|’)t feel comfortable)"
                    + "\\b[^.]{0,80}?\\b(?:help|assist|comply|provide|analy[sz]e|analysis|evaluate|engage|do (?:that|this)|discuss|fulfil+|support|continue|with (?:that|this)|respond|answer|content|request|task)",
            Pattern.CASE_INSENSITIVE);

    private Refusals() {
    }

    public static boolean isRefusal(ChatResponse response) {
        if (response.refusal() != null && !response.refusal().isBlank()) {
            return true;
        }
        if (response.contentFiltered()) {
            return true;
        }
        return isRefusal(response.content());
    }

    public static boolean isRefusal(String content) {
        if (content == null || content.isBlank()) {
            return false;
        }
        String opening = content.length() > 300 ? content.substring(0, 300) : content;
        return OPENING_REFUSAL.matcher(opening).find();
    }

    /** What to keep as the raw answer of a refusal, whichever way the endpoint expressed it. */
    public static String describe(ChatResponse response) {
        if (response.refusal() != null && !response.refusal().isBlank()) {
            return response.refusal();
        }
        if (response.contentFiltered() && response.content().isBlank()) {
            return "[no content: finish_reason=content_filter]";
        }
        return response.content();
    }
}
