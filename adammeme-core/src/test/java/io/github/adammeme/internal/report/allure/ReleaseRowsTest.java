package io.github.adammeme.internal.report.allure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.release.FrChange;
import io.github.adammeme.internal.summary.release.FrGates;
import io.github.adammeme.internal.summary.release.GateSettings;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each release check in one short row: its status, and the figure that decided it against what it was held to. */
class ReleaseRowsTest {

    private static Map<String, String> rows(
            Map<String, String> keys, Optional<Map<String, FrChange>> changes, Optional<Double> minKappa) {
        FrGates gates = GateSettings.read(keys);
        Optional<Baseline> baseline = changes.map(c -> new Baseline("runs/last-release", "vision-1", List.of()));
        ReleaseDecision decision = ReleaseDecision.of(
                AllureEnvironmentTest.METRICS, gates, changes, baseline.map(Baseline::named), minKappa);
        return new ReleaseRows(AllureEnvironmentTest.METRICS, gates, changes, minKappa).of(decision);
    }

    @Test
    void aGateSaysWhatItHeldAgainstItsBudget() {
        Map<String, String> rows = rows(
                Map.of(
                        "adammeme.gate.max-fr",
                        "25%",
                        "adammeme.gate.max-fr.race",
                        "70%",
                        "adammeme.gate.min-samples",
                        "5"),
                Optional.empty(),
                Optional.empty());
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("release decision", "FAILED (1 of 2 checks)");
        expected.put("FR gate race", "PASSED · FR 66.7% ≤ 70.0%, n = 6");
        expected.put("FR gate overall", "FAILED · FR 58.3% > 25.0%, n = 12");
        assertEquals(expected, rows);
        assertEquals(
                List.of("release decision", "FR gate overall", "FR gate race"),
                List.copyOf(rows.keySet()),
                "the verdict leads, then what failed: the overview shows five rows before a click");
    }

    @Test
    void theUpperBoundAndTheOriginalsAreNamedWhenTheyAreWhatIsHeld() {
        assertEquals(
                "PASSED · FR originals upper bound 70.0% ≤ 75.0%, n = 6",
                rows(
                                Map.of(
                                        "adammeme.gate.max-fr",
                                        "75%",
                                        "adammeme.gate.on",
                                        "upper-bound",
                                        "adammeme.gate.basis",
                                        "originals",
                                        "adammeme.gate.min-samples",
                                        "5"),
                                Optional.empty(),
                                Optional.empty())
                        .get("FR gate overall"));
    }

    @Test
    void aCheckShortOfEvidenceSaysHowShortAndWhetherItBlocks() {
        assertEquals(
                "FAILED, not enough evidence · n = 12, needs 30",
                rows(Map.of("adammeme.gate.max-fr", "25%"), Optional.empty(), Optional.empty())
                        .get("FR gate overall"));
        assertEquals(
                "SKIPPED, not enough evidence · n = 12, needs 30",
                rows(
                                Map.of("adammeme.gate.max-fr", "25%", "adammeme.gate.insufficient", "skip"),
                                Optional.empty(),
                                Optional.empty())
                        .get("FR gate overall"));
        assertEquals(
                "FAILED, not enough evidence · the run has no category rase",
                rows(Map.of("adammeme.gate.max-fr.rase", "25%"), Optional.empty(), Optional.empty())
                        .get("FR gate rase"));
        assertEquals(
                "FAILED, not enough evidence · kappa undefined, n = 0, needs 30",
                rows(Map.of(), Optional.empty(), Optional.of(0.6)).get("judge agreement"));
    }

    @Test
    void aComparisonWithTheBaselineSaysHowFarFrMovedAndHowSurely() {
        FrChange worse = new FrChange(
                "overall",
                FailureRate.of(2, 40),
                FailureRate.of(12, 40),
                7.0,
                5.0,
                40,
                11,
                1,
                "McNemar, 40 pairs",
                0.0063,
                0.0063,
                FrChange.Verdict.REGRESSED);
        FrChange race = new FrChange(
                "race",
                FailureRate.of(1, 6),
                FailureRate.of(4, 6),
                7.0,
                5.0,
                6,
                3,
                0,
                "McNemar, 6 pairs",
                0.25,
                0.5,
                FrChange.Verdict.UNCHANGED);
        Map<String, String> rows = rows(
                Map.of("adammeme.gate.min-samples", "5"),
                Optional.of(Map.of("race", race, "overall", worse)),
                Optional.empty());
        assertEquals("FAILED · FR 5.0% → 30.0% (+25.0 points), p = 0.0063", rows.get("against the baseline: overall"));
        assertEquals(
                "PASSED · FR 16.7% → 66.7% (+50.0 points), Holm-adjusted p = 0.5000",
                rows.get("against the baseline: race"), "a category is decided on its p adjusted across categories");
    }

    @Test
    void aRunWithNothingToDecideSaysSo() {
        assertEquals(
                Map.of("release decision", "none: no check set (adammeme.gate.max-fr, adammeme.baseline)"),
                rows(Map.of(), Optional.empty(), Optional.empty()));
        assertEquals(
                Map.of("release decision", "none: a mining-only run scores nothing"),
                new ReleaseRows(
                                AllureEnvironmentTest.METRICS,
                                GateSettings.read(Map.of()),
                                Optional.empty(),
                                Optional.empty())
                        .of(ReleaseDecision.miningOnly()));
        assertEquals(List.of(), ReleaseDecision.miningOnly().checks());
    }
}
