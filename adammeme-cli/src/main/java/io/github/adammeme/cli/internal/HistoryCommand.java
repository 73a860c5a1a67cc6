package io.github.adammeme.cli.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.cache.CacheDatabase;
import io.github.adammeme.internal.llm.cache.CacheStore;
import io.github.adammeme.internal.llm.cache.PostgresDatabase;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.report.History;
import io.github.adammeme.internal.report.HistoryPage;
import io.github.adammeme.internal.report.run.RunRecords;
import io.github.adammeme.internal.text.Console;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * {@code history [adammeme.history=<targets or prefixes>] [adammeme.cache=...] [adammeme.output-dir=...]
 * [adammeme.baseline.alpha=0.05]}: the trend of the runs recorded in the cache database, written as
 * {@code history.html} and its charts. Exit status 0, or 2 when there is nothing to draw or a setting is wrong.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class HistoryCommand {

    static final String HISTORY = Constants.HISTORY;
    static final String ALPHA = Constants.PREFIX + "baseline.alpha";

    private HistoryCommand() {}

    /**
     * Draws the history the settings name.
     *
     * @param settings {@code adammeme.*} keys: history, cache and its credentials' variables, output-dir, baseline.alpha
     * @param out      where the page's location is printed
     * @param err      where a problem is explained
     * @return the exit status: 0, or 2 when nothing can be drawn
     */
    public static int run(Map<String, String> settings, PrintStream out, PrintStream err) {
        Map<String, String> values = new LinkedHashMap<>(settings);
        String selector = values.getOrDefault(HISTORY, "");
        Path directory = Path.of(values.getOrDefault(Constants.OUTPUT_DIR, "target/adammeme-history"));
        try {
            double alpha = Double.parseDouble(values.getOrDefault(ALPHA, "0.05").trim());
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("configuration key '" + ALPHA + "': expected a significance level"
                        + " between 0 and 1, such as 0.05");
            }
            // Found after the runs were read, a folder that cannot take the page ended in a stack trace.
            EvaluationConfig.Outputs.unwritable(directory).ifPresent(why -> {
                throw new IllegalArgumentException("configuration key '" + Constants.OUTPUT_DIR + "' has value '"
                        + directory + "': " + why + "; the history page could not be written there");
            });
            CacheStore store = CacheStore.parse(
                    values.getOrDefault(Constants.CACHE, SqliteDatabase.DEFAULT_FILE.toString()),
                    values.getOrDefault(Constants.CACHE_USER_ENV, PostgresDatabase.DEFAULT_USER_ENV),
                    values.getOrDefault(Constants.CACHE_PASSWORD_ENV, PostgresDatabase.DEFAULT_PASSWORD_ENV));
            CacheDatabase database = store.database()
                    .orElseThrow(() -> new IllegalArgumentException(
                            "runs are recorded in a cache database, and adammeme.cache is '" + store + "'"));
            List<RunRecords.Run> all = RunRecords.all(database);
            List<RunRecords.Run> runs = History.select(all, selector);
            if (runs.isEmpty()) {
                Console.warn(
                        err,
                        "no recorded run in " + database.name()
                                + (selector.isBlank() ? "" : " matches " + HISTORY + "=" + selector)
                                + "; recorded targets: "
                                + all.stream()
                                        .map(RunRecords.Run::target)
                                        .distinct()
                                        .toList());
                return 2;
            }
            History history = History.of(database.name(), runs, alpha);
            Path page = HistoryPage.write(
                    history, directory, "AdamMeme history" + (selector.isBlank() ? "" : ": " + selector));
            out.println("history of " + runs.size() + " runs: " + page.toAbsolutePath());
            return 0;
        } catch (IllegalArgumentException | IllegalStateException e) {
            Console.warn(err, e.getMessage());
            return 2;
        }
    }
}
