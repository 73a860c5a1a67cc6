package io.github.adammeme.internal.report.allure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.summary.allure.ReportExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report allure-maven built is titled as the engine titled its results, and its newest trend point names the build. */
class ReportExecutorTest {

    @TempDir
    Path dir;

    @Test
    void aReportWhoseExecutorAGeneratorReplacedIsGivenTheEnginesBack() throws Exception {
        Path results = dir.resolve("allure-results");
        AllureExecutor.write(
                results,
                Map.of(
                        "JENKINS_URL",
                        "https://ci.example/",
                        "BUILD_NUMBER",
                        "17",
                        "BUILD_URL",
                        "https://ci.example/job/gate/17/"),
                "vision-1",
                "release FAILED · FR 58.3% [32.0, 80.7]");
        // What allure-maven's report goal writes over it, and the report it then builds.
        Files.writeString(results.resolve("executor.json"), "{\"buildName\":\"meme-release-gate\",\"name\":\"Maven\"}");
        Path report = Files.createDirectories(dir.resolve("report"));
        Files.createDirectories(report.resolve("widgets"));
        Files.createDirectories(report.resolve("history"));
        Files.writeString(
                report.resolve("widgets/summary.json"),
                "{\"reportName\":\"Allure Report\",\"statistic\":{\"total\":3}}");
        Files.writeString(report.resolve("widgets/executors.json"), "[{\"name\":\"Maven\"}]");
        Files.writeString(
                report.resolve("history/history-trend.json"),
                "[{\"data\":{\"total\":3}},{\"buildOrder\":16,\"data\":{\"total\":3}}]");

        assertTrue(ReportExecutor.restore(results, report));
        ObjectMapper json = new ObjectMapper();
        JsonNode summary = json.readTree(report.resolve("widgets/summary.json").toFile());
        assertEquals(
                "release FAILED · FR 58.3% [32.0, 80.7]",
                summary.path("reportName").asText());
        assertEquals(3, summary.at("/statistic/total").asInt(), "the rest of the overview as Allure built it");
        assertEquals(
                "job #17",
                json.readTree(report.resolve("widgets/executors.json").toFile())
                        .get(0)
                        .path("buildName")
                        .asText());
        JsonNode trend =
                json.readTree(report.resolve("history/history-trend.json").toFile());
        assertEquals(17, trend.get(0).path("buildOrder").asInt(), "the newest point is this build");
        assertEquals(16, trend.get(1).path("buildOrder").asInt(), "earlier points stay as they were");
        assertEquals(
                "Jenkins",
                json.readTree(results.resolve("executor.json").toFile())
                        .path("name")
                        .asText(),
                "the results hold the engine's executor again");
        assertFalse(ReportExecutor.restore(results, dir.resolve("no-report")), "no report, nothing to title");
    }
}
