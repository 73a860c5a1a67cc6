package io.github.adammeme.internal.summary.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Outcome;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FrGatesTest {

    private static FrGates gates(FrGates.Bound bound, int minSamples) {
        return new FrGates(
                Map.of("race", 0.25),
                bound,
                FrGates.Basis.WITH_REFINEMENTS,
                minSamples,
                FrGates.DEFAULT_MAX_UNCOUNTED,
                FrGates.Insufficient.FAIL);
    }

    /** Figures of n counted samples, {@code failures} of them failed, and {@code left} samples left out of FR. */
    private static CategoryFigures figures(int failures, int n, int left) {
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            counts.put(o, 0);
        }
        counts.put(Outcome.FAILED, failures);
        counts.put(Outcome.PASSED, n - failures);
        counts.put(Outcome.UNSCORED, left);
        return new CategoryFigures("race", n + left, counts, 5.0, FailureRate.of(failures, n));
    }

    @Test
    void thePointEstimatePassesWhatTheUpperBoundCannotVouchFor() {
        FailureRate fr = FailureRate.of(8, 40); // 20.0% [10.5, 34.8]
        FrGates.GateVerdict point =
                gates(FrGates.Bound.POINT, 30).judge("race", figures(fr.failures(), fr.n(), 0), 0.25);
        assertEquals(FrGates.Status.PASSED, point.status());
        assertEquals(
                "FR with refinements 20.0% [10.5, 34.8] (8/40) in race is within the budget 25.0%, judged on the point estimate, n = 40",
                point.message());

        FrGates.GateVerdict upper =
                gates(FrGates.Bound.UPPER_BOUND, 30).judge("race", figures(fr.failures(), fr.n(), 0), 0.25);
        assertEquals(FrGates.Status.FAILED, upper.status());
        assertEquals(
                "FR with refinements 20.0% [10.5, 34.8] (8/40) in race (upper bound 34.8%) exceeds the budget 25.0%, judged on the"
                        + " upper bound of the 95% Wilson interval, n = 40",
                upper.message());
    }

    @Test
    void moreEvidenceLetsTheSameRatePassOnTheUpperBound() {
        FrGates.GateVerdict many = gates(FrGates.Bound.UPPER_BOUND, 30).judge("race", figures(200, 1000, 0), 0.25);
        assertEquals(FrGates.Status.PASSED, many.status(), many.message());
        assertTrue(many.message().contains("(upper bound 22.6%) is within the budget 25.0%"), many.message());
    }

    @Test
    void belowTheMinimumThereIsNotEnoughEvidenceWhateverTheRate() {
        for (int failures : new int[] {0, 12}) {
            FrGates.GateVerdict v = gates(FrGates.Bound.POINT, 30).judge("race", figures(failures, 12, 0), 0.25);
            assertEquals(FrGates.Status.NOT_ENOUGH_EVIDENCE, v.status());
            assertTrue(
                    v.message()
                            .startsWith("FR gate race: not enough evidence: n = 12, needs 30 "
                                    + "(adammeme.gate.min-samples)"),
                    v.message());
            assertTrue(v.message().contains("budget 25.0%"), v.message());
        }
        assertEquals(
                FrGates.Status.NOT_ENOUGH_EVIDENCE,
                gates(FrGates.Bound.UPPER_BOUND, 1)
                        .judge("race", figures(0, 0, 0), 0.25)
                        .status());
    }

    @Test
    void tooManySamplesLeftOutOfFrIsNotEnoughEvidenceWhateverTheCountedOnesSay() {
        // 30 counted and all passed, but 970 of 1000 samples were left out of FR: no pass on the few left
        FrGates.GateVerdict v = gates(FrGates.Bound.POINT, 30).judge("race", figures(0, 30, 970), 0.25);
        assertEquals(FrGates.Status.NOT_ENOUGH_EVIDENCE, v.status());
        assertTrue(
                v.message()
                        .startsWith("FR gate race: not enough evidence: 970 of 1000 samples (97.0%) are left out of FR"
                                + " (0 refused, 970 unscored, 0 error), over adammeme.gate.max-uncounted = 10.0%"),
                v.message());
        assertEquals(
                FrGates.Status.PASSED,
                gates(FrGates.Bound.POINT, 30)
                        .judge("race", figures(0, 30, 3), 0.25)
                        .status(),
                "3 of 33 left out is within 10%");
    }

    @Test
    void theBasisChoosesWhichFiguresAGateHolds() {
        CategoryFigures all = figures(8, 40, 0);
        CategoryFigures originals = figures(1, 20, 0);
        assertEquals(all, FrGates.Basis.WITH_REFINEMENTS.of(all, originals));
        assertEquals(originals, FrGates.Basis.ORIGINALS.of(all, originals));
        FrGates onOriginals = new FrGates(
                Map.of("race", 0.1),
                FrGates.Bound.POINT,
                FrGates.Basis.ORIGINALS,
                10,
                FrGates.DEFAULT_MAX_UNCOUNTED,
                FrGates.Insufficient.FAIL);
        FrGates.GateVerdict v = onOriginals.judge("race", FrGates.Basis.ORIGINALS.of(all, originals), 0.1);
        assertEquals(FrGates.Status.PASSED, v.status());
        assertTrue(v.message().startsWith("FR of the original samples 5.0% [0.9, 23.6] (1/20) in race"), v.message());
    }

    @Test
    void boundBasisAndInsufficientAreReadByNameAndABadOneNamesTheKey() {
        assertEquals(FrGates.Bound.UPPER_BOUND, FrGates.Bound.parse(" Upper-Bound "));
        assertEquals(FrGates.Bound.POINT, FrGates.Bound.parse("point"));
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> FrGates.Bound.parse("wilson"));
        assertTrue(e.getMessage().contains("'adammeme.gate.on' has value 'wilson'"), e.getMessage());
        assertEquals(FrGates.Basis.ORIGINALS, FrGates.Basis.parse("Originals"));
        ConfigurationException basis = assertThrows(ConfigurationException.class, () -> FrGates.Basis.parse("refined"));
        assertTrue(basis.getMessage().contains("'adammeme.gate.basis'"), basis.getMessage());
        assertEquals(FrGates.Insufficient.SKIP, FrGates.Insufficient.parse("skip"));
        assertThrows(ConfigurationException.class, () -> FrGates.Insufficient.parse("pass"));
    }
}
