package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.samskivert.mustache.Escapers;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

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
 *       table cell;</li>
 *   <li>{@link #page} for the report pages written as HTML: Mustache templates among the resources, whose engine
 *       escapes for HTML every value it puts in a page, after the redaction of secrets.</li>
 * </ul>
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
    public static String plain(String text) {
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
    public static String markdown(String text) {
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

    /** Where the pages' templates are packaged. */
    private static final String TEMPLATES = "/io/github/adammeme/internal/report/";

    /**
     * Values reach a page through jmustache's own HTML escaper, after the redaction of secrets; a missing value is
     * an error, not a blank.
     */
    private static final Mustache.Compiler PAGES =
            Mustache.compiler().withEscaper(text -> Escapers.HTML.escape(Secrets.redact(text)));

    private static final Map<String, Template> COMPILED = new ConcurrentHashMap<>();

    /**
     * An HTML page from its template.
     *
     * @param template the template's file name among the packaged templates, such as {@code charts.html.mustache}
     * @param values what the template shows: maps, lists, strings, numbers and booleans
     * @return the page
     */
    public static String page(String template, Map<String, ?> values) {
        return COMPILED.computeIfAbsent(template, ReportText::compile).execute(values);
    }

    private static Template compile(String name) {
        try (InputStream in = ReportText.class.getResourceAsStream(TEMPLATES + name)) {
            if (in == null) {
                throw new IllegalStateException("the page template " + TEMPLATES + name + " is missing from the jar");
            }
            return PAGES.compile(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the page template " + TEMPLATES + name, e);
        }
    }
}
