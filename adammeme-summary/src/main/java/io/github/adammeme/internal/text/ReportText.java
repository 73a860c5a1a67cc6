package io.github.adammeme.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Text from datasets and models, made safe for the place it is shown. Meme ids and texts, category
 * names, model answers and a baseline's target name are all written by someone else; each passes
 * through here on its way into a report, after the redaction of secrets.
 *
 * <ul>
 *   <li>{@link #plain} for places shown as text (test names, parameters, labels, failure messages
 *       and traces): control and bidirectional characters are written as escapes ({@link Printable}: a test
 *       name or a message is printed to a console line by line), and a {@code <} that would open a tag
 *       (followed by a letter, {@code /}, {@code !} or {@code ?}, as an HTML parser reads it) becomes a single
 *       angle quotation mark, so no tag can form however a viewer renders the text, while {@code "2 < 4.0"} and
 *       {@code "->"} read as they did;</li>
 *   <li>{@link #markdown} for places rendered as Markdown, where HTML passes through (Allure
 *       descriptions and markdown attachments, summary.md, baseline.md, leaderboard.md): HTML is
 *       escaped, Markdown's own syntax is escaped, and a line break or a {@code |} cannot leave its
 *       table cell.</li>
 * </ul>
 *
 * <p>The report pages written as HTML are Mustache templates, whose engine escapes every value (adammeme-core's
 * {@code PageTemplates}).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ReportText {

    private ReportText() {}

    private static final Pattern TAG_OPEN = Pattern.compile("<(?=[A-Za-z/!?])");

    /**
     * For places shown as plain text.
     *
     * @param text text from a dataset or a model, or null
     * @return the text, redacted, with every {@code <} that could open a tag replaced
     */
    @Contract("!null -> !null")
    public static @Nullable String plain(@Nullable String text) {
        if (text == null) {
            return null;
        }
        return Printable.escaped(TAG_OPEN.matcher(Secrets.redact(text)).replaceAll("\u2039"));
    }

    /**
     * For places rendered as Markdown.
     *
     * @param text text from a dataset or a model, or null
     * @return the text, redacted and escaped, on one line
     */
    @Contract("!null -> !null")
    public static @Nullable String markdown(@Nullable String text) {
        if (text == null) {
            return null;
        }
        String s = Secrets.redact(text);
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\r', '\n' -> out.append(' ');
                case '\\', '`', '*', '_', '[', ']', '(', ')', '#', '!', '|', '~' ->
                    out.append('\\').append(c);
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
