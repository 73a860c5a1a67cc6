package io.github.adammeme.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Text from outside (an endpoint's status line, error body, model id or list of models; a dataset's meme ids,
 * texts and category names; a file read back) made fit for a console or a report. A line break, a carriage
 * return, ESC, NUL or a bidirectional override in it could print a line of its own choosing ("release decision:
 * PASSED"), rewrite one already printed, or reorder what a reader sees; each is written as a visible escape
 * instead ({@code \n}, {@code \r}, {@code \u001b}, {@code \u202e}), so the text is still there to read and
 * nothing is silently dropped. The one escaping step: messages, console streams, test names and the gate's
 * log all pass through here.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Printable {

    private Printable() {}

    /**
     * Whether a character would break, rewrite or reorder a console line: a control character other than a tab
     * (C0, DEL, C1), a line or paragraph separator, or a format character (bidirectional overrides and isolates,
     * zero-width spaces, a byte-order mark). The zero-width joiner and non-joiner stay: Persian and Indic text and
     * emoji sequences need them, and they move nothing.
     *
     * @param c a code point
     * @return whether it is written as an escape
     */
    public static boolean unsafe(int c) {
        if (c == '\t' || c == '\u200C' || c == '\u200D') {
            return false;
        }
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029' || Character.getType(c) == Character.FORMAT;
    }

    /**
     * @param text any text, or null
     * @return the index of its first {@link #unsafe} character, or -1 when it has none (or is null)
     */
    public static int firstUnsafe(@Nullable String text) {
        if (text == null) {
            return -1;
        }
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (unsafe(c)) {
                return i;
            }
            i += Character.charCount(c);
        }
        return -1;
    }

    /**
     * For one line: every {@link #unsafe} character, line breaks included, as an escape.
     *
     * @param text any text, or null
     * @return the text on one line; the same instance when nothing needed escaping; null for null
     */
    @Contract("!null -> !null")
    public static @Nullable String escaped(@Nullable String text) {
        return escaped(text, false);
    }

    /**
     * For text of several lines (a table): its line breaks ({@code \n}, and {@code \r\n}) kept, every other
     * {@link #unsafe} character escaped. Whatever a line holds must already have been made one line by
     * {@link #escaped}: this cannot tell a forged line break from a real one.
     *
     * @param text any text, or null
     * @return the text with no character but its line breaks that moves the cursor; null for null
     */
    @Contract("!null -> !null")
    public static @Nullable String lines(@Nullable String text) {
        return escaped(text, true);
    }

    @Contract("!null, _ -> !null")
    private static @Nullable String escaped(@Nullable String text, boolean keepLineBreaks) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            int next = i + Character.charCount(c);
            boolean lineBreak =
                    keepLineBreaks && (c == '\n' || (c == '\r' && next < text.length() && text.charAt(next) == '\n'));
            boolean escape = unsafe(c) && !lineBreak;
            if (escape && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (!escape) {
                    out.appendCodePoint(c);
                } else if (c == '\n') {
                    out.append("\\n");
                } else if (c == '\r') {
                    out.append("\\r");
                } else {
                    for (char unit : Character.toChars(c)) {
                        out.append(String.format("\\u%04x", (int) unit));
                    }
                }
            }
            i = next;
        }
        return out == null ? text : out.toString();
    }

    /**
     * A short value from outside (a model id, a list entry) as one bounded line.
     *
     * @param value any text, or null
     * @param most  the most code points kept; the rest is cut, not trusted
     * @return the text cut to {@code most} code points, {@link #escaped}, stripped; null for null, blank or empty
     */
    @Contract("!null, _ -> !null")
    public static @Nullable String line(@Nullable String value, int most) {
        if (value == null) {
            return null;
        }
        int end = value.offsetByCodePoints(0, Math.min(most, value.codePointCount(0, value.length())));
        String line = escaped(value.substring(0, end)).strip();
        return line.isEmpty() ? null : line;
    }
}
