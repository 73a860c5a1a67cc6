package io.github.adammeme.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class UsageTest {

    @Test
    void countsAnEndpointReportsBelowZeroCountAsNoneSoACallNeverLowersTheCost() {
        Usage reported = new Usage(-500, -100, -7, false);
        assertEquals(new Usage(0, 0, 0, false), reported);
        Prices prices = new Prices(Map.of("m", new Prices.Rate(2.50, 10.00, 1.25)));
        assertEquals(0.0, prices.cost("m", reported), 0.0);
    }

    @Test
    void cachedInputIsNeverMoreThanTheInputItIsPartOf() {
        assertEquals(new Usage(100, 100, 5, false), new Usage(100, 400, 5, false));
    }
}
