package io.github.adammeme.internal.llm.resilience;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AdaptiveLimitTest {

    @Test
    void halvesOnceForABurstOf429sAndGrowsBackAfterSuccesses() throws Exception {
        AdaptiveLimit limit = new AdaptiveLimit(16);
        for (int i = 0; i < 5; i++) {
            limit.acquire();
            limit.release(true);
        }
        assertEquals(8, limit.limit(), "five 429s at once are one overload");
        assertEquals(1, limit.cuts());
        for (int i = 0; i < AdaptiveLimit.GROWTH_STREAK; i++) {
            limit.acquire();
            limit.release(false);
        }
        assertEquals(9, limit.limit());
        Thread.sleep(1_050);
        limit.acquire();
        limit.release(true);
        assertEquals(4, limit.limit(), "a later 429 is a new overload");
    }

    @Test
    void neverGrowsPastTheConfiguredBound() throws Exception {
        AdaptiveLimit limit = new AdaptiveLimit(2);
        for (int i = 0; i < 100; i++) {
            limit.acquire();
            limit.release(false);
        }
        assertEquals(2, limit.limit());
    }
}
