package io.github.adammeme.internal.summary.allure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report's trend goes on across builds that start from an empty target/: its history is kept, then handed on. */
class AllureHistoryTest {

    @TempDir
    Path dir;

    @Test
    void aReportsHistoryIsKeptAndHandedToTheNextRunsResults() throws Exception {
        Path kept = dir.resolve(".adammeme/allure-history");
        Path results = dir.resolve("target/allure-results");
        assertEquals(0, AllureHistory.seed(kept, results), "a first build has no history yet");
        assertFalse(Files.exists(results.resolve("history")));

        Path report = Files.createDirectories(dir.resolve("target/site/allure-maven-plugin/history"));
        Files.writeString(report.resolve("history-trend.json"), "[{\"data\":{\"total\":53}}]");
        Files.writeString(report.resolve("history.json"), "{}");
        Files.createSymbolicLink(
                report.resolve("retry-trend.json"), Files.writeString(dir.resolve("secret.json"), "{}"));
        assertEquals(2, AllureHistory.keep(report.getParent(), kept), "a link is no history of the report's own");

        Files.writeString(
                report.resolve("history-trend.json"), "[{\"data\":{\"total\":54}},{\"data\":{\"total\":53}}]");
        AllureHistory.keep(report.getParent(), kept);
        assertEquals(2, AllureHistory.seed(kept, results));
        assertEquals(
                "[{\"data\":{\"total\":54}},{\"data\":{\"total\":53}}]",
                Files.readString(results.resolve("history/history-trend.json")),
                "the newest report's history");
        assertFalse(Files.exists(kept.resolve("retry-trend.json")));
    }
}
