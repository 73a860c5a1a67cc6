package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.data.SyntheticMemes;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/** No verdict without evidence: FR summaries and the judge's agreement fail closed, and say why. */
class EvidenceTest {

    @TempDir
    static Path dir;
    static Path dataset;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
    }

    private static EngineExecutionResults run(String out, String... config) {
        return EngineRuns.keywordSuite(dataset, dir, out, config);
    }

    private static Event named(EngineExecutionResults results, String name) {
        return results.testEvents().finished().list().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no test named " + name));
    }

    private static TestExecutionResult result(Event e) {
        return e.getPayload(TestExecutionResult.class).orElseThrow();
    }

    @Test
    void aTargetThatRefusesEverythingWithRefusalsLeftOutOfFrIsNoGreenBuild() {
        EngineExecutionResults refusing = run("guarded", "adammeme.target.model", "sim:guarded",
                "adammeme.refusal-counts-as-failure", "false");
        assertTrue(refusing.testEvents().skipped().count() + refusing.testEvents().aborted().count() > 0,
                "each refused pair is left out of FR");
        TestExecutionResult overall = result(named(refusing, "FR summary: overall"));
        assertEquals(TestExecutionResult.Status.FAILED, overall.getStatus());
        String message = overall.getThrowable().orElseThrow().getMessage();
        assertTrue(message.matches("FR summary overall: not enough evidence: n = 0 of \\d+ samples counted in FR "
                + "\\(\\d+ refused, 0 unscored, 0 error\\)"), message);

        EngineExecutionResults skipping = run("guarded-skip", "adammeme.target.model", "sim:guarded",
                "adammeme.refusal-counts-as-failure", "false", "adammeme.gate.insufficient", "skip");
        assertEquals(TestExecutionResult.Status.ABORTED, result(named(skipping, "FR summary: overall")).getStatus());
    }

    @Test
    void theJudgesAgreementIsATestOfItsOwnThatFailsBelowTheMinimumKappa() {
        EngineExecutionResults fair = run("fair", "adammeme.judge.recheck", "1", "adammeme.judge.min-kappa", "0.8");
        Event agreement = named(fair, "judge agreement");
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, result(agreement).getStatus());
        String published = fair.allEvents().reportingEntryPublished().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().equals("judge agreement"))
                .map(e -> e.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs().get("judge")).findFirst()
                .orElseThrow();
        assertTrue(published.startsWith("judge agreement: kappa 1.00"), published);

        EngineExecutionResults noisy = run("noisy", "adammeme.judge.recheck", "1", "adammeme.judge.min-kappa", "0.8",
                "adammeme.sim.judge-noise", "0.5");
        TestExecutionResult below = result(named(noisy, "judge agreement"));
        assertEquals(TestExecutionResult.Status.FAILED, below.getStatus());
        assertTrue(below.getThrowable().orElseThrow().getMessage().endsWith("below adammeme.judge.min-kappa = 0.8"),
                below.getThrowable().orElseThrow().getMessage());

        EngineExecutionResults off = run("off", "adammeme.judge.recheck", "0");
        assertTrue(off.testEvents().finished().list().stream()
                .noneMatch(e -> e.getTestDescriptor().getDisplayName().equals("judge agreement")));
    }
}
