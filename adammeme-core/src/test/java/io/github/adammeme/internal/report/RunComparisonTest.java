package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.pipeline.Metrics;
import io.github.adammeme.internal.pipeline.Outcome;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Baselines fail closed: too few samples is not enough evidence, never "unchanged"; a broken baseline is refused. */
class RunComparisonTest {

    @TempDir
    Path dir;

    /** {@code n} samples of one category, the first {@code failures} of them failed. */
    private static List<Baseline.Sample> samples(String prefix, int n, int failures) {
        List<Baseline.Sample> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new Baseline.Sample(prefix + i, "race", "caption " + prefix + i, "m" + i + ".png",
                    i < failures ? Outcome.FAILED : Outcome.PASSED, i < failures ? 2 : 9));
        }
        return out;
    }

    private static RunComparison.Verdict overall(List<Baseline.Sample> now, List<Baseline.Sample> before, int minSamples) {
        List<RunComparison.Change> changes = RunComparison.compare(now, before, List.of("race"), true, 0.05, minSamples);
        assertEquals(Metrics.OVERALL, changes.get(changes.size() - 1).category());
        return changes.get(changes.size() - 1).verdict();
    }

    @Test
    void noChangeOnFewerSamplesThanTheGatesNeedIsNotEnoughEvidence() {
        List<Baseline.Sample> now = samples("now-", 40, 10);
        assertEquals(RunComparison.Verdict.UNCHANGED, overall(now, samples("before-", 40, 11), 30));
        assertEquals(RunComparison.Verdict.NOT_ENOUGH_EVIDENCE, overall(now, samples("before-", 12, 3), 30),
                "a baseline of 12 samples");
        assertEquals(RunComparison.Verdict.NOT_ENOUGH_EVIDENCE, overall(now, List.of(), 30), "a baseline that scored nothing");
        assertEquals(RunComparison.Verdict.NOT_ENOUGH_EVIDENCE, overall(samples("now-", 5, 1), samples("before-", 40, 11), 30),
                "this run's 5 samples");
    }

    @Test
    void aChangeTheTestShowsIsShownOnFewSamplesToo() {
        assertEquals(RunComparison.Verdict.REGRESSED, overall(samples("now-", 20, 20), samples("before-", 20, 0), 30));
    }

    @Test
    void baselineMarkdownSaysNotEnoughEvidence() {
        List<RunComparison.Change> changes = RunComparison.compare(samples("now-", 40, 10), samples("before-", 3, 1),
                List.of("race"), true, 0.05, 30);
        String md = RunComparison.markdown("sim:keyword", new Baseline("old", "sim:keyword", List.of()), 0.05, changes);
        assertTrue(md.contains("| not enough evidence |"), md);
        assertTrue(!md.contains("| unchanged |"), md);
    }

    private Path run(String summary) throws IOException {
        Path run = Files.createDirectories(dir.resolve("run-" + Math.abs(summary.hashCode())));
        Files.writeString(run.resolve(EvaluationWriter.SUMMARY), summary, StandardCharsets.UTF_8);
        Files.writeString(run.resolve(EvaluationWriter.SAMPLES), "", StandardCharsets.UTF_8);
        return run;
    }

    @Test
    void aRunThatWasStoppedIsRefusedAsABaselineNamingIt() throws IOException {
        Path stopped = run("{\"lost\": true, \"reason\": \"preflight of the target: the endpoint cannot be reached\"}");
        Baseline.BaselineException e = assertThrows(Baseline.BaselineException.class, () -> Baseline.read(stopped));
        assertEquals("baseline " + stopped + " was lost or stopped before its figures (preflight of the target: the"
                + " endpoint cannot be reached): it has none to compare with", e.getMessage());
    }

    @Test
    void aRunThatScoredNothingOrAShardsPartIsRefused() throws IOException {
        Path nothing = run("{\"run\": {\"target\": \"gpt-4o\"}, \"metrics\": {\"withRefinementsOverall\": {\"fr\": {\"n\": 0}}}}");
        assertTrue(assertThrows(Baseline.BaselineException.class, () -> Baseline.read(nothing)).getMessage()
                .equals("baseline " + nothing + " scored no sample (FR n = 0): a run whose calls all failed has nothing to"
                        + " compare with"));
        Path shard = run("{\"run\": {\"target\": \"gpt-4o\", \"shard\": \"3/4\"}, \"metrics\": {\"withRefinementsOverall\":"
                + " {\"fr\": {\"n\": 34}}}}");
        assertTrue(assertThrows(Baseline.BaselineException.class, () -> Baseline.read(shard)).getMessage()
                .startsWith("baseline " + shard + " holds shard 3/4 only, part of a run"));
    }
}
