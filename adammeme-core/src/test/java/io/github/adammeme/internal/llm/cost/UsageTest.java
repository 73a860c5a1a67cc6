package io.github.adammeme.internal.llm.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatRequest;
import java.util.List;
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

    @Test
    void tokenCountsPastWhatALongHoldsSaturateAndSaySo() {
        UsageLedger ledger = new UsageLedger();
        ChatRequest request = new ChatRequest("Miner", List.of(ChatMessage.user("x")), 0, 1, null, 0, "d");
        for (int i = 0; i < 7; i++) {
            ledger.recordCall(request, "m", new Usage(Long.MAX_VALUE, 0, Long.MAX_VALUE, false));
        }
        assertEquals(Long.MAX_VALUE, ledger.totalTokens());
        assertEquals(Long.MAX_VALUE, ledger.lines().get(0).promptTokens());
        assertEquals(7, ledger.totalCalls());
        assertTrue(ledger.saturated());
        UsageLedger sane = new UsageLedger();
        sane.recordCall(request, "m", new Usage(10, 0, 5, false));
        assertEquals(15, sane.totalTokens());
        assertFalse(sane.saturated());
    }
}
