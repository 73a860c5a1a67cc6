package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * The Markdown this project writes (headings, paragraphs, pipe tables) as an HTML page, so a report
 * that shows HTML inline (Allure's attachments) shows the FR table as a table. Every text is
 * escaped: cells hold category names and misbeliefs that datasets and models chose.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class HtmlTables {

    private HtmlTables() {
    }

    /**
     * @param markdown Markdown as {@link SummaryMarkdown} writes it
     * @return a complete HTML page
     */
    public static String page(String markdown) {
        StringBuilder out = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>"
                + "body{font-family:sans-serif;font-size:13px}table{border-collapse:collapse}"
                + "td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}</style></head><body>\n");
        boolean inTable = false;
        boolean header = false;
        for (String line : markdown.split("\\R")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("|")) {
                if (trimmed.matches("\\|[\\s:|-]+\\|?")) {
                    continue; // the header's underline
                }
                if (!inTable) {
                    out.append("<table>\n");
                    inTable = true;
                    header = true;
                }
                String body = trimmed.substring(1, trimmed.endsWith("|") && trimmed.length() > 1 ? trimmed.length() - 1 : trimmed.length());
                out.append("<tr>");
                for (String cell : body.split("(?<!\\\\)\\|", -1)) {
                    String tag = header ? "th" : "td";
                    out.append('<').append(tag).append('>').append(ReportText.html(cell.strip().replace("\\|", "|")))
                            .append("</").append(tag).append('>');
                }
                out.append("</tr>\n");
                header = false;
                continue;
            }
            if (inTable) {
                out.append("</table>\n");
                inTable = false;
            }
            if (trimmed.isEmpty()) {
                continue;
            }
            int level = 0;
            while (level < trimmed.length() && trimmed.charAt(level) == '#') {
                level++;
            }
            if (level > 0 && level <= 6) {
                out.append("<h").append(level + 1).append('>').append(ReportText.html(trimmed.substring(level).strip()))
                        .append("</h").append(level + 1).append(">\n");
            } else {
                out.append("<p>").append(ReportText.html(trimmed)).append("</p>\n");
            }
        }
        if (inTable) {
            out.append("</table>\n");
        }
        return out.append("</body></html>\n").toString();
    }
}
