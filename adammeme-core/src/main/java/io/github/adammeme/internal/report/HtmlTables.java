package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The Markdown this project writes (headings, paragraphs, lists, quotes, pipe tables) as an HTML page, so a
 * report that shows HTML inline (Allure's attachments) shows the FR table as a table. Texts from datasets and
 * models reach the Markdown through {@link ReportText#markdown}, escaped for Markdown and for HTML: here those
 * escapes are read back to the text they stand for, and the text is escaped for HTML once, so a reader sees
 * {@code (4/6)} and {@code ->}, not {@code \(4/6\)} or {@code -&gt;}, and markup in a category name stays text.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class HtmlTables {

    /** What {@link ReportText#markdown} writes for the characters HTML would read. */
    private static final String[][] ENTITIES = {{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}};

    private HtmlTables() {}

    /**
     * @param markdown Markdown as {@link SummaryMarkdown} writes it
     * @return a complete HTML page
     */
    public static String page(String markdown) {
        StringBuilder out = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"
                + "body{font-family:sans-serif;font-size:13px}table{border-collapse:collapse}"
                + "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}</style></head><body>\n");
        String open = null;
        boolean header = false;
        for (String line : markdown.split("\\R")) {
            String trimmed = line.strip();
            String block = trimmed.startsWith("|") ? "table" : trimmed.startsWith("- ") ? "ul" : null;
            if (open != null && !open.equals(block)) {
                out.append("</").append(open).append(">\n");
                open = null;
            }
            if (trimmed.isEmpty() || trimmed.matches("\\|[\\s:|-]+\\|?")) {
                continue; // a blank line, or a table header's underline
            }
            if (block != null && open == null) {
                out.append('<').append(block).append(">\n");
                open = block;
                header = true;
            }
            if ("table".equals(open)) {
                String tag = header ? "th" : "td";
                out.append("<tr>");
                for (String cell : cells(trimmed)) {
                    out.append('<')
                            .append(tag)
                            .append('>')
                            .append(inline(cell.strip()))
                            .append("</")
                            .append(tag)
                            .append('>');
                }
                out.append("</tr>\n");
                header = false;
            } else if ("ul".equals(open)) {
                out.append("<li>").append(inline(trimmed.substring(2))).append("</li>\n");
            } else if (trimmed.startsWith(">")) {
                out.append("<blockquote>")
                        .append(inline(trimmed.substring(1).strip()))
                        .append("</blockquote>\n");
            } else {
                int level = 0;
                while (level < trimmed.length() && trimmed.charAt(level) == '#') {
                    level++;
                }
                if (level > 0 && level <= 5 && trimmed.length() > level && trimmed.charAt(level) == ' ') {
                    out.append("<h")
                            .append(level + 1)
                            .append('>')
                            .append(inline(trimmed.substring(level + 1).strip()))
                            .append("</h")
                            .append(level + 1)
                            .append(">\n");
                } else {
                    out.append("<p>").append(inline(trimmed)).append("</p>\n");
                }
            }
        }
        if (open != null) {
            out.append("</").append(open).append(">\n");
        }
        return out.append("</body></html>\n").toString();
    }

    /** A table row's cells: split at each {@code |} that is not escaped. */
    static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        int end = row.length();
        for (int i = 1; i < end; i++) {
            char c = row.charAt(i);
            if (c == '\\' && i + 1 < end) {
                cell.append(c).append(row.charAt(++i));
            } else if (c == '|') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (!cell.toString().isBlank()) {
            cells.add(cell.toString()); // a row written without its closing pipe
        }
        return cells;
    }

    /**
     * One line of Markdown as HTML: escapes and entities read back to their characters, which are then escaped for
     * HTML; {@code **} and {@code `} that no escape protects are this project's own emphasis and code.
     */
    static String inline(String markdown) {
        StringBuilder out = new StringBuilder(markdown.length() + 16);
        boolean strong = false;
        boolean code = false;
        for (int i = 0; i < markdown.length(); i++) {
            char c = markdown.charAt(i);
            String[] entity = entityAt(markdown, i);
            if (c == '\\' && i + 1 < markdown.length() && isPunctuation(markdown.charAt(i + 1))) {
                escape(out, markdown.charAt(++i));
            } else if (entity != null) {
                escape(out, entity[1].charAt(0));
                i += entity[0].length() - 1;
            } else if (c == '*' && markdown.startsWith("**", i)) {
                out.append(strong ? "</strong>" : "<strong>");
                strong = !strong;
                i++;
            } else if (c == '`') {
                out.append(code ? "</code>" : "<code>");
                code = !code;
            } else {
                escape(out, c);
            }
        }
        if (code) {
            out.append("</code>");
        }
        if (strong) {
            out.append("</strong>");
        }
        return out.toString();
    }

    private static String[] entityAt(String s, int i) {
        for (String[] e : ENTITIES) {
            if (s.startsWith(e[0], i)) {
                return e;
            }
        }
        return null;
    }

    /** As {@link ReportText#html} escapes. */
    private static void escape(StringBuilder out, char c) {
        switch (c) {
            case '&' -> out.append("&amp;");
            case '<' -> out.append("&lt;");
            case '>' -> out.append("&gt;");
            case '"' -> out.append("&quot;");
            case '\'' -> out.append("&#39;");
            default -> out.append(c);
        }
    }

    /** What a backslash escapes in CommonMark: ASCII punctuation. */
    private static boolean isPunctuation(char c) {
        return c < 128 && !Character.isLetterOrDigit(c) && !Character.isWhitespace(c) && !Character.isISOControl(c);
    }
}
