package io.github.adammeme.internal.report.allure;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.text.ReportText;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apiguardian.api.API;

/**
 * {@code environment.properties}, the rows of the Environment panel on Allure's overview. Allure lists the rows in
 * the order the file has them (it reads the file into an insertion-ordered map) and shows the first five until the
 * reader asks for all, so the rows a release team reads come first: the release decision, FR overall and by category,
 * the decision's checks, a row per category, then the run's settings. {@link Properties#store} writes in hash order; this writes in the order given,
 * escaped as {@link Properties#load} reads it: ISO-8859-1, every other character a unicode escape, as Allure reads it.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class AllureEnvironment {

    /** The file's name in a results folder. */
    public static final String FILE = "environment.properties";

    private AllureEnvironment() {}

    /**
     * The FR rows the overview shows before any click: overall, then every category's in one row ("gender 75.0%
     * [30.1, 95.4] (3/4) · religion ..."), since Allure lists five rows until asked and a taxonomy has more than three
     * categories.
     *
     * @param m the run's figures
     * @return "FR overall" and "FR by category"
     */
    public static Map<String, String> headline(Metrics m) {
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("FR overall", m.withRefinementsOverall().fr().describe());
        rows.put(
                "FR by category",
                String.join(
                        " · ",
                        m.withRefinements().stream()
                                .map(c -> c.category() + " " + c.fr().describe())
                                .toList()));
        return rows;
    }

    /**
     * FR with refinements per category, then overall, then the originals' overall FR, each with its interval and
     * counts: "FR race" = "66.7% [30.0, 90.3] (4/6)".
     *
     * @param m the run's figures
     * @return the rows, in the table's order
     */
    public static Map<String, String> frRows(Metrics m) {
        Map<String, String> rows = new LinkedHashMap<>();
        for (CategoryFigures c : m.withRefinements()) {
            rows.put("FR " + c.category(), c.fr().describe());
        }
        rows.put("FR overall", m.withRefinementsOverall().fr().describe());
        rows.put("FR overall, originals only", m.originalOverall().fr().describe());
        return rows;
    }

    /**
     * Writes rows into {@code dir/environment.properties}. Without a prefix they are the whole file; with one (one
     * of several suites or targets writing into one folder) they replace the rows under that prefix, after the rows
     * of the others.
     *
     * @param dir    the Allure results folder
     * @param prefix what each key is led by, or ""
     * @param rows   the rows, in the order to show them; keys and values are shown as plain text
     * @throws UncheckedIOException when the file cannot be read or written
     */
    public static void write(Path dir, String prefix, Map<String, String> rows) {
        Path file = dir.resolve(FILE);
        try {
            Files.createDirectories(dir);
            Map<String, String> all = prefix.isEmpty() || !Files.exists(file) ? new LinkedHashMap<>() : read(file);
            String shownPrefix = ReportText.plain(prefix);
            all.keySet().removeIf(k -> k.startsWith(shownPrefix));
            rows.forEach((k, v) -> all.put(ReportText.plain(prefix + k), v == null ? "" : ReportText.plain(v)));
            StringBuilder text = new StringBuilder("# AdamMeme evaluation\n");
            all.forEach((k, v) -> text.append(escape(k, true))
                    .append('=')
                    .append(escape(v, false))
                    .append('\n'));
            Files.write(file, text.toString().getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Allure environment to " + dir, e);
        }
    }

    /**
     * The rows of an environment file, in its order, as Allure reads them.
     *
     * @param file an environment.properties
     * @return its rows
     * @throws IOException when it cannot be read
     */
    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> rows = new LinkedHashMap<>();
        try (InputStream in = Files.newInputStream(file)) {
            new Properties() {
                @Override
                public synchronized Object put(Object key, Object value) {
                    return rows.put((String) key, (String) value);
                }
            }.load(in);
        }
        return rows;
    }

    /** As {@link Properties#store(java.io.OutputStream, String)} escapes: every character outside printable ASCII as a unicode escape. */
    static String escape(String s, boolean key) {
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\f' -> out.append("\\f");
                case '=', ':', '#', '!' -> out.append('\\').append(c);
                case ' ' -> out.append(key || i == 0 ? "\\ " : " ");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
