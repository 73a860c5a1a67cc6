package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The progress line's time left covers the whole run: every stage's calls, at the pace seen so far. */
class TimeLeftTest {

    private static RunPlan.Line line(String stage, long expected) {
        return new RunPlan.Line(stage, "Role", "m", expected, expected * 3, "", 0, 0, 0, 0, 0, 0, true);
    }

    /** 100 memes, 50 pairs: 100 mining calls, 200 scoring calls, 100 refinement calls expected. */
    private final TimeLeft timeLeft = new TimeLeft(new RunPlan(100, 6, 6, 106, 50, List.of(line(AdamMeme.MINING, 100),
            line(AdamMeme.SCORING, 200), line(AdamMeme.REFINEMENT, 100)), List.of()));

    private static long seconds(long s) {
        return TimeUnit.SECONDS.toNanos(s);
    }

    @Test
    void theFirstCallsGiveNoEstimate() {
        assertEquals(Optional.empty(), timeLeft.describe(new TimeLeft.Progress(100, 10, -1, 0, 0, 0,
                Map.of(AdamMeme.MINING, 10L)), seconds(10), 0));
    }

    @Test
    void halfWayThroughMiningTheLaterStagesAreCountedToo() {
        // 50 calls in 50 s: the 50 mining calls left, and all 300 of scoring and refinement, at a call a second
        assertEquals(Optional.of(" · about 05:50 and ~$3.5000 left in the run (50 calls of ~400)"), timeLeft.describe(
                new TimeLeft.Progress(100, 50, -1, 0, 0, 0, Map.of(AdamMeme.MINING, 50L)), seconds(50), 0.5));
    }

    @Test
    void earlyInTheRunTheEstimateIsCalledRough() {
        // 25 calls for 20 memes: 100 mining calls left at that rate, then the 300 planned
        assertEquals(Optional.of(" · about 06:40 left in the run (25 calls of ~425, rough: early in the run)"),
                timeLeft.describe(new TimeLeft.Progress(100, 20, -1, 0, 0, 0, Map.of(AdamMeme.MINING, 25L)), seconds(25), 0));
    }

    @Test
    void oncePairsAreChosenTheirNumberAndPaceReplaceThePlans() {
        // half the planned pairs: 4 calls per scored pair for the 20 left, and half the planned refinement
        assertEquals(80 + 50, timeLeft.callsLeft(new TimeLeft.Progress(100, 100, 25, 5, 0, 0,
                Map.of(AdamMeme.MINING, 100L, AdamMeme.SCORING, 20L))), 1e-9);
        // every pair scored and every chain finished: nothing is left, whatever the plan said
        assertEquals(0, timeLeft.callsLeft(new TimeLeft.Progress(100, 100, 25, 25, 4, 4,
                Map.of(AdamMeme.MINING, 100L, AdamMeme.SCORING, 100L, AdamMeme.REFINEMENT, 10L))), 1e-9);
        // refinement past its plan, two chains still running: at the finished chains' pace
        assertEquals(2 * 30, timeLeft.callsLeft(new TimeLeft.Progress(100, 100, 50, 50, 6, 4,
                Map.of(AdamMeme.MINING, 100L, AdamMeme.SCORING, 200L, AdamMeme.REFINEMENT, 120L))), 1e-9);
    }
}
