package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.report.release.RunComparison;
import io.github.adammeme.internal.report.run.RunRecords;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.RecordedFigures;
import io.github.adammeme.internal.summary.release.FrChange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * FR across recorded runs, in the order they ran: how a model family fares release after release.
 * Each run carries its FR per category and overall, with refinements and of the originals, with
 * intervals, its average score, and its change against the run before it, judged by the same rule as
 * a baseline comparison (McNemar on paired samples, else chi-square), so a reader sees which steps of
 * the trend are more than chance.
 *
 * @param points     the runs, oldest first
 * @param categories every category any run reported, in first-seen order, then "overall"
 * @param alpha      the significance level of the changes
 */
@API(status = INTERNAL, since = "0.1.0")
public record History(List<Point> points, List<String> categories, double alpha) {

    /**
     * One recorded run.
     *
     * @param withRefinements FR with refinements by category (and "overall")
     * @param originals       FR of the original samples by category (and "overall")
     * @param averageScore    average score with refinements by category (and "overall"), null where nothing was scored
     * @param change          against the run before, by category (and "overall"); empty for the first run
     */
    public record Point(
            String runId,
            String target,
            String startedAt,
            Map<String, FailureRate> withRefinements,
            Map<String, FailureRate> originals,
            Map<String, Double> averageScore,
            Map<String, FrChange> change) {}

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * The runs a selector names, oldest first: a comma-separated list of targets or target prefixes
     * ({@code sim:} takes every simulated target; {@code gpt-4o,gpt-4.1} two families); blank takes all.
     *
     * @param runs     recorded runs, oldest first
     * @param selector targets or target prefixes, comma-separated
     * @return the runs selected, in the same order
     */
    public static List<RunRecords.Run> select(List<RunRecords.Run> runs, String selector) {
        if (selector == null || selector.isBlank()) {
            return runs;
        }
        List<String> wanted = Arrays.stream(selector.split(","))
                .map(String::trim)
                .filter(w -> !w.isEmpty())
                .toList();
        return runs.stream()
                .filter(r -> wanted.stream().anyMatch(w -> r.target().startsWith(w)))
                .toList();
    }

    /**
     * The trend of these runs, each compared with the one before it.
     *
     * @param where the database the runs were read from, for messages
     * @param runs  recorded runs, oldest first
     * @param alpha the significance level of a change
     * @return the history
     * @throws IllegalArgumentException naming the run whose record cannot be read
     */
    public static History of(String where, List<RunRecords.Run> runs, double alpha) {
        List<Point> points = new ArrayList<>();
        Set<String> categories = new LinkedHashSet<>();
        Baseline previous = null;
        for (RunRecords.Run run : runs) {
            JsonNode metrics;
            try {
                metrics = JSON.readTree(run.summary()).path("metrics");
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "run " + run.id() + " in " + where + " has no readable summary: " + e.getMessage());
            }
            Map<String, FailureRate> refined = new LinkedHashMap<>();
            Map<String, FailureRate> originals = new LinkedHashMap<>();
            Map<String, Double> scores = new LinkedHashMap<>();
            for (CategoryFigures f : figures(run, metrics.path("withRefinements"))) {
                categories.add(f.category());
                refined.put(f.category(), f.fr());
                scores.put(f.category(), f.averageScore());
            }
            for (CategoryFigures f : figures(run, metrics.path("original"))) {
                originals.put(f.category(), f.fr());
            }
            CategoryFigures overall = figure(run, metrics.path("withRefinementsOverall"));
            refined.put(Metrics.OVERALL, overall.fr());
            scores.put(Metrics.OVERALL, overall.averageScore());
            originals.put(
                    Metrics.OVERALL,
                    figure(run, metrics.path("originalOverall")).fr());

            Baseline now;
            try {
                now = Baseline.of(where, run);
            } catch (Baseline.BaselineException e) {
                // An old record that cannot be read is named; it must not cost the run that draws the trend.
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            Map<String, FrChange> change = new LinkedHashMap<>();
            if (previous != null) {
                for (FrChange c : RunComparison.compare(
                        now.samples(),
                        previous.samples(),
                        refined.keySet().stream()
                                .filter(k -> !k.equals(Metrics.OVERALL))
                                .toList(),
                        metrics.path("refusalCountsAsFailure").asBoolean(true),
                        alpha,
                        0)) {
                    change.put(c.category(), c);
                }
            }
            points.add(new Point(run.id(), run.target(), run.startedAt(), refined, originals, scores, change));
            previous = now;
        }
        List<String> all = new ArrayList<>(categories);
        all.add(Metrics.OVERALL);
        return new History(List.copyOf(points), List.copyOf(all), alpha);
    }

    private static List<CategoryFigures> figures(RunRecords.Run run, JsonNode array) {
        List<CategoryFigures> out = new ArrayList<>();
        for (JsonNode n : array) {
            out.add(figure(run, n));
        }
        return out;
    }

    private static CategoryFigures figure(RunRecords.Run run, JsonNode n) {
        return RecordedFigures.of(n, "run " + run.id() + " records");
    }
}
