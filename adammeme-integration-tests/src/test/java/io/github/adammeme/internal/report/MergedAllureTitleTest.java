package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.cli.internal.AllureMerge;
import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.allure.ReportExecutor;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A merged report is titled with the whole run's FR, not with the part the first shard saw. */
class MergedAllureTitleTest {

    @TempDir
    Path dir;

    @Test
    void theMergedResultsNameTheWholeRunsFrInTitleAndEnvironment() throws Exception {
        for (int i = 1; i <= 2; i++) {
            Path shard = Files.createDirectories(dir.resolve("shard-" + i));
            for (String executor : List.of("executor.json", ReportExecutor.OWN)) {
                Files.writeString(
                        shard.resolve(executor),
                        "{\"name\":\"GitHub Actions\",\"buildName\":\"gate #7\","
                                + "\"reportName\":\"release PASSED · FR 10.0% [1.8, 40.4], shard " + i + " only\"}");
            }
            Properties p = new Properties();
            p.setProperty("FR with refinements (overall)", "10.0% (1/10)");
            p.setProperty("dataset", "mèmes/été.jsonl");
            try (var out = Files.newOutputStream(shard.resolve("environment.properties"))) {
                p.store(out, null);
            }
            Files.writeString(shard.resolve(i + "-result.json"), "{}");
        }
        String headline = "FR 51.2% [36.5, 65.7] · merged from 2 shards";
        Metrics none = Tally.metrics(List.of(), List.of(), List.of(), 4.0, true);
        AllureMerge.merge(
                List.of(dir.resolve("shard-1"), dir.resolve("shard-2")),
                dir.resolve("merged"),
                new AllureMerge.WholeRun(headline, none, 2));

        var executor =
                new ObjectMapper().readTree(dir.resolve("merged/executor.json").toFile());
        assertEquals(headline, executor.path("reportName").asText());
        assertEquals("gate #7", executor.path("buildName").asText(), "the build stays named");
        assertEquals(
                headline,
                new ObjectMapper()
                        .readTree(dir.resolve("merged")
                                .resolve(ReportExecutor.OWN)
                                .toFile())
                        .path("reportName")
                        .asText(),
                "the copy a report built with allure-maven is given");
        Properties merged = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("merged/environment.properties"))) {
            merged.load(in);
        }
        assertEquals("2", merged.getProperty("shards"));
        assertEquals(
                none.withRefinementsOverall().fr().describe(),
                merged.getProperty("FR overall"),
                "the whole run's FR, not a shard's part");
        assertEquals(null, merged.getProperty("FR with refinements (overall)"), "a shard's FR row is its part's");
        assertEquals(
                "mèmes/été.jsonl",
                merged.getProperty("dataset"),
                "read back as Allure reads it, ISO-8859-1 with escapes");
        assertTrue(
                Files.exists(dir.resolve("merged/1-result.json")) && Files.exists(dir.resolve("merged/2-result.json")));
    }
}
