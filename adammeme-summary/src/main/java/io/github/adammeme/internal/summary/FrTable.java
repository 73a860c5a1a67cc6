package io.github.adammeme.internal.summary;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.text.Printable;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The console table, laid out like the paper's Table 1: per category the average score and FR
 * with refinements, and the same figures for original samples alone, with the counts behind them.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class FrTable {

    private FrTable() {}

    /**
     * The table of a run recorded in a summary.json, as the Maven plugin prints it after the tests.
     *
     * @param summary a finished run's summary.json
     * @return the table, one line per category and the overall line
     * @throws IllegalArgumentException naming what cannot be read
     */
    public static String recorded(JsonNode summary) {
        return table(RecordedFigures.metrics(summary));
    }

    /**
     * The overall FR in one line, as a report's title carries it: "FR 51.2% [36.5, 65.7] (21/41) with
     * refinements, 23.8% [10.6, 45.1] (5/21) on the originals".
     *
     * @param m the figures
     * @return the line
     */
    public static String headline(Metrics m) {
        return "FR " + m.withRefinementsOverall().fr().describe() + " with refinements, "
                + m.originalOverall().fr().describe() + " on the originals";
    }

    /**
     * The figures per category and overall, with and without refinements: also what a merge of shards prints.
     *
     * @param m the figures
     * @return the table, one line per category and the overall line
     */
    public static String table(Metrics m) {
        StringBuilder sb = new StringBuilder();
        String header = String.format(
                Locale.ROOT,
                "%-16s %6s %7s %-30s | %7s %-30s | %s%n",
                "category",
                "n",
                "score",
                "FR with refinements [95% CI]",
                "score",
                "FR originals [95% CI]",
                "refused/unscored/error");
        sb.append(header);
        sb.append("-".repeat(header.length() - 1)).append('\n');
        List<CategoryFigures> all = m.withRefinements();
        for (int i = 0; i < all.size(); i++) {
            row(sb, all.get(i), m.original().get(i));
        }
        sb.append("-".repeat(header.length() - 1)).append('\n');
        row(sb, m.withRefinementsOverall(), m.originalOverall());
        return sb.toString();
    }

    private static void row(StringBuilder sb, CategoryFigures all, CategoryFigures original) {
        // A category read back from a summary.json (the gate's table) is anyone's text: one line, however named.
        sb.append(String.format(
                Locale.ROOT,
                "%-16s %6d %7s %-30s | %7s %-30s | %d/%d/%d%n",
                Printable.escaped(all.category()),
                all.samples(),
                score(all.averageScore()),
                all.fr().describe(),
                score(original.averageScore()),
                original.fr().describe(),
                all.counts().get(Outcome.REFUSED),
                all.counts().get(Outcome.UNSCORED),
                all.counts().get(Outcome.ERROR)));
    }

    private static String score(@Nullable Double d) {
        return d == null ? "-" : String.format(Locale.ROOT, "%.2f", d);
    }
}
