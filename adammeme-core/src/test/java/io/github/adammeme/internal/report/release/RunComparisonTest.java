package io.github.adammeme.internal.report.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import io.github.adammeme.internal.summary.release.FrChange;
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
            out.add(new Baseline.Sample(
                    prefix + i,
                    "race",
                    "caption " + prefix + i,
                    "m" + i + ".png",
                    i < failures ? Outcome.FAILED : Outcome.PASSED,
                    i < failures ? 2 : 9));
        }
        return out;
    }

    private static FrChange.Verdict overall(List<Baseline.Sample> now, List<Baseline.Sample> before, int minSamples) {
        List<FrChange> changes = RunComparison.compare(now, before, List.of("race"), true, 0.05, minSamples);
        assertEquals(Metrics.OVERALL, changes.get(changes.size() - 1).category());
        return changes.get(changes.size() - 1).verdict();
    }

    @Test
    void noChangeOnFewerSamplesThanTheGatesNeedIsNotEnoughEvidence() {
        List<Baseline.Sample> now = samples("now-", 40, 10);
        assertEquals(FrChange.Verdict.UNCHANGED, overall(now, samples("before-", 40, 11), 30));
        assertEquals(
                FrChange.Verdict.NOT_ENOUGH_EVIDENCE,
                overall(now, samples("before-", 12, 3), 30),
                "a baseline of 12 samples");
        assertEquals(
                FrChange.Verdict.NOT_ENOUGH_EVIDENCE, overall(now, List.of(), 30), "a baseline that scored nothing");
        assertEquals(
                FrChange.Verdict.NOT_ENOUGH_EVIDENCE,
                overall(samples("now-", 5, 1), samples("before-", 40, 11), 30),
                "this run's 5 samples");
    }

    @Test
    void aChangeTheTestShowsIsShownOnFewSamplesToo() {
        assertEquals(FrChange.Verdict.REGRESSED, overall(samples("now-", 20, 20), samples("before-", 20, 0), 30));
    }

    @Test
    void baselineMarkdownSaysNotEnoughEvidence() {
        List<FrChange> changes = RunComparison.compare(
                samples("now-", 40, 10), samples("before-", 3, 1), List.of("race"), true, 0.05, 30);
        String md = RunComparison.markdown("sim:keyword", new Baseline("old", "sim:keyword", List.of()), 0.05, changes);
        assertTrue(md.contains("| not enough evidence |"), md);
        assertTrue(!md.contains("| unchanged |"), md);
    }

    /** {@code n} samples of {@code category}, the first {@code failures} failed, ids shared by the runs that take the same prefix. */
    private static List<Baseline.Sample> in(String category, String prefix, int n, int failures) {
        List<Baseline.Sample> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new Baseline.Sample(
                    category + "-" + i,
                    category,
                    prefix + category + i,
                    "m" + i + ".png",
                    i < failures ? Outcome.FAILED : Outcome.PASSED,
                    i < failures ? 2 : 9));
        }
        return out;
    }

    @Test
    void anUnchangedModelAgainstItsOwnLastRunPassesEveryCategoryItHasEvidenceForAndComparesNoEmptyOne() {
        List<Baseline.Sample> run = new ArrayList<>(in("race", "", 40, 12));
        run.addAll(in("gender", "", 6, 2));
        List<FrChange> changes = RunComparison.compare(run, run, List.of("race", "gender", "animal"), true, 0.05, 30);
        // animal: in the taxonomy, scored by neither run: no comparison at all.
        assertEquals(
                List.of("race", "gender", Metrics.OVERALL),
                changes.stream().map(FrChange::category).toList());
        assertEquals(FrChange.Verdict.UNCHANGED, changes.get(0).verdict());
        assertEquals(FrChange.Verdict.NOT_ENOUGH_EVIDENCE, changes.get(1).verdict(), "6 samples say nothing");
        assertEquals(FrChange.Verdict.UNCHANGED, changes.get(2).verdict());
    }

    @Test
    void categoriesAreAdjustedTogetherSoChanceDoesNotCryWolf() {
        // race: 6 pairs flip from pass to fail, p = 0.031 on its own; below 5% alone, not as one test of six.
        List<Baseline.Sample> before = new ArrayList<>();
        List<Baseline.Sample> now = new ArrayList<>();
        for (String c : List.of("race", "gender", "religion", "nationality", "disability", "animal")) {
            before.addAll(in(c, "", 40, c.equals("race") ? 4 : 10));
            now.addAll(in(c, "", 40, 10));
        }
        List<FrChange> changes = RunComparison.compare(now, before, List.of("race"), true, 0.05, 30);
        FrChange race = changes.get(0);
        assertEquals("race", race.category());
        assertEquals(0.03125, race.p(), 1e-9);
        assertEquals(6 * 0.03125, race.adjusted(), 1e-9);
        assertEquals(FrChange.Verdict.UNCHANGED, race.verdict());
        assertTrue(
                race.describe().endsWith("p = 0.0313, adjusted = 0.1875 (Holm, across categories)"), race.describe());
        // The whole run is one test, adjusted for nothing: the same six flips are a regression there.
        FrChange overall = changes.get(changes.size() - 1);
        assertEquals(FrChange.Verdict.REGRESSED, overall.verdict());
        assertEquals(overall.p(), overall.adjusted());
        assertEquals(
                List.of(0.03, 0.04, 0.04),
                java.util.Arrays.stream(RunComparison.holm(new double[] {0.01, 0.02, 0.04}))
                        .map(p -> Math.round(p * 100) / 100.0)
                        .boxed()
                        .toList(),
                "3 x 0.01, 2 x 0.02, then never below those");
    }

    @Test
    void aPValueTooSmallForFourDecimalsIsNotPrintedAsZero() {
        assertEquals("p < 0.0001", FrChange.p(3.2e-9));
        assertEquals("p = 0.0001", FrChange.p(0.0001));
        assertEquals("p = 0.0432", FrChange.p(0.04321));
        FrChange change = RunComparison.compare(
                        in("race", "", 40, 40), in("race", "", 40, 0), List.of("race"), true, 0.05, 30)
                .get(1);
        assertTrue(
                change.describe().endsWith("(40 passed before and fail now, 0 the reverse), p < 0.0001"),
                change.describe());
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
        assertEquals(
                "baseline " + stopped + " was lost or stopped before its figures (preflight of the target: the"
                        + " endpoint cannot be reached): it has none to compare with",
                e.getMessage());
    }

    @Test
    void aRunThatScoredNothingOrAShardsPartIsRefused() throws IOException {
        Path nothing = run(
                "{\"run\": {\"target\": \"gpt-4o\"}, \"metrics\": {\"withRefinementsOverall\": {\"fr\": {\"n\": 0}}}}");
        assertTrue(assertThrows(Baseline.BaselineException.class, () -> Baseline.read(nothing))
                .getMessage()
                .equals("baseline " + nothing
                        + " scored no sample (FR n = 0): a run whose calls all failed has nothing to"
                        + " compare with"));
        Path shard =
                run("{\"run\": {\"target\": \"gpt-4o\", \"shard\": \"3/4\"}, \"metrics\": {\"withRefinementsOverall\":"
                        + " {\"fr\": {\"n\": 34}}}}");
        assertTrue(assertThrows(Baseline.BaselineException.class, () -> Baseline.read(shard))
                .getMessage()
                .startsWith("baseline " + shard + " holds shard 3/4 only, part of a run"));
    }
}
