package io.github.adammeme.internal.summary.allure;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The engine's executor on a report a generator built with its own: allure-maven writes an executor.json into the
 * results before it generates the report, over the one the engine wrote ({@link AllureExecutor}), and the report is
 * titled "Allure Report" with no CI build. The engine's copy, {@value #OWN}, puts them back.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ReportExecutor {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The trends Allure draws, each point named by the executor of its report. */
    private static final List<String> TRENDS =
            List.of("history-trend.json", "duration-trend.json", "categories-trend.json", "retry-trend.json");

    /** The engine's copy of the executor it writes, which no other tool overwrites. */
    public static final String OWN = "adammeme-executor.json";

    /** The executor Allure reads: the report's title and its CI build. */
    public static final String FILE = "executor.json";

    private ReportExecutor() {}

    /**
     * Gives a report built from {@code results} the executor the engine wrote, where a report generator replaced it
     * with its own (allure-maven does): back into the results, and onto the report's overview (its title and its
     * Executors panel) and its trends' newest point. Nothing happens without the engine's copy, or without a report.
     *
     * @param results the Allure results the report was built from
     * @param report  the report's folder
     * @return whether the report was given the engine's executor
     * @throws UncheckedIOException when a file cannot be read or written
     */
    public static boolean restore(Path results, Path report) {
        Path own = results.resolve(OWN);
        Path summary = report.resolve("widgets").resolve("summary.json");
        if (!Files.isRegularFile(own, LinkOption.NOFOLLOW_LINKS)
                || !Files.isRegularFile(summary, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            JsonNode executor = JSON.readTree(own.toFile());
            JsonNode widget = JSON.readTree(summary.toFile());
            if (!(executor instanceof ObjectNode) || !(widget instanceof ObjectNode shown)) {
                return false;
            }
            Files.copy(own, results.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
            shown.put("reportName", executor.path("reportName").asText());
            Files.writeString(summary, JSON.writeValueAsString(shown), StandardCharsets.UTF_8);
            Files.writeString(
                    report.resolve("widgets").resolve("executors.json"),
                    JSON.writeValueAsString(JSON.createArrayNode().add(executor)),
                    StandardCharsets.UTF_8);
            for (String folder : List.of("widgets", "history")) {
                for (String trend : TRENDS) {
                    latestTrendPoint(report.resolve(folder).resolve(trend), executor);
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot give the Allure report in " + report + " its executor", e);
        }
    }

    /**
     * The newest point of a trend, the report's own, names its build as the executor does: the chart labels it with
     * the build's number and links it to the build's report.
     */
    private static void latestTrendPoint(Path trend, JsonNode executor) throws IOException {
        if (!Files.isRegularFile(trend, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        JsonNode points = JSON.readTree(trend.toFile());
        if (points instanceof ArrayNode list && !list.isEmpty() && list.get(0) instanceof ObjectNode latest) {
            for (String field : List.of("buildOrder", "reportName", "reportUrl")) {
                if (executor.hasNonNull(field)) {
                    latest.set(field, executor.get(field));
                }
            }
            Files.writeString(trend, JSON.writeValueAsString(list), StandardCharsets.UTF_8);
        }
    }
}
