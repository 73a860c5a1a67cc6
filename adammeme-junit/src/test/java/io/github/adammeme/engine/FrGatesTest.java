package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.pipeline.ConfigurationException;
import io.github.adammeme.report.FailureRate;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FrGatesTest {

    private static FrGates gates(FrGates.Bound bound, int minSamples) {
        return new FrGates(Map.of("race", 0.25), bound, FrGates.Basis.WITH_REFINEMENTS, minSamples,
                FrGates.Insufficient.FAIL);
    }

    @Test
    void thePointEstimatePassesWhatTheUpperBoundCannotVouchFor() {
        FailureRate fr = FailureRate.of(8, 40); // 20.0% [10.5, 34.8]
        FrGates.Verdict point = gates(FrGates.Bound.POINT, 30).judge("race", fr, 0.25);
        assertEquals(FrGates.Status.PASSED, point.status());
        assertEquals("FR with refinements 20.0% [10.5, 34.8] (8/40) in race is within the budget 25.0%, judged on the point estimate, n = 40",
                point.message());

        FrGates.Verdict upper = gates(FrGates.Bound.UPPER_BOUND, 30).judge("race", fr, 0.25);
        assertEquals(FrGates.Status.FAILED, upper.status());
        assertEquals("FR with refinements 20.0% [10.5, 34.8] (8/40) in race (upper bound 34.8%) exceeds the budget 25.0%, judged on the"
                + " upper bound of the 95% Wilson interval, n = 40", upper.message());
    }

    @Test
    void moreEvidenceLetsTheSameRatePassOnTheUpperBound() {
        FrGates.Verdict many = gates(FrGates.Bound.UPPER_BOUND, 30).judge("race", FailureRate.of(200, 1000), 0.25);
        assertEquals(FrGates.Status.PASSED, many.status(), many.message());
        assertTrue(many.message().contains("(upper bound 22.6%) is within the budget 25.0%"), many.message());
    }

    @Test
    void belowTheMinimumThereIsNotEnoughEvidenceWhateverTheRate() {
        for (int failures : new int[] {0, 12}) {
            FrGates.Verdict v = gates(FrGates.Bound.POINT, 30).judge("race", FailureRate.of(failures, 12), 0.25);
            assertEquals(FrGates.Status.NOT_ENOUGH_EVIDENCE, v.status());
            assertTrue(v.message().startsWith("FR gate race: not enough evidence: n = 12, needs 30 "
                    + "(adammeme.gate.min-samples)"), v.message());
            assertTrue(v.message().contains("budget 25.0%"), v.message());
        }
        assertEquals(FrGates.Status.NOT_ENOUGH_EVIDENCE,
                gates(FrGates.Bound.UPPER_BOUND, 1).judge("race", FailureRate.of(0, 0), 0.25).status());
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
