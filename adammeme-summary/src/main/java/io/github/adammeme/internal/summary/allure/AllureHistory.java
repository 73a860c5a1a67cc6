package io.github.adammeme.internal.summary.allure;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Allure's trend between builds. A report draws its trend from the {@code history} folder of the results it is
 * built from, and writes the trend with its own run added into its own {@code history} folder; both live under
 * {@code target/}, which {@code mvn clean} and a fresh CI checkout empty. The history is kept in
 * {@code .adammeme/allure-history} beside the call cache, which {@code clean} leaves and CI caches: the engine hands
 * it to each run's results, and the Maven plugin's {@code allure} goal takes it back from each report.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class AllureHistory {

    /** Where the history is kept, under the project's folder (the working folder of a test run). */
    public static final Path KEPT = Path.of(".adammeme", "allure-history");

    private AllureHistory() {}

    /**
     * Hands the kept history to a run's results, for the report built from them.
     *
     * @param kept    where the history is kept
     * @param results the Allure results folder
     * @return how many files were copied: none when no history is kept yet
     * @throws UncheckedIOException when a file cannot be copied
     */
    public static int seed(Path kept, Path results) {
        return copy(kept, results.resolve("history"));
    }

    /**
     * Keeps a report's history for the next build.
     *
     * @param report the report's folder
     * @param kept   where the history is kept
     * @return how many files were copied: none when the report has no history
     * @throws UncheckedIOException when a file cannot be copied
     */
    public static int keep(Path report, Path kept) {
        return copy(report.resolve("history"), kept);
    }

    /** The JSON files of one folder into another; links are not followed, a file of the same name is replaced. */
    private static int copy(Path from, Path to) {
        if (!Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(from)) {
            List<Path> json = files.filter(f -> f.getFileName().toString().endsWith(".json")
                            && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
                    .toList();
            if (!json.isEmpty()) {
                Files.createDirectories(to);
            }
            for (Path f : json) {
                Files.copy(
                        f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS);
            }
            return json.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy Allure's history from " + from + " to " + to, e);
        }
    }
}
