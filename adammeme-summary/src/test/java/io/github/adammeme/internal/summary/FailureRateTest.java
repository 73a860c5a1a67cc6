package io.github.adammeme.internal.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Wilson 95% intervals against values worked out by hand from the formula (z = 1.96). */
class FailureRateTest {

    @ParameterizedTest(name = "{0}/{1} -> [{2}, {3}]")
    @CsvSource({
        // p = 0.2: centre = (0.2 + 1.9208/10) / 1.38415 = 0.28326, half = 1.96 * sqrt(0.016 + 0.0096) / 1.38415 =
        // 0.22658
        "2, 10, 0.0567, 0.5098",
        // p = 0: upper = (0.19208 + 0.19208) / 1.38415 = 0.27754
        "0, 10, 0.0000, 0.2775",
        "10, 10, 0.7225, 1.0000",
        // p = 0.5: centre 0.5, half = 1.96 * sqrt(0.025 + 0.0096) / 1.38415 = 0.26345
        "5, 10, 0.2366, 0.7634",
        "7, 20, 0.1812, 0.5671"
    })
    void wilsonInterval(int failures, int n, double low, double high) {
        FailureRate fr = FailureRate.of(failures, n);
        assertEquals((double) failures / n, fr.rate(), 1e-12);
        assertEquals(low, fr.low(), 5e-5);
        assertEquals(high, fr.high(), 5e-5);
    }

    @Test
    void theIntervalHoldsThePointEvenAtNoneAndAllFailed() {
        for (int n = 1; n <= 500; n++) {
            for (int failures : new int[] {0, n}) {
                FailureRate fr = FailureRate.of(failures, n);
                assertTrue(fr.low() <= fr.rate() && fr.rate() <= fr.high(), fr.toString());
            }
        }
        assertEquals(0.0, FailureRate.of(0, 6).low());
    }

    @Test
    void nothingCountedHasNoRateRatherThanZero() {
        FailureRate fr = FailureRate.of(0, 0);
        assertNull(fr.rate());
        assertNull(fr.low());
        assertEquals("n/a (0 scored)", fr.describe());
    }

    @Test
    void describesRateIntervalAndCounts() {
        assertEquals("20.0% [5.7, 51.0] (2/10)", FailureRate.of(2, 10).describe());
    }

    @Test
    void refusesImpossibleCounts() {
        assertThrows(IllegalArgumentException.class, () -> FailureRate.of(3, 2));
        assertThrows(IllegalArgumentException.class, () -> FailureRate.of(-1, 2));
    }

    @Test
    void aRecordedRateItsCountsDoNotGiveIsRefusedWhereItIsRead() throws Exception {
        ObjectMapper json = new ObjectMapper();
        FailureRate real = FailureRate.of(76, 202);
        assertEquals(real, json.readValue(json.writeValueAsString(real), FailureRate.class), "a JSON round trip");
        // A summary.json edited to pass an upper-bound gate of 25%: the counts still say 76 of 202.
        String bent = "{\"failures\":76,\"n\":202,\"rate\":0.10,\"low\":0.05,\"high\":0.20}";
        Exception e = assertThrows(Exception.class, () -> json.readValue(bent, FailureRate.class));
        assertTrue(e.getMessage().contains("an FR of 76 of 202 with rate 0.1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FailureRate(3, 50, null, null, null));
        assertThrows(IllegalArgumentException.class, () -> new FailureRate(76, 202, real.rate(), real.low(), null));
        assertThrows(IllegalArgumentException.class, () -> new FailureRate(0, 0, 0.0, 0.0, 0.0));
    }
}
