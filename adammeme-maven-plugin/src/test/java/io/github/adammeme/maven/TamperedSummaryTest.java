package io.github.adammeme.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate goal decides from a summary's recorded checks, and a summary whose verdict, checks and Surefire's reports
 * of those checks do not tell one story decides nothing: the build fails, naming the disagreement. Each summary here
 * is the engine's, edited as a hand or a script would edit it.
 */
class TamperedSummaryTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SUITE = "com.example.HarmfulMemesTest";
    private static final String CHANGED =
            "; the summary was changed after its run or is damaged, so it decides nothing:"
                    + " run the evaluation again";
    private static final String NOT_THIS_RUNS =
            "; summary.json is not the one this build's tests wrote, so it decides" + " nothing: run the tests again";

    @TempDir
    Path dir;

    /** A run's summary.json as the engine writes its decision: an overall gate failed, a race gate passed. */
    private static String summary(String verdict, String overallStatus, boolean overallBlocks) {
        return """
                {"run": {"target": "vision-1"},
                 "decision": {"verdict": "%s", "message": "...", "checks": [
                   {"check": "gate", "category": "overall", "status": "%s", "blocks": %s, "message": "FR 51.2%% over 20%%"},
                   {"check": "gate", "category": "race", "status": "PASSED", "blocks": false, "message": "FR 5%% within 30%%"}]},
                 "metrics": {"withRefinementsOverall": {"category": "overall", "samples": 41}}}
                """.formatted(verdict, overallStatus, overallBlocks);
    }

    private static ReleaseDecision read(String summary) throws IOException {
        return ReleaseDecision.ofRecorded(JSON.readTree(summary), Map.of());
    }

    /** Surefire's report of the suite's run, its overall gate test failed or passed. */
    private List<SurefireReports.TestCase> reported(String overallGate) throws IOException {
        String run = "HarmfulMemesTest · target vision-1";
        Files.writeString(dir.resolve("TEST-" + SUITE + ".xml"), """
                <testsuite name="%s">
                  <testcase name="img_01 · race" classname="%s"><failure message="score 2 &lt; 4.0"/></testcase>
                  <testcase name="FR summary: overall" classname="%s"/>
                  <testcase name="FR gate: race" classname="%s"/>
                  <testcase name="FR gate: overall" classname="%s">%s</testcase>
                </testsuite>
                """.formatted(
                SUITE,
                run,
                run,
                run,
                run,
                overallGate.equals("FAILED") ? "<failure message=\"FR gate overall: FR 51.2% over 20%\"/>" : ""));
        return SurefireReports.read(dir, FileTime.fromMillis(0)).casesOf(List.of(SUITE));
    }

    private List<String> disagreements(ReleaseDecision decision, String overallGate) throws IOException {
        return ReportedChecks.disagreements(decision, "vision-1", Optional.empty(), reported(overallGate));
    }

    @Test
    void theRunsOwnSummaryAgreesWithItselfAndWithSurefire() throws IOException {
        ReleaseDecision decision = read(summary("FAILED", "FAILED", true));
        assertEquals(ReleaseDecision.Verdict.FAILED, decision.verdict());
        assertEquals(List.of(), disagreements(decision, "FAILED"));
    }

    @Test
    void notScoredWrittenOverFailedChecksFailsNamingTheChecks() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> read(summary("NOT_SCORED", "FAILED", true)));
        assertEquals(
                "the recorded release decision says NOT_SCORED but its 2 checks give FAILED (FR gate overall FAILED,"
                        + " FR gate race PASSED)" + CHANGED,
                e.getMessage());
    }

    @Test
    void passedWrittenOverAFailedCheckFails() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> read(summary("PASSED", "FAILED", true)));
        assertEquals(
                "the recorded release decision says PASSED but its 2 checks give FAILED (FR gate overall FAILED,"
                        + " FR gate race PASSED)" + CHANGED,
                e.getMessage());
    }

    @Test
    void aFailedCheckMarkedNotBlockingFails() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> read(summary("PASSED", "FAILED", false)));
        assertEquals(
                "the recorded check 'FR gate overall' is FAILED but recorded as not blocking the release" + CHANGED,
                e.getMessage());
    }

    @Test
    void notScoredWithItsChecksRemovedFailsOnTheFiguresItStillCounts() throws IOException {
        JsonNode edited = JSON.readTree(summary("NOT_SCORED", "FAILED", true));
        ((ArrayNode) edited.at("/decision/checks")).removeAll();
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ReleaseDecision.ofRecorded(edited, Map.of()));
        assertEquals(
                "the recorded release decision says NOT_SCORED, which only a mining-only run has, but its figures"
                        + " count 41 scored samples" + CHANGED,
                e.getMessage());
    }

    @Test
    void aCheckRewrittenAsPassedFailsOnSurefiresReportOfItsTest() throws IOException {
        ReleaseDecision rewritten = read(summary("PASSED", "PASSED", false));
        assertEquals(ReleaseDecision.Verdict.PASSED, rewritten.verdict(), "the summary alone tells one story");
        assertEquals(
                List.of("summary.json records the check 'FR gate: overall' as PASSED, but Surefire reports its test"
                        + " FAILED" + NOT_THIS_RUNS),
                disagreements(rewritten, "FAILED"));
    }

    @Test
    void aFailedCheckDeletedFromTheSummaryFailsOnItsFailedTest() throws IOException {
        JsonNode edited = JSON.readTree(summary("PASSED", "FAILED", true));
        ((ArrayNode) edited.at("/decision/checks")).remove(0);
        ReleaseDecision decision = ReleaseDecision.ofRecorded(edited, Map.of());
        assertEquals(ReleaseDecision.Verdict.PASSED, decision.verdict());
        assertEquals(
                List.of("Surefire reports the test 'FR gate: overall' FAILED, but summary.json records no such check"
                        + NOT_THIS_RUNS),
                disagreements(decision, "FAILED"));
    }

    @Test
    void aSummaryOfARunSurefireNeverReportedFails() throws IOException {
        ReleaseDecision decision = read(summary("FAILED", "FAILED", true));
        assertEquals(
                List.of("Surefire's reports hold no test of the run of vision-2, whose release decision summary.json"
                        + " records" + NOT_THIS_RUNS),
                ReportedChecks.disagreements(decision, "vision-2", Optional.empty(), reported("FAILED")));
    }

    @Test
    void aSuitesFolderNamesWhichSuitesReportsSpeakForIt() {
        Path results = dir.resolve("adammeme");
        assertEquals(
                Optional.of("HarmfulMemesTest"),
                ReportedChecks.suiteOf(
                        results.resolve("HarmfulMemesTest").resolve("summary.json"),
                        results,
                        List.of(SUITE, "com.example.OtherTest")));
        assertEquals(
                Optional.empty(), ReportedChecks.suiteOf(results.resolve("summary.json"), results, List.of(SUITE)));
        assertEquals(
                Optional.empty(),
                ReportedChecks.suiteOf(results.resolve("gpt-4o").resolve("summary.json"), results, List.of(SUITE)),
                "a target's folder names no suite");
    }
}
