package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Outcome;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The figures an "FR summary" test shows for a category or the whole run: FR with refinements and of
 * the originals, average scores, samples and their outcomes. The engine shows them for a run, and a
 * merge of shards shows them again for the whole run.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class SummaryFigures {

    private SummaryFigures() {}

    /**
     * @param all       the figures with refinements
     * @param originals the figures of the original samples
     * @return the figures by name, in the order they are shown
     */
    public static Map<String, Object> of(CategoryFigures all, CategoryFigures originals) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("FR (with refinements)", all.fr().describe());
        figures.put("FR (originals)", originals.fr().describe());
        figures.put("average score", score(all.averageScore()));
        figures.put("average score (originals)", score(originals.averageScore()));
        figures.put("samples", all.samples());
        for (Outcome o : Outcome.values()) {
            figures.put(o.name().toLowerCase(Locale.ROOT), all.counts().get(o));
        }
        return figures;
    }

    private static String score(@Nullable Double d) {
        return d == null ? "-" : String.format(Locale.ROOT, "%.2f", d);
    }
}
