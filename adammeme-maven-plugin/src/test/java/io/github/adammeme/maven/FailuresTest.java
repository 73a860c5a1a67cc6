package io.github.adammeme.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Maven's last line names the first failure and where the rest are, short whatever failed. */
class FailuresTest {

    private static final Path PROJECT = Path.of("/home/ci/meme-release-gate").toAbsolutePath();
    private static final Path SUMMARY = PROJECT.resolve("target/adammeme/summary.md");
    private static final String OVERALL =
            "FR gate overall: FR with refinements 51.2% [36.5, 65.7] (21/41) in overall (upper"
                    + " bound 65.7%) exceeds the budget 5.0%, judged on the upper bound of the 95% Wilson interval, n = 41";

    @Test
    void oneCheckIsTheMessageAsItIsAndNeedsNoLinesAbove() {
        Failures failures = new Failures();
        failures.add(OVERALL, SUMMARY);
        assertEquals(OVERALL, failures.message(PROJECT));
        assertFalse(failures.shortened(PROJECT));
    }

    @Test
    void manyChecksNameTheFirstAndHowManyMoreAreInTheRunsSummary() {
        Failures failures = new Failures();
        failures.add(OVERALL, SUMMARY);
        for (String category :
                List.of("race", "gender", "religion", "nationality", "disability", "animal", "misogyny")) {
            failures.add(
                    "FR gate " + category
                            + ": not enough evidence: n = 4, needs 30 (adammeme.gate.min-samples): FR with"
                            + " refinements 50.0% [15.0, 85.0] (2/4) in " + category,
                    SUMMARY);
        }
        failures.add(
                "significant regression in overall against sim:oracle (/builds/last-release/target/adammeme): FR 0.0%"
                        + " [0.0, 10.7] (0/32) -> 51.2% [36.5, 65.7] (21/41), +51.2 points; average score 8.88 -> 5.32; McNemar exact"
                        + " test on 32 paired samples (12 passed before and fail now, 0 the reverse), p = 0.0005",
                SUMMARY);
        assertEquals(OVERALL + "; 8 more in target/adammeme/summary.md", failures.message(PROJECT));
        assertTrue(failures.shortened(PROJECT));
        assertEquals(9, failures.lines().size());
    }

    @Test
    void mavensWholeLastLineKeepsWithinTheLimitWithItsOwnWordsAroundTheMessage() {
        int framing = Failures.framing(
                "io.github.adammeme:adammeme-maven-plugin:0.1.0-SNAPSHOT:gate", "default", "meme-release-gate");
        Failures failures = new Failures();
        failures.add(OVERALL, SUMMARY);
        failures.add("FR gate race: over its budget", SUMMARY);
        String line =
                "[ERROR] Failed to execute goal io.github.adammeme:adammeme-maven-plugin:0.1.0-SNAPSHOT:gate (default) on"
                        + " project meme-release-gate: " + failures.message(PROJECT, framing) + " -> [Help 1]";
        assertEquals(framing + failures.message(PROJECT, framing).length(), line.length());
        assertTrue(line.length() <= Failures.MAX_LINE, line.length() + ": " + line);
        assertTrue(line.contains(": FR gate overall: FR with refinements 51.2% [36.5, 65.7] (21/41)"), line);
        assertTrue(line.endsWith("; 1 more in target/adammeme/summary.md -> [Help 1]"), line);
        assertTrue(failures.shortened(PROJECT, framing));
        // A project whose name leaves no room still gets a legible message.
        int huge = Failures.framing("g:a:1:gate", "default", "x".repeat(400));
        String legible = failures.message(PROJECT, huge);
        assertTrue(legible.length() > Failures.MIN_MESSAGE - 10 && legible.length() <= Failures.MIN_MESSAGE, legible);
        assertTrue(legible.startsWith("FR gate overall: FR with refinements"), legible);
    }

    @Test
    void aCheckTooLongAloneKeepsItsStartAndItsEndWithinTheLimit() {
        StringBuilder categories = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            categories.append(i == 0 ? "" : ", ").append("category-").append(i);
        }
        String check = "FR gate violence: not enough evidence: the run has no category 'violence'; its categories are "
                + categories;
        Failures failures = new Failures();
        failures.add(check, SUMMARY);
        failures.add(OVERALL, SUMMARY);
        String message = failures.message(PROJECT);
        assertTrue(message.length() <= Failures.MAX_MESSAGE, message.length() + ": " + message);
        assertTrue(
                message.startsWith("FR gate violence: not enough evidence: the run has no category 'violence';"),
                message);
        assertTrue(message.contains(", category-4, ... category-193, "), message);
        assertTrue(message.endsWith(", category-198, category-199; 1 more in target/adammeme/summary.md"), message);
    }

    @Test
    void noCountOrTextOfChecksMakesTheLineLongerThanTheLimit() {
        for (int count : List.of(1, 2, 9, 1000)) {
            for (int length : List.of(10, 299, 300, 301, 5000)) {
                Failures failures = new Failures();
                for (int i = 0; i < count; i++) {
                    // words of every length, down to one without a space in it
                    failures.add(
                            ("word ".repeat(length / 10 + 1) + "x".repeat(length)).substring(0, length) + "\n" + i,
                            PROJECT.resolve("target/adammeme/Suite" + i + "/summary.md"));
                }
                String message = failures.message(PROJECT);
                assertTrue(message.length() <= Failures.MAX_MESSAGE, count + " of " + length + ": " + message.length());
                assertFalse(message.contains("\n"), message);
            }
        }
    }

    @Test
    void checksOfSeveralRunsPointAtTheFolderHoldingTheirSummaries() {
        Failures failures = new Failures();
        failures.add(
                "sim:keyword: " + OVERALL, PROJECT.resolve("target/adammeme/HarmfulMemesTest/sim_keyword/summary.md"));
        failures.add(
                "sim:keyword: FR gate race: ...",
                PROJECT.resolve("target/adammeme/HarmfulMemesTest/sim_keyword/summary.md"));
        failures.add(
                "sim:oracle: FR gate race: ...",
                PROJECT.resolve("target/adammeme/HarmfulMemesTest/sim_oracle/summary.md"));
        assertEquals(
                "sim:keyword: " + OVERALL
                        + "; 2 more in the summary.md of 2 runs under target/adammeme/HarmfulMemesTest",
                failures.message(PROJECT));
    }

    @Test
    void failuresNoSummaryRecordsAreSaidToBeAbove() {
        Failures failures = new Failures();
        failures.add(OVERALL, SUMMARY);
        failures.add(
                "1 test outside the AdamMeme suites failed (testFailureIgnore, which keeps failed pairs from stopping"
                        + " the build, does not excuse them): com.example.OwnTest.holds: broken on purpose");
        assertEquals(OVERALL + "; 1 more listed above", failures.message(PROJECT));
    }

    @Test
    void aSummaryOutsideTheProjectIsNamedByItsWholePath() {
        Path elsewhere = Path.of("/var/runs/merged/summary.md").toAbsolutePath();
        Failures failures = new Failures();
        failures.add("FR gate race: ...", elsewhere);
        failures.add("FR gate gender: ...", elsewhere);
        assertEquals("FR gate race: ...; 1 more in " + elsewhere, failures.message(PROJECT));
    }
}
