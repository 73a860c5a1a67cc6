package io.github.adammeme.engine;

import static io.github.adammeme.engine.EngineEvents.PAIR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.Condition;
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
                .filter(e -> e.getTestDescriptor().getDisplayName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no test named " + name));
    }

    private static TestExecutionResult result(Event e) {
        return e.getPayload(TestExecutionResult.class).orElseThrow();
    }

    @Test
    void aTargetThatRefusesEverythingWithRefusalsLeftOutOfFrIsNoGreenBuild() {
        EngineExecutionResults refusing =
                run("guarded", "adammeme.target.model", "sim:guarded", "adammeme.refusal-counts-as-failure", "false");
        assertTrue(
                refusing.testEvents().skipped().count()
                                + refusing.testEvents().aborted().count()
                        > 0,
                "each refused pair is left out of FR");
        refusing.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                displayName("FR summary: overall"),
                                finishedWithFailure(message(
                                        m -> m.matches("FR summary overall: not enough evidence: n = 0 of \\d+ samples"
                                                + " counted in FR \\(\\d+ refused, 0 unscored, 0 error\\)")))));

        EngineExecutionResults skipping = run(
                "guarded-skip",
                "adammeme.target.model",
                "sim:guarded",
                "adammeme.refusal-counts-as-failure",
                "false",
                "adammeme.gate.insufficient",
                "skip");
        skipping.testEvents()
                .assertThatEvents()
                .haveExactly(1, event(test(), displayName("FR summary: overall"), abortedWithReason()));
    }

    @Test
    void theGatesTestsReportTheReleaseDecisionThatSummaryJsonRecords() throws Exception {
        EngineExecutionResults gated = run(
                "gated",
                "adammeme.gate.max-fr",
                "1%",
                "adammeme.gate.max-fr.race",
                "100%",
                "adammeme.gate.max-fr.rase",
                "50%",
                "adammeme.gate.min-samples",
                "1");
        gated.testEvents()
                .assertThatEvents()
                .haveExactly(1, event(test(), displayName("FR gate: overall"), finishedWithFailure()))
                .haveExactly(1, event(test(), displayName("FR gate: race"), finishedSuccessfully()))
                // A gate on no category of the run gates nothing.
                .haveExactly(
                        1,
                        event(
                                test(),
                                displayName("FR gate: rase"),
                                finishedWithFailure(
                                        message(
                                                m -> m.startsWith(
                                                        "FR gate rase: not enough evidence: the run has no category 'rase'; its categories are race, ")))));
        TestExecutionResult overall = result(named(gated, "FR gate: overall"));

        JsonNode decision = new ObjectMapper()
                .readTree(dir.resolve("gated").resolve("summary.json").toFile())
                .path("decision");
        assertEquals("FAILED", decision.path("verdict").asText());
        List<String> recorded = new ArrayList<>();
        decision.path("checks").forEach(c -> recorded.add(c.path("message").asText()));
        assertTrue(
                recorded.contains(overall.getThrowable().orElseThrow().getMessage()),
                "one sentence in both: " + recorded);
        assertTrue(
                decision.path("message")
                        .asText()
                        .startsWith("2 release checks failed: FR gate overall: FR with" + " refinements "),
                decision.path("message").asText());
        assertTrue(
                Files.readString(dir.resolve("gated").resolve("summary.md")).contains("## Release decision: FAILED"));

        // A failed pair is a verdict, reported without the engine's stack.
        gated.testEvents()
                .failed()
                .assertThatEvents()
                .filteredOn(PAIR)
                .isNotEmpty()
                .are(event(finishedWithFailure(
                        new Condition<>(t -> t.getStackTrace().length == 0, "a verdict without a stack trace"))));
    }

    @Test
    void theJudgesAgreementIsATestOfItsOwnThatFailsBelowTheMinimumKappa() {
        EngineExecutionResults fair = run("fair", "adammeme.judge.recheck", "1", "adammeme.judge.min-kappa", "0.8");
        fair.testEvents()
                .assertThatEvents()
                .haveExactly(1, event(test(), displayName("judge agreement"), finishedSuccessfully()));
        String published = fair.allEvents().reportingEntryPublished().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().equals("judge agreement"))
                .map(e -> e.getPayload(ReportEntry.class)
                        .orElseThrow()
                        .getKeyValuePairs()
                        .get("judge"))
                .findFirst()
                .orElseThrow();
        assertTrue(published.startsWith("judge agreement: kappa 1.00"), published);

        EngineExecutionResults noisy = run(
                "noisy",
                "adammeme.judge.recheck",
                "1",
                "adammeme.judge.min-kappa",
                "0.8",
                "adammeme.sim.judge-noise",
                "0.5");
        noisy.testEvents()
                .assertThatEvents()
                .haveExactly(
                        1,
                        event(
                                test(),
                                displayName("judge agreement"),
                                finishedWithFailure(message(m -> m.endsWith("below adammeme.judge.min-kappa = 0.8")))));

        EngineExecutionResults off = run("off", "adammeme.judge.recheck", "0");
        off.testEvents().assertThatEvents().doNotHave(event(displayName("judge agreement")));
    }
}
