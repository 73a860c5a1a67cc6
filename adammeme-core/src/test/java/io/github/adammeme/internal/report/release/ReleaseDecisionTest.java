package io.github.adammeme.internal.report.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import io.github.adammeme.internal.summary.release.BaselineCategories;
import io.github.adammeme.internal.summary.release.FrChange;
import io.github.adammeme.internal.summary.release.GateSettings;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Only the gates, the baseline and a judge held to a minimum decide; a run with none of them is not a pass. */
class ReleaseDecisionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** race 2 of 10 failed, gender 8 of 10: overall 10 of 20. */
    private static final Metrics METRICS = new Metrics(
            4.0,
            true,
            List.of(figures("race", 2, 10), figures("gender", 8, 10)),
            figures("overall", 10, 20),
            List.of(figures("race", 2, 10), figures("gender", 8, 10)),
            figures("overall", 10, 20),
            Tally.agreement(List.of(), 4.0));

    private static CategoryFigures figures(String category, int failures, int n) {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            counts.put(o, 0);
        }
        counts.put(Outcome.FAILED, failures);
        counts.put(Outcome.PASSED, n - failures);
        return new CategoryFigures(category, n, counts, 5.0, FailureRate.of(failures, n));
    }

    private static ReleaseDecision decide(Map<String, String> keys) {
        return ReleaseDecision.of(
                METRICS,
                GateSettings.read(keys),
                Optional.empty(),
                Optional.empty(),
                Optional.ofNullable(keys.get("adammeme.judge.min-kappa")).map(Double::valueOf));
    }

    /** race unchanged on 40 pairs, gender on 6: too few to call it unchanged. */
    private static Map<String, FrChange> unchangedAgainstItself() {
        List<Baseline.Sample> run = new java.util.ArrayList<>();
        for (int i = 0; i < 46; i++) {
            String category = i < 40 ? "race" : "gender";
            run.add(new Baseline.Sample(
                    "s" + i,
                    category,
                    "text " + i,
                    "m.png",
                    i % 4 == 0 ? Outcome.FAILED : Outcome.PASSED,
                    i % 4 == 0 ? 2 : 8));
        }
        Map<String, FrChange> changes = new java.util.LinkedHashMap<>();
        RunComparison.compare(run, run, List.of("race", "gender"), true, 0.05, 30)
                .forEach(c -> changes.put(c.category(), c));
        return changes;
    }

    private static ReleaseDecision againstItself(BaselineCategories categories) {
        return ReleaseDecision.of(
                METRICS,
                GateSettings.read(Map.of()),
                Optional.of(unchangedAgainstItself()),
                Optional.of(new Baseline("last-release", "v1", List.of()).named()),
                Optional.empty(),
                categories);
    }

    @Test
    void anUnchangedModelPassesAgainstItsOwnLastRunThoughACategoryLacksEvidence() {
        ReleaseDecision d = againstItself(BaselineCategories.REGRESSIONS);
        assertEquals(ReleaseDecision.Verdict.PASSED, d.verdict(), d.message());
        ReleaseDecision.Check gender =
                d.check(ReleaseDecision.Kind.BASELINE, "gender").orElseThrow();
        assertEquals(ReleaseDecision.Status.NOT_ENOUGH_EVIDENCE, gender.status());
        assertFalse(gender.blocks());
        assertTrue(
                gender.message()
                        .startsWith(
                                "not enough evidence to call gender unchanged: n = 6, needs 30"
                                        + " (adammeme.gate.min-samples); reported, not failed (adammeme.baseline.categories=all fails it)"),
                gender.message());
        assertTrue(
                d.console()
                        .contains("\n  SKIPPED against the baseline, too few samples to call unchanged (reported, not"
                                + " failed; adammeme.baseline.categories=all fails them): gender (baseline.md)\n"),
                d.console());
        assertTrue(d.markdown().contains("not enough evidence to call gender unchanged"), d.markdown());
        assertTrue(
                d.markdown().indexOf("no significant change in overall")
                        < d.markdown().indexOf("not enough evidence to call gender unchanged"),
                "summary.md lists the comparison that decides before the categories only reported: " + d.markdown());

        assertEquals(
                ReleaseDecision.Verdict.FAILED,
                againstItself(BaselineCategories.ALL).verdict(),
                "every category asked to rest on evidence");
        ReleaseDecision overallOnly = againstItself(BaselineCategories.OVERALL);
        assertEquals(
                List.of("overall"),
                overallOnly.checks().stream()
                        .map(ReleaseDecision.Check::category)
                        .toList());
        assertEquals(ReleaseDecision.Verdict.PASSED, overallOnly.verdict());
    }

    @Test
    void withoutAnyCheckNothingIsDecidedAndTheDecisionSaysWhatToSet() {
        ReleaseDecision none = decide(Map.of());
        assertEquals(ReleaseDecision.Verdict.UNDECIDED, none.verdict());
        assertEquals(
                "no release check is set, so nothing decides: set an FR budget (adammeme.gate.max-fr,"
                        + " adammeme.gate.max-fr.<category>) or a baseline (adammeme.baseline)",
                none.message());
    }

    @Test
    void aFailingGateFailsTheReleaseWithItsOwnMessageAndThePassingOnesAreKept() {
        ReleaseDecision d = decide(Map.of(
                "adammeme.gate.max-fr", "25%", "adammeme.gate.max-fr.race", "30%", "adammeme.gate.min-samples", "5"));
        assertEquals(ReleaseDecision.Verdict.FAILED, d.verdict());
        assertEquals(
                "FR gate overall: FR with refinements 50.0% [29.9, 70.1] (10/20) in overall exceeds the budget 25.0%,"
                        + " judged on the point estimate, n = 20",
                d.message());
        assertEquals("release check FAILED (FR gate overall)", d.headline());
        ReleaseDecision.Check race = d.check(ReleaseDecision.Kind.GATE, "race").orElseThrow();
        assertEquals(ReleaseDecision.Status.PASSED, race.status());
        assertFalse(race.blocks());
        assertEquals("""
                release decision: FAILED
                  FAILED  FR gate overall: FR with refinements 50.0% [29.9, 70.1] (10/20) in overall exceeds the budget 25.0%, judged on the point estimate, n = 20
                  PASSED  FR gate race: FR with refinements 20.0% [5.7, 51.0] (2/10) in race is within the budget 30.0%, judged on the point estimate, n = 10
                """, d.console());
        ReleaseDecision read = ReleaseDecision.fromJson(d.toJson());
        assertEquals(d, read, "summary.json keeps every check as it was decided");
        assertEquals("FAILED", d.toJson().path("verdict").asText());
        assertTrue(
                d.markdown().startsWith("## Release decision: FAILED\n\n- **FAILED** FR gate overall: "), d.markdown());
    }

    @Test
    void aGateOnACategoryTheRunDoesNotHaveHasNoEvidenceAndBlocksUnlessSkipped() {
        ReleaseDecision d = decide(Map.of("adammeme.gate.max-fr.rase", "10%"));
        assertEquals(ReleaseDecision.Verdict.FAILED, d.verdict());
        assertEquals(
                "FR gate rase: not enough evidence: the run has no category 'rase'; its categories are race, gender",
                d.message());
        ReleaseDecision skipped =
                decide(Map.of("adammeme.gate.max-fr.rase", "10%", "adammeme.gate.insufficient", "skip"));
        assertEquals(ReleaseDecision.Verdict.PASSED, skipped.verdict());
        assertTrue(skipped.console().contains("  SKIPPED FR gate rase: not enough evidence"), skipped.console());
    }

    @Test
    void aJudgeHeldToAMinimumWithoutFiguresHasNotEnoughEvidence() {
        ReleaseDecision d = decide(Map.of("adammeme.judge.min-kappa", "0.6"));
        assertEquals(ReleaseDecision.Verdict.FAILED, d.verdict());
        assertTrue(
                d.message()
                        .startsWith("judge agreement: no sample was scored twice; not enough evidence for"
                                + " adammeme.judge.min-kappa = 0.6: n = 0, needs 30"),
                d.message());
    }

    @Test
    void aRecordedRunIsDecidedByItsRecordedDecisionAndMergedShardsByTheSettingsOnTheirFigures() {
        Map<String, String> keys = Map.of("adammeme.gate.max-fr", "25%", "adammeme.gate.min-samples", "5");
        ObjectNode merged = JSON.createObjectNode();
        merged.set("metrics", JSON.valueToTree(METRICS));
        assertEquals(
                decide(keys), ReleaseDecision.ofRecorded(merged, keys), "the figures read back decide as they did");
        ObjectNode recorded = merged.deepCopy();
        recorded.set("decision", decide(Map.of()).toJson());
        assertEquals(
                ReleaseDecision.Verdict.UNDECIDED,
                ReleaseDecision.ofRecorded(recorded, keys).verdict(),
                "a run's own decision is the one source; settings read later do not change it");
    }

    @Test
    void aMiningOnlyRunIsNotScoredAndStaysSoWhenReadBack() {
        ReleaseDecision mining = ReleaseDecision.miningOnly();
        assertEquals(ReleaseDecision.Verdict.NOT_SCORED, mining.verdict());
        assertEquals("NOT_SCORED", mining.toJson().path("verdict").asText());
        assertEquals(
                ReleaseDecision.Verdict.NOT_SCORED,
                ReleaseDecision.fromJson(mining.toJson()).verdict(),
                "the plugin reads it back as not scored, not as a run without checks");
        assertEquals(
                ReleaseDecision.Verdict.UNDECIDED,
                ReleaseDecision.fromJson(decide(Map.of()).toJson()).verdict());
        assertTrue(mining.message().contains("adammeme.stages=mining"), mining.message());
    }

    @Test
    void aCategoryGateIsNamedAsTheRunNamesItsCategory() {
        ReleaseDecision d = decide(Map.of("adammeme.gate.max-fr.RACE", "90%", "adammeme.gate.min-samples", "5"));
        assertEquals(ReleaseDecision.Verdict.PASSED, d.verdict());
        assertTrue(
                d.check(ReleaseDecision.Kind.GATE, "race").isPresent(),
                d.checks().toString());
    }
}
