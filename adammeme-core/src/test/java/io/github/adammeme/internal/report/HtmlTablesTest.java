package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.text.ReportText;
import org.junit.jupiter.api.Test;

/**
 * The FR table as Allure shows it inline: what the Markdown says, not how Markdown escapes it, and every text of a
 * dataset or a model escaped for HTML exactly once.
 */
class HtmlTablesTest {

    @Test
    void aReaderSeesTheFiguresAndTheDecisionWithoutMarkdownEscapes() {
        String markdown = "## Release decision: FAILED\n\n- **FAILED** "
                + ReportText.markdown("FR gate overall: FR 54.0% [45.7, 62.1] (76/158) -> over the budget 25.0%")
                + "\n\nMethod: `default`\n\n"
                + "| category | FR |\n|---|---|\n| **overall** | 54.0% [45.7, 62.1] (76/158) |\n";
        String page = HtmlTables.page(markdown);
        assertTrue(page.contains("<h3>Release decision: FAILED</h3>"), "a section of the report: " + page);
        assertTrue(
                page.contains(
                        "<li><strong>FAILED</strong> FR gate overall: FR 54.0% [45.7, 62.1] (76/158) -&gt; over the"
                                + " budget 25.0%</li>"),
                page);
        assertTrue(page.contains("<p>Method: <code>default</code></p>"), page);
        assertTrue(page.contains("<th>category</th>"), page);
        assertTrue(
                page.replace("\n", "")
                        .contains("<tr><td><strong>overall</strong></td><td>54.0% [45.7, 62.1] (76/158)</td></tr>"),
                page);
        assertFalse(
                page.contains("\\(") || page.contains("\\[") || page.contains("**") || page.contains("&amp;gt;"), page);
    }

    @Test
    void markupAndEntitiesFromADatasetAreEscapedOnceAndStayText() {
        String hostile = "<img src=x onerror=alert(1)> R&amp;D a|b *bold* `tick` \\";
        String page =
                HtmlTables.page("| category | samples |\n|---|---:|\n| " + ReportText.markdown(hostile) + " | 3 |\n");
        String cell = "<td>&lt;img src=x onerror=alert(1)&gt; R&amp;amp;D a|b *bold* `tick` \\</td>\n"
                + "<td align=\"right\">3</td>";
        assertTrue(page.contains(cell), page);
        assertFalse(page.contains("<img") || page.contains("<strong>") || page.contains("<code>"), page);
    }

    @Test
    void rawHtmlIsShownAsTextAndLinksAndPicturesCannotCallOut() {
        String page = HtmlTables.page("<script>alert(1)</script>\n\n<b onclick=x>bold</b> [click](javascript:alert(1))"
                + " ![tracker](https://example.invalid/pixel.png)\n");
        assertFalse(page.contains("<script") || page.contains("<b ") || page.contains("<img"), page);
        assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page);
        assertFalse(page.contains("javascript:") || page.contains("example.invalid"), page);
        assertTrue(page.contains("tracker"), "a picture's description stays: " + page);
    }

    @Test
    void aRowIsSplitAtItsOwnPipesOnly() {
        String row = "| " + ReportText.markdown("a|b") + " | " + ReportText.markdown("c\\") + " | "
                + ReportText.markdown("d\\|e") + " |";
        String page = HtmlTables.page("| a | b | c |\n|---|---|---|\n" + row + "\n");
        assertTrue(page.replace("\n", "").contains("<tr><td>a|b</td><td>c\\</td><td>d\\|e</td></tr>"), page);
    }
}
