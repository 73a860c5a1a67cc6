package io.github.adammeme.internal.util;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.Contract;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Lone UTF-16 surrogates: a JSON escape such as {@code \ud800} decodes to half a character, which no
 * UTF-8 file can hold. Text that carries one is either refused where it enters (a dataset line) or has
 * each half replaced by U+FFFD (a model's answer, which was paid for and must not cost the run).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Utf16 {

    /** What a half character becomes. */
    public static final char REPLACEMENT = '\uFFFD';

    private Utf16() {}

    /**
     * @param text any text
     * @return the index of its first lone surrogate, or -1 when it is well-formed
     */
    public static int loneSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * @param text any text, or null
     * @return the text with each lone surrogate replaced by U+FFFD; the same instance when it has none;
     *     null for null
     */
    @Contract("!null -> !null")
    public static @Nullable String wellFormed(@Nullable String text) {
        if (text == null || loneSurrogate(text) < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(c).append(text.charAt(++i));
            } else {
                out.append(Character.isSurrogate(c) ? REPLACEMENT : c);
            }
        }
        return out.toString();
    }
}
