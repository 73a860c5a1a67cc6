package io.github.adammeme.internal.report;

import com.samskivert.mustache.Escapers;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The report pages written as HTML: Mustache templates among the resources, whose engine escapes for HTML every
 * value it puts in a page, after the redaction of secrets. Text shown in other places goes through
 * {@link io.github.adammeme.internal.text.ReportText}.
 */
final class PageTemplates {

    private PageTemplates() {}

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
    static String page(String template, Map<String, ?> values) {
        return COMPILED.computeIfAbsent(template, PageTemplates::compile).execute(values);
    }

    private static Template compile(String name) {
        try (InputStream in = PageTemplates.class.getResourceAsStream(TEMPLATES + name)) {
            if (in == null) {
                throw new IllegalStateException("the page template " + TEMPLATES + name + " is missing from the jar");
            }
            return PAGES.compile(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the page template " + TEMPLATES + name, e);
        }
    }
}
