package io.github.adammeme.internal.pipeline.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.pipeline.AdamMeme;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The progress line's time left covers the whole run: every stage's calls, at the pace calls are answered now. */
class TimeLeftTest {

    /** How far off the estimate may be, either way, a quarter, half and three quarters into a recorded run. */
    private static final double FACTOR = 2;

    private static RunPlan.Line line(String stage, String role, long expected) {
        return new RunPlan.Line(stage, role, "m", expected, expected * 3, "", 0, 0, 0, 0, 0, 0, true);
    }

    private static RunPlan plan(int memes, long pairs, long mining, long scoring, long refinement, long steps) {
        return new RunPlan(
                memes,
                6,
                6,
                6 + memes,
                pairs,
                List.of(
                        line(AdamMeme.MINING, "Miner", mining),
                        line(AdamMeme.SCORING, "Scorer", scoring),
                        line(AdamMeme.REFINEMENT, "Refiner", steps),
                        line(AdamMeme.REFINEMENT, "Target", refinement - steps)),
                List.of());
    }

    /** 100 memes, 50 pairs: a mining call per meme, 4 scoring calls per pair, 20 refinement steps of 5 calls each. */
    private static final RunPlan PLAN = plan(100, 50, 100, 200, 100, 20);

    private static long seconds(double s) {
        return (long) (s * TimeUnit.SECONDS.toNanos(1));
    }

    private static TimeLeft.Progress mining(int mined, long calls) {
        return new TimeLeft.Progress(100, mined, mined, -1, 0, List.of(), Map.of(AdamMeme.MINING, calls));
    }

    /** 30 seconds of starting up without an answer, then 10 calls answered a second while mining, a call per meme. */
    private static TimeLeft afterStartingUp(int seconds) {
        TimeLeft timeLeft = new TimeLeft(PLAN);
        for (int s = 0; s <= 30 + seconds; s++) {
            int calls = Math.max(0, 10 * (s - 30));
            timeLeft.observe(seconds(s), mining(calls, calls));
        }
        return timeLeft;
    }

    @Test
    void theFirstCallsGiveNoEstimate() {
        assertEquals(Optional.empty(), afterStartingUp(1).describe(mining(10, 10), 0));
    }

    @Test
    void theTimeBeforeTheFirstAnswersIsNotTakenForThePace() {
        // 100 calls in the 10 s since the first answers: 10 a second, not the 2.5 a second of the 40 s since the start.
        // Calls left: 83.3 of mining (1.83 per meme so far, with the plan's 1 weighed as 10 memes), the 200 planned of
        // scoring, 100 of refinement: 38 s at 10 a second.
        assertEquals(
                Optional.of(" · about 00:38 and ~$1.9167 left in the run (100 calls of ~483)"),
                afterStartingUp(10).describe(mining(50, 100), 0.5));
    }

    @Test
    void earlyInTheRunTheEstimateIsCalledRough() {
        Optional<String> estimate = afterStartingUp(3).describe(mining(30, 30), 0);
        assertTrue(estimate.orElseThrow().endsWith(", rough: early in the run)"), estimate.orElseThrow());
    }

    @Test
    void oncePairsAreChosenTheirNumberAndPaceReplaceThePlans() {
        // half the planned pairs, 5 scored at 4 calls each: 80 scoring calls left; refinement at the plan's 0.4 steps
        // per pair and 5 calls per step for the 25 pairs
        TimeLeft.Category notYetRefined = new TimeLeft.Category(25, 5, -1, 0, 0, false);
        assertEquals(
                80 + 50,
                new TimeLeft(PLAN)
                        .callsLeft(new TimeLeft.Progress(
                                100,
                                100,
                                25,
                                25,
                                5,
                                List.of(notYetRefined),
                                Map.of(AdamMeme.MINING, 100L, AdamMeme.SCORING, 20L))),
                1e-9);
    }

    private static TimeLeft.Progress refining(TimeLeft.Category... categories) {
        int steps = 0;
        for (TimeLeft.Category c : categories) {
            steps += c.steps();
        }
        return new TimeLeft.Progress(
                100,
                100,
                50,
                50,
                50,
                List.of(categories),
                Map.of(AdamMeme.MINING, 100L, AdamMeme.SCORING, 200L, AdamMeme.REFINEMENT, 5L * steps));
    }

    @Test
    void aCategoryTakesNoMoreStepsThanItHasOriginalsLeftWhateverItsChains() {
        // 10 chains that no step has ended, but 20 originals of which 15 are rewritten already: 5 steps of 5 calls
        assertEquals(25, new TimeLeft(PLAN).callsLeft(refining(new TimeLeft.Category(20, 20, 10, 0, 15, false))), 1e-9);
    }

