package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.cli.internal.ReferenceImport;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The paper authors' published runs imported, where they sit beside this checkout: this project's
 * reading of every step agrees with the authors' recorded score, record by record, and the FR over
 * the scored steps is theirs.
 */
class PublishedRunImportTest {

    static final Path PUBLISHED = Path.of("..", "..", "shared", "data", "adammeme-published");

    static ReferenceImport.Imported imported;

    @BeforeAll
    static void importThePublishedRuns() {
        assumeTrue(Files.isDirectory(PUBLISHED), "../shared/data/adammeme-published is not beside this checkout");
        imported = ReferenceImport.read(
                PUBLISHED, new ReferenceImport.Settings("llava-v1.6-7b", "gpt-4o-2024-05-13", 4.0, false));
        System.out.print(imported.findings().describe());
    }

    @Test
    void everyStepsScoreIsTheRecordedOneRecordByRecord() throws IOException {
        ReferenceImport.Findings f = imported.findings();
        assertEquals(List.of(), f.differences());
        assertEquals(List.of(), f.problems());
        assertEquals(List.of(), f.rejections());
        assertEquals(204, f.records());
        assertEquals(202, f.scoredSteps());
        assertEquals(800, f.minedPairs());
        assertEquals(1002, f.misbeliefsRead(), "800 pairs and 202 steps");
        for (String category : List.of("race", "religion", "gender", "nationality")) {
            JsonNode records = new ObjectMapper()
                    .readTree(PUBLISHED.resolve("log_" + category + ".json").toFile());
            List<ScoredSample> samples = imported.evaluation().refinedSamples().stream()
                    .filter(s -> s.category().equals(category))
                    .toList();
            assertEquals(records.size(), samples.size(), category);
            for (int i = 0; i < records.size(); i++) {
                JsonNode score = records.get(i).get("score");
                ScoredSample s = samples.get(i);
                if (score.isTextual()) {
                    assertEquals(ReferenceImport.REFUSED, score.asText());
                    assertEquals(Outcome.ERROR, s.outcome(), category + " #" + i);
                    assertNull(s.score());
                } else {
                    assertEquals(score.asDouble(), s.score().doubleValue(), category + " #" + i);
                    assertEquals(records.get(i).get("meme_text").asText(), s.text(), category + " #" + i);
                }
            }
        }
    }

    @Test
    void frOverTheScoredStepsIsTheAuthors() {
        Map<String, String> expected = Map.of(
                "race",
                "54.7% (35/64)",
                "religion",
                "40.0% (22/55)",
                "gender",
                "22.5% (9/40)",
                "nationality",
                "23.3% (10/43)");
        for (CategoryFigures f : imported.evaluation().metrics().withRefinements()) {
            assertEquals(
                    expected.get(f.category()),
                    String.format(Locale.ROOT, "%.1f%% (%d/%d)", 100 * f.fr().rate(), f.fr().failures(), f.fr().n()),
                    f.category());
        }
        assertEquals(4, imported.evaluation().metrics().withRefinements().size());
        assertEquals(
                2,
                imported.evaluation().refinedSamples().stream()
                        .filter(s -> s.outcome() == Outcome.ERROR)
                        .count(),
                "the two steps marked 拒答, which hold only their picture and task");
        assertEquals(
                0,
                imported.evaluation().refinedSamples().stream()
                        .filter(s -> s.outcome() == Outcome.REFUSED)
                        .count(),
                "nothing in the files shows the target refusing");
        assertEquals(77, imported.evaluation().chains().size(), "one chain per seed of the mined pairs");
    }
}
