package io.github.adammeme.internal.pipeline.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.JudgeAgreement;
import io.github.adammeme.internal.summary.Outcome;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Cohen's kappa and its interval on pass/fail verdicts, checked against a table worked by hand. */
class JudgeAgreementTest {

    private static ScoredSample sample(String id, int first, Integer second) {
        return new ScoredSample(
                id,
                id,
                "race",
                "m",
                "t",
                "t",
                "i.png",
                null,
                first >= 4 ? Outcome.PASSED : Outcome.FAILED,
                first,
                "ref",
                "answer",
                "why",
                null,
                null,
                null,
                new SecondScore("second judge j", second, null));
    }

    /** a samples both pass, b first only, c second only, d both fail. */
    private static List<ScoredSample> table(int a, int b, int c, int d) {
        List<ScoredSample> out = new ArrayList<>();
        for (int i = 0; i < a; i++) {
            out.add(sample("a" + i, 8, 7));
        }
        for (int i = 0; i < b; i++) {
            out.add(sample("b" + i, 6, 2));
        }
        for (int i = 0; i < c; i++) {
            out.add(sample("c" + i, 3, 5));
        }
        for (int i = 0; i < d; i++) {
            out.add(sample("d" + i, 2, 2));
        }
        return out;
    }

    @Test
    void kappaDiscountsTheAgreementChanceWouldGive() {
        // p_o = 35/50 = 0.7; first passes 25/50, second 30/50: p_e = 0.5*0.6 + 0.5*0.4 = 0.5; kappa = 0.2/0.5 = 0.4.
        // Its interval: the Wilson interval of 35 agreements in 50, [0.5617, 0.8092], through the same formula.
        JudgeAgreement k = Tally.agreement(table(20, 5, 10, 15), 4.0);
        assertEquals(50, k.compared());
        assertEquals(35, k.agreements());
        assertEquals(0.4, k.kappa(), 1e-9);
        FailureRate agreed = FailureRate.of(35, 50);
        assertEquals((agreed.low() - 0.5) / 0.5, k.kappaLow(), 1e-9);
        assertEquals((agreed.high() - 0.5) / 0.5, k.kappaHigh(), 1e-9);
        assertEquals(0.125, k.kappaLow(), 1e-3);
        assertEquals(0.618, k.kappaHigh(), 1e-3);
        // |8-7| = 1 for 20, |6-2| = 4 for 5, |3-5| = 2 for 10, 0 for 15: (20 + 20 + 20) / 50
        assertEquals(1.2, k.meanAbsoluteDifference(), 1e-9);
        assertEquals(15, k.opposite().size());
        assertTrue(
                k.describe(4.0).startsWith("kappa 0.40 [0.12, 0.62], 35 of 50 pass/fail verdicts agree"),
                k.describe(4.0));
    }

    @Test
    void perfectAgreementOnFewSamplesStillHasAWideInterval() {
        // 15 agreements of 15, 10 passes and 5 fails for both: p_e = (2/3)^2 + (1/3)^2 = 5/9
        JudgeAgreement both = Tally.agreement(table(10, 0, 0, 5), 4.0);
        assertEquals(1.0, both.kappa(), 1e-9);
        assertEquals(1.0, both.kappaHigh(), 1e-9);
        assertEquals((FailureRate.of(15, 15).low() - 5.0 / 9) / (4.0 / 9), both.kappaLow(), 1e-9);
        assertTrue(both.kappaLow() < 0.6, "15 of 15 say little: " + both.kappaLow());
    }

    @Test
    void whenEverySampleFellOnOneSideForBothJudgesKappaIsUndefined() {
        JudgeAgreement oneSide = Tally.agreement(table(10, 0, 0, 0), 4.0);
        assertNull(oneSide.kappa(), "chance explains every agreement");
        assertNull(oneSide.kappaLow());
        assertTrue(
                oneSide.describe(4.0)
                        .startsWith("kappa undefined (every sample on one side for both judges), 10 of 10"),
                oneSide.describe(4.0));
    }

    @Test
    void withoutSecondScoresThereIsNoFigureAndItSaysSo() {
        JudgeAgreement none = Tally.agreement(List.of(), 4.0);
        assertNull(none.kappa());
        assertEquals("no sample was scored twice", none.describe(4.0));
        List<ScoredSample> failed = List.of(sample("x", 8, null));
        assertEquals(
                "no sample got both scores (1 drawn)",
                Tally.agreement(failed, 4.0).describe(4.0));
    }
}
