package io.github.adammeme.internal.pipeline.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The pace of a run is that of its calls being answered, lately. */
class CallRateTest {

    private static long seconds(long s) {
        return TimeUnit.SECONDS.toNanos(s);
    }

    @Test
    void thePaceStartsWithTheFirstAnswers() {
        CallRate rate = new CallRate(60, 0.5);
        rate.observe(seconds(0), 0);
        assertEquals(0, rate.perSecond());
        rate.observe(seconds(20), 0);
        rate.observe(seconds(21), 5);
        rate.observe(seconds(25), 25);
        assertEquals(5, rate.perSecond(), 1e-9);
        assertEquals(seconds(5), rate.answeringNanos());
    }

    @Test
    void aRunOfHoursFollowsAChangeOfPace() {
        CallRate rate = new CallRate(60, 0.5);
        rate.observe(seconds(0), 0);
        // 10 calls a second for an hour, then 2 a second (a rate limit, a slower stage) for another
        for (long s = 1; s <= 7200; s++) {
            rate.observe(seconds(s), s <= 3600 ? 10 * s : 36_000 + 2 * (s - 3600));
        }
        // the later half of the two hours: the slower pace alone, not the 6 a second of the whole run
        assertEquals(2, rate.perSecond(), 1e-9);
    }

    @Test
    void aShortRunIsPacedOverAMinuteAtLeast() {
        CallRate rate = new CallRate(60, 0.5);
        rate.observe(seconds(0), 0);
        for (long s = 1; s <= 40; s++) {
            // fast at first, slower later: a minute takes in the whole of a 40-second run
            rate.observe(seconds(s), s <= 20 ? 10 * s : 200 + 2 * (s - 20));
        }
        assertEquals(240 / 40.0, rate.perSecond(), 1e-9);
    }
}
