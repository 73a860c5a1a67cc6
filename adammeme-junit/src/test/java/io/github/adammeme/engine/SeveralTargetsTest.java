package io.github.adammeme.engine;

import static io.github.adammeme.engine.EngineEvents.lastSegment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** One suite, three targets: each its own suite node and folder, the mining shared, and a leaderboard. */
class SeveralTargetsTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
    }

    private static EngineTestKit.Builder engine(String out) {
        return EngineRuns.kit(dataset, dir, out, "adammeme.target.model", "sim:keyword, sim:oracle, sim:refuser");
    }

    @Test
    void eachTargetIsASuiteOfItsOwnAndTheLeaderboardRanksThem() throws Exception {
        EngineExecutionResults results =
                engine("three").selectors(selectClass(Suites.Keyword.class)).execute();
        results.containerEvents()
                .started()
                .assertThatEvents()
                .filteredOn(lastSegment("suite"))
                .extracting(e -> e.getTestDescriptor().getDisplayName())
                .containsExactly(
                        "Keyword · target sim:keyword", "Keyword · target sim:oracle", "Keyword · target sim:refuser");
        ObjectMapper json = new ObjectMapper();
        for (String model : List.of("sim-keyword", "sim-oracle", "sim-refuser")) {
            assertTrue(Files.isRegularFile(dir.resolve("three").resolve(model).resolve("summary.json")), model);
        }
        // Mining is the same for every target: the later targets answer it from the cache.
        var later = json.readTree(dir.resolve("three")
                .resolve("sim-oracle")
                .resolve("summary.json")
                .toFile());
        for (var line : later.path("usage")) {
            if (line.path("stage").asText().equals("mining")) {
                assertEquals(0, line.path("calls").asLong(), "mining paid again: " + line);
            }
        }
        String md = Files.readString(dir.resolve("three").resolve("leaderboard.md"));
        assertTrue(md.contains("## Table 1: all samples, with refinements"), md);
        assertTrue(md.contains("## Table 2: original samples only, and the change refinement made"), md);
        String oracleRow = md.lines()
                .filter(l -> l.startsWith("| sim:oracle |"))
                .findFirst()
                .orElseThrow();
        String keywordRow = md.lines()
                .filter(l -> l.startsWith("| sim:keyword |"))
                .findFirst()
                .orElseThrow();
        // Overall FR is the last cell of Table 1's rows: the oracle's is the lowest. (The refuser's average
        // score may be higher: it is taken over the memes it did not refuse, while its refusals count in FR.)
        List<String> oracleCells = List.of(oracleRow.split(" \\| "));
        assertTrue(oracleCells.get(oracleCells.size() - 1).startsWith("**"), oracleRow);
        assertTrue(!keywordRow.split(" \\| ")[keywordRow.split(" \\| ").length - 1].startsWith("**"), keywordRow);
        String html = Files.readString(dir.resolve("three").resolve("leaderboard.html"));
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains("<b>") && html.contains("<u>"), html);

        // Charts: every model in the FR chart, the score-by-step chart, and the page that links them.
        Path charts = dir.resolve("three").resolve("charts");
        String fr = Files.readString(charts.resolve("fr-by-category.svg"));
        assertTrue(fr.contains("<svg") && fr.contains("sim:oracle") && fr.contains("sim:refuser"), "FR chart");
        assertTrue(
                Files.readString(charts.resolve("score-by-refinement-step.svg")).contains("step 1"));
        try (var files = Files.list(charts)) {
            assertTrue(
                    files.anyMatch(f -> f.getFileName().toString().startsWith("misbelief-terms-sim-keyword-")),
                    "the keyword model's failures have a terms chart");
        }
        String page = Files.readString(dir.resolve("three").resolve("charts.html"));
        assertTrue(page.contains("<img src=\"charts/fr-by-category.svg\""), page);
        assertTrue(Files.isRegularFile(
                dir.resolve("three").resolve("sim-keyword").resolve("charts").resolve("fr-by-category.svg")));

        // An IDE rerunning one target's suite gets that target alone.
        EngineExecutionResults one = engine("one")
                .selectors(selectUniqueId(UniqueId.forEngine(Constants.ENGINE_ID)
                        .append("suite", Suites.Keyword.class.getName() + "@sim:oracle")))
                .execute();
        one.containerEvents()
                .started()
                .assertThatEvents()
                .filteredOn(lastSegment("suite"))
                .extracting(e -> e.getTestDescriptor().getDisplayName())
                .containsExactly("Keyword · target sim:oracle");
    }
}