    @Test
    void chainsThatEndEarlyLeaveFewerStepsThanThePlanAssumed() {
        TimeLeft timeLeft = new TimeLeft(PLAN);
        // 10 chains, 20 steps taken and 100 originals to draw on: no step has ended a chain yet, so each goes on for
        // several steps more (the share of steps that end a chain is measured, starting from the plan's one in two)
        double noneEnded = timeLeft.callsLeft(refining(new TimeLeft.Category(100, 100, 10, 0, 20, false)));
        // 8 of them ended at a step whose score did not drop: 2 chains left, at the share of steps that end a chain
        double mostEnded = timeLeft.callsLeft(refining(new TimeLeft.Category(100, 100, 10, 8, 20, false)));
        assertTrue(mostEnded < noneEnded / 4, mostEnded + " against " + noneEnded);
        // every chain of a finished category has ended, whatever its steps said
        assertEquals(0, timeLeft.callsLeft(refining(new TimeLeft.Category(100, 100, 10, 2, 20, true))), 1e-9);
    }

    /** A progress sequence recorded once a second from a run of the command line, and when the run finished. */
    private record Recording(RunPlan plan, List<Long> millis, List<TimeLeft.Progress> progress, long end) {

        static Recording read(String name) throws IOException {
            var in = TimeLeftTest.class.getResourceAsStream("TimeLeftTest/" + name);
            assertNotNull(in, name);
            RunPlan plan = null;
            long end = -1;
            List<Long> millis = new ArrayList<>();
            List<TimeLeft.Progress> progress = new ArrayList<>();
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String row = reader.readLine(); row != null; row = reader.readLine()) {
                    String[] f = row.split(",", -1);
                    if (f[0].equals("#plan")) {
                        plan = TimeLeftTest.plan(
                                Integer.parseInt(f[1]),
                                Long.parseLong(f[2]),
                                Long.parseLong(f[3]),
                                Long.parseLong(f[4]),
                                Long.parseLong(f[5]),
                                Long.parseLong(f[6]));
                    } else if (f[0].equals("#end")) {
                        end = Long.parseLong(f[1]);
                    } else if (!f[0].startsWith("#")) {
                        millis.add(Long.parseLong(f[0]));
                        progress.add(new TimeLeft.Progress(
                                Integer.parseInt(f[1]),
                                Integer.parseInt(f[2]),
                                Integer.parseInt(f[3]),
                                Integer.parseInt(f[4]),
                                Integer.parseInt(f[5]),
                                categories(f[9]),
                                Map.of(
                                        AdamMeme.MINING,
                                        Long.parseLong(f[6]),
                                        AdamMeme.SCORING,
                                        Long.parseLong(f[7]),
                                        AdamMeme.REFINEMENT,
                                        Long.parseLong(f[8]))));
                    }
                }
            }
            return new Recording(plan, millis, progress, end);
        }

        private static List<TimeLeft.Category> categories(String field) {
            List<TimeLeft.Category> out = new ArrayList<>();
            for (String c : field.split(";")) {
                if (!c.isEmpty()) {
                    String[] n = c.split("/");
                    out.add(new TimeLeft.Category(
                            Integer.parseInt(n[0]),
                            Integer.parseInt(n[1]),
                            Integer.parseInt(n[2]),
                            Integer.parseInt(n[3]),
                            Integer.parseInt(n[4]),
                            n[5].equals("1")));
                }
            }
            return out;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sample-suite-500ms.csv", "harmeme-val.csv", "harmeme-val-500ms.csv"})
    void aQuarterHalfAndThreeQuartersIntoARecordedRunTheEstimateIsWithinAFactorOfTwo(String name) throws IOException {
        Recording run = Recording.read(name);
        TimeLeft timeLeft = new TimeLeft(run.plan());
        int firstAnswer = 0;
        while (run.progress().get(firstAnswer).total() == 0) {
            firstAnswer++;
        }
        long from = run.millis().get(firstAnswer);
        List<String> checked = new ArrayList<>();
        double[] marks = {0.25, 0.5, 0.75};
        int mark = 0;
        for (int i = 0; i < run.millis().size() && mark < marks.length; i++) {
            long now = run.millis().get(i);
            timeLeft.observe(TimeUnit.MILLISECONDS.toNanos(now), run.progress().get(i));
            if (now < from + marks[mark] * (run.end() - from)) {
                continue;
            }
            OptionalDouble estimate = timeLeft.secondsLeft(run.progress().get(i));
            double actual = (run.end() - now) / 1000.0;
            String at = String.format(
                    "%.0f%% in (%.1f s): %s s left, actually %.1f s",
                    marks[mark] * 100,
                    now / 1000.0,
                    estimate.isPresent() ? String.format("%.1f", estimate.getAsDouble()) : "no estimate",
                    actual);
            checked.add(at);
            assertTrue(estimate.isPresent(), at);
            assertTrue(estimate.getAsDouble() <= FACTOR * actual && estimate.getAsDouble() >= actual / FACTOR, at);
            mark++;
        }
        assertEquals(marks.length, checked.size(), checked.toString());
    }
}
