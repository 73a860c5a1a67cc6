package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.ReportText;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * The Markdown this project writes (headings, paragraphs, lists, quotes, pipe tables) as an HTML page, so a
 * report that shows HTML inline (Allure's attachments) shows the FR table as a table. commonmark-java reads the
 * Markdown (CommonMark with GitHub's tables) and writes the HTML. Texts from datasets and models reach the Markdown
 * through {@link ReportText#markdown}, escaped for Markdown and for HTML: the parser reads those escapes and
 * entities back to the text they stand for, and the renderer escapes that text for HTML once, so a reader sees
 * {@code (4/6)} and {@code ->}, not {@code \(4/6\)} or <code>-&amp;gt;</code>, and markup in a category name stays text.
 * Raw HTML in the Markdown is escaped too, never passed through, links keep only safe protocols, and no picture is
 * fetched: an image is shown as its description.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class HtmlTables {

    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());

    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();

    private static final HtmlRenderer RENDERER = HtmlRenderer.builder()
            .extensions(EXTENSIONS)
            .escapeHtml(true)
            .sanitizeUrls(true)
            .build();

    private HtmlTables() {}

    /**
     * @param markdown Markdown as {@link SummaryMarkdown} writes it
     * @return a complete HTML page
     */
    public static String page(String markdown) {
        Node document = PARSER.parse(markdown);
        document.accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                // the page is shown inside a report that has its own title: "#" is a section of it
                heading.setLevel(Math.min(heading.getLevel() + 1, 6));
                visitChildren(heading);
            }

            @Override
            public void visit(Image image) {
                // a picture would be fetched from wherever it points as the report opens: its words instead
                visitChildren(image);
                for (Node child = image.getFirstChild(); child != null; child = image.getFirstChild()) {
                    image.insertBefore(child);
                }
                image.unlink();
            }
        });
        return PageTemplates.page("fr-table.html.mustache", Map.of("body", RENDERER.render(document)));
    }
}
