package io.github.adammeme.internal.util;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A short value from outside (an endpoint's model name, its list of models) made fit for one line of a console
 * or a report: a newline, ESC, NUL or a bidirectional override in it could forge a line or hide one.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Printable {

    private Printable() {
    }

    /**
     * @param value any text, or null
     * @param most  the most code points kept; the rest is cut, not trusted
     * @return the text with each control or format character as {@code ?}, stripped; null for null, blank or empty
     */
    public static String line(String value, int most) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        value.codePoints().limit(most).forEach(c -> sb.appendCodePoint(Character.isISOControl(c)
                || Character.getType(c) == Character.FORMAT || c == '\u2028' || c == '\u2029' ? '?' : c));
        String line = sb.toString().strip();
        return line.isEmpty() ? null : line;
    }
}
