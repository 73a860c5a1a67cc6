package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.data.DatasetException;
import io.github.adammeme.internal.data.HardCase;
import io.github.adammeme.internal.data.HardCaseBank;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Failed refinements become a bank; the bank replays on another model as plain scoring tests. */
class HardCaseBankTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
    }

    private static EngineExecutionResults run(String target, Path data, String out, String... config) {
        String[] all = new String[config.length + 2];
        all[0] = "adammeme.target.model";
        all[1] = target;
        System.arraycopy(config, 0, all, 2, config.length);
        return EngineRuns.keywordSuite(data, dir, out, all);
    }

    private static JsonNode summary(String out) throws Exception {
        return new ObjectMapper()
                .readTree(dir.resolve(out).resolve("summary.json").toFile());
    }

    @Test
    void failedRefinementsAreBankedOnceAndReplayedOnAnotherModel() throws Exception {
        Path bank = dir.resolve("repo").resolve("hard-cases.jsonl");
        run("sim:keyword", dataset, "keyword", "adammeme.bank", bank.toString());
        List<HardCase> cases = HardCaseBank.read(bank);
        long failedRefinements = Files.readAllLines(dir.resolve("keyword").resolve("samples.jsonl")).stream()
                .map(l -> {
                    try {
                        return new ObjectMapper().readTree(l);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                })
                .filter(n -> !n.path("refinement").isNull()
                        && n.path("outcome").asText().matches("FAILED|REFUSED"))
                .map(n -> n.path("category").asText()
                        + n.path("text").asText()
                        + n.path("shownImage").asText())
                .distinct()
                .count();
        assertTrue(failedRefinements > 0, "the keyword model fails some refinements");
        assertEquals(failedRefinements, cases.size());
        for (HardCase c : cases) {
            assertEquals("sim:keyword", c.provenance().model());
            assertTrue(c.provenance().sampleId().contains("#"), c.provenance().sampleId());
            assertTrue(c.provenance().step() >= 1);
            assertFalse(c.reference().isBlank());
            assertTrue(c.image().startsWith("hard-cases-images/"), c.image());
            assertTrue(Files.isRegularFile(HardCaseBank.picture(bank, c)), "picture kept beside the bank");
        }

        // The same failures found again add nothing.
        run("sim:keyword", dataset, "keyword-again", "adammeme.bank", bank.toString());
        assertEquals(cases, HardCaseBank.read(bank));

        run("sim:keyword", bank, "replay-keyword");
        run("sim:oracle", bank, "replay-oracle");
        JsonNode keyword = summary("replay-keyword");
        JsonNode oracle = summary("replay-oracle");
        assertEquals(cases.size(), keyword.at("/memes/sampledPairs").asInt());
        assertEquals(0, keyword.at("/memes/refinedSamples").asInt(), "a replay refines nothing");
        for (JsonNode line : keyword.path("usage")) {
            assertFalse(
                    line.path("role").asText().matches("Miner|Examiner|Judge|Narrator|Candidate|Senior|Refiner"),
                    "a replay only asks the target and the Scorer: " + line);
        }
        double keywordFr = keyword.at("/metrics/withRefinementsOverall/fr/rate").asDouble();
        double oracleFr = oracle.at("/metrics/withRefinementsOverall/fr/rate").asDouble();
        assertEquals(1.0, keywordFr, 1e-9, "the model that failed these cases fails them again");
        assertTrue(oracleFr < 0.5 * keywordFr, "a model that understands them does better: " + oracleFr);
    }

    @Test
    void aChangedPictureOrAMalformedLineIsNamed() throws Exception {
        Path bank = dir.resolve("broken").resolve("bank.jsonl");
        Files.createDirectories(bank.getParent());
        Files.writeString(bank, "{\"id\": \"x\", \"reference\": \"r\", \"provenance\": {}}\n{not json\n");
        DatasetException malformed = assertThrows(DatasetException.class, () -> HardCaseBank.read(bank));
        assertEquals(
                bank + ":1: field 'category' is missing or empty (a hard case needs id, category, text, image, "
                        + "imageSha256, reference)",
                malformed.getMessage());

        Path picture = HardCaseBank.imagesOf(bank).resolve("p.png");
        Files.createDirectories(picture.getParent());
        Files.write(
                picture,
                Files.readAllBytes(SyntheticMemes.write(dir.resolve("one"), 1)
                        .getParent()
                        .getParent()
                        .resolve("images")
                        .resolve("synthetic_0000.png")));
        HardCase c = new HardCase(
                "id1",
                "race",
                "m",
                "t",
                "t",
                "t",
                "bank-images/p.png",
                "0".repeat(64),
                "ref",
                new HardCase.Provenance("sim:keyword", "2026-01-01T00:00:00Z", "s#1", "s", 1, 2, "d"));
        DatasetException changed = assertThrows(DatasetException.class, () -> HardCaseBank.picture(bank, c));
        assertEquals(
                "hard case id1 in " + bank + ": picture " + picture.toRealPath() + " has changed since it was banked"
                        + " (its SHA-256 is not the bank's imageSha256)",
                changed.getMessage());
    }
}
