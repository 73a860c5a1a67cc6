package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.Refiner;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.erasure.TextEraser;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.pipeline.progress.TimeLeft;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Refinement;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.retrieval.MisbeliefIndex;
import io.github.adammeme.internal.summary.Outcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Algorithm 1's transitions, driven by a scripted model so every score is known in advance. */
class RefinementStageTest {

    private static final String CATEGORY = "nationality";

    @TempDir
    Path dir;

    private final Map<String, Meme> memes = new LinkedHashMap<>();
    /** Score the Scorer gives a text; rewrites are "R(<text>)". */
    private final Map<String, Integer> scores = new HashMap<>();

    private boolean refinerBroken;
    /** Texts the target declines to analyse. */
    private final Set<String> declined = new HashSet<>();

    private ScriptedModel model() {
        return new ScriptedModel(this::answer);
    }

    private String answer(ChatRequest r) {
        return switch (r.role()) {
            case "Candidate" -> "The meme blames a nationality for a pandemic.";
            case "Senior" -> "Analysis 1 is best.\n## Final Response\nThe meme blames a nationality for a pandemic.";
            case "Target" ->
                declined.contains(ScriptedModel.block(r, "meme_text"))
                        ? "I'm sorry, but I can't help with analysing this meme."
                        : "It is harmful.";
            case "RefusalCheck" ->
                ScriptedModel.block(r, "answer").startsWith("I'm sorry")
                        ? "Yes. It declines the task."
                        : "No. It says the meme is harmful.";
            case "Scorer" ->
                "The answer is partly right.\nRating: [[" + scores.get(ScriptedModel.block(r, "meme_text")) + "]]";
            case "Refiner" ->
                refinerBroken
                        ? "Here is a quieter caption for the picture, in plain words."
                        : "{\"original_text\": \"x\", \"rewritten_text\": \"R(" + ScriptedModel.block(r, "meme_text")
                                + ")\", \"explanation\": \"vaguer\"}";
            default -> throw new IllegalStateException("unexpected role " + r.role());
        };
    }

    private ScoredSample original(String id, String category, String misbelief, int score) {
        String text = "text of " + id;
        Meme meme = Fixtures.meme(dir, id, text);
        memes.put(id, meme);
        scores.put(text, score);
        return new ScoredSample(
                id + "/" + category,
                id,
                category,
                misbelief,
                text,
                text,
                meme.image().toString(),
                null,
                score < 4 ? Outcome.FAILED : Outcome.PASSED,
                score,
                "ref",
                "answer",
                "why",
                null,
                null,
                null,
                null);
    }

    /** A stage made with the constructor that predates orders, as callers that set none make it. */
    private RefinementStage stage(ScriptedModel model, int seeds, int iterations) {
        return stage(model, seeds, iterations, null, PipelineListener.NONE);
    }

    private RefinementStage stage(
            ScriptedModel model, int seeds, int iterations, RefinementOrder order, PipelineListener listener) {
        AgentContext agents = Fixtures.agents(model);
        ScoringStage scoring = Fixtures.scoring(agents, 4.0);
        Probes probes = new Probes(
                memes,
                new MemeImages(ImageLimits.defaults().withMaxSide(256)),
                TextEraser.NONE,
                TextPlacement.PROMPT,
                dir.resolve("shown"));
        Refiner refiner = new Refiner(agents);
        return new RefinementStage(
                refiner,
                scoring,
                probes,
                seeds,
                iterations,
                42,
                listener,
                order == null ? RefinementOrder.ROUNDS : order);
    }

    /** Six samples whose misbeliefs share words in decreasing measure with the first. */
    private List<ScoredSample> sixSamples() {
        List<ScoredSample> samples = new ArrayList<>();
        String[] misbeliefs = {
            "The misbelief is that immigrants steal jobs from hard working locals",
            "The misbelief is that immigrants steal jobs and houses",
            "The misbelief is that immigrants steal",
            "The misbelief is that foreigners spread disease",
            "The misbelief is that tourists are rude",
            "The misbelief is that neighbours cannot cook"
        };
        for (int i = 0; i < misbeliefs.length; i++) {
            samples.add(original("m" + i, CATEGORY, misbeliefs[i], 9 - i % 3));
        }
        return samples;
    }

    /** Every rewrite scores {@code rule(parent score)}. */
    private void rewritesScore(List<ScoredSample> samples, IntUnaryOperator rule) {
        for (ScoredSample s : samples) {
            scores.put("R(" + s.text() + ")", rule.applyAsInt(s.score()));
        }
    }

    @Test
    void continuesFromThePoolOnlyWhileTheScoreDrops() {
        List<ScoredSample> samples = sixSamples();
        rewritesScore(samples, s -> s); // no drop ...
        {
            RefinementStage stage = stage(model(), 1, 10);
            ScoredSample seed = stage.seedSet(CATEGORY, samples).get(0);
            scores.put("R(" + seed.text() + ")", seed.score() - 3); // ... except on the seed

            List<Chain> chains = stage.run(CATEGORY, samples).join();

            assertEquals(1, chains.size());
            Chain chain = chains.get(0);
            assertEquals(2, chain.steps().size(), "one drop, then one step that did not drop");
            ScoredSample first = chain.steps().get(0);
            ScoredSample second = chain.steps().get(1);
            assertEquals(seed.id(), first.refinement().parentId());
            assertEquals(seed.score() - 3, first.score());
            assertNull(first.refinement().previousStepId());
            assertFalse(second.refinement().parentId().equals(seed.id()), "the second step rewrites a pool sample");
            assertEquals(first.id(), second.refinement().previousStepId());
            assertEquals(seed.id(), second.refinement().seedId());
            assertEquals(2, second.refinement().step());
            assertTrue(chain.stop().contains("did not drop"), chain.stop());
        }
    }

    @Test
    void stopsWhenTheRewriteScoresHigher() {
        List<ScoredSample> samples = sixSamples();
        rewritesScore(samples, s -> Math.min(10, s + 1));
        {
            Chain chain = stage(model(), 1, 10).run(CATEGORY, samples).join().get(0);
            assertEquals(1, chain.steps().size());
            assertTrue(chain.stop().contains("did not drop"), chain.stop());
        }
    }

    @Test
    void theNearestPoolSampleByMisbeliefIsRefinedNext() {
        List<ScoredSample> samples = sixSamples();
        rewritesScore(samples, s -> 1);
        {
            RefinementStage stage = stage(model(), 1, 2);
            ScoredSample seed = stage.seedSet(CATEGORY, samples).get(0);
            Chain chain = stage.run(CATEGORY, samples).join().get(0);
            String expectedNext = nearestByHand(samples, seed);
            assertEquals(expectedNext, chain.steps().get(1).refinement().parentId());
        }
    }

    /** The BM25 pick computed on a fresh index holding what H held when the seed's rewrite had scored. */
    private String nearestByHand(List<ScoredSample> samples, ScoredSample seed) {
        return nearestByHand(samples, seed, true);
    }

    /** @param rewriteInH whether the seed's rewrite joined H (it does when it has a score) */
    private String nearestByHand(List<ScoredSample> samples, ScoredSample seed, boolean rewriteInH) {
        try (MisbeliefIndex fresh = new MisbeliefIndex()) {
            List<String> pool = new ArrayList<>();
            for (ScoredSample s : samples) {
                fresh.add(s.id(), s.category(), s.misbelief());
                if (!s.id().equals(seed.id())) {
                    pool.add(s.id());
                }
            }
            if (rewriteInH) {
                // the seed's rewrite joined H before the pick, with the seed's misbelief
                fresh.add(seed.id() + "#1", CATEGORY, seed.misbelief());
            }
            fresh.refresh();
            return fresh.nearest(CATEGORY, seed.misbelief(), pool).orElseThrow();
        }
    }

    @Test
    void nBoundsTheChainAndEveryPoolSampleIsUsedAtMostOnce() {
        List<ScoredSample> samples = sixSamples();
        rewritesScore(samples, s -> 1);
        {
            Chain chain = stage(model(), 1, 3).run(CATEGORY, samples).join().get(0);
            assertEquals(3, chain.steps().size());
            assertTrue(chain.stop().contains("reached N = 3"), chain.stop());
            Set<String> parents = new HashSet<>();
            chain.steps().forEach(s -> assertTrue(parents.add(s.refinement().parentId()), "parent reused: " + s));
        }
    }

    @Test
    void chainsShareOnePoolAndStopWhenItRunsDry() {
        List<ScoredSample> samples = sixSamples();
        rewritesScore(samples, s -> 1);
        {
            List<Chain> chains = stage(model(), 2, 10).run(CATEGORY, samples).join();
            assertEquals(2, chains.size());
            Set<String> parents = new HashSet<>();
            int steps = 0;
            for (Chain chain : chains) {
                for (ScoredSample step : chain.steps()) {
                    assertTrue(
                            parents.add(step.refinement().parentId()),
                            "two steps rewrote " + step.refinement().parentId());
                    steps++;
                }
                assertTrue(chain.stop().contains("used up"), chain.stop());
            }
            assertEquals(samples.size(), steps, "2 seeds + 4 pool samples, each rewritten once");
        }
    }

    @Test
    void neverRetrievesTheCaseItselfNorAnotherCategory() {
        List<ScoredSample> samples = new ArrayList<>(sixSamples());
        samples.add(
                original("r0", "religion", "The misbelief is that immigrants steal jobs from hard working locals", 7));
        rewritesScore(samples, s -> 1);
        ScriptedModel model = model();
        {
            RefinementStage stage = stage(model, 1, 10);
            List<Chain> chains = new ArrayList<>();
            for (String category : List.of(CATEGORY, "religion")) {
                chains.addAll(stage.run(
                                category,
                                samples.stream()
                                        .filter(s -> s.category().equals(category))
                                        .toList())
                        .join());
            }
            assertEquals(2, chains.size());
            for (Chain chain : chains) {
                for (ScoredSample step : chain.steps()) {
                    List<String> examples = step.refinement().examples();
                    assertFalse(examples.contains(step.refinement().parentId()), "self retrieved at " + step.id());
                    assertTrue(
                            examples.stream()
                                    .allMatch(id -> id.endsWith("/" + step.category())
                                            || id.contains("/" + step.category() + "#")),
                            "other category in " + examples);
                    assertTrue(examples.size() <= RefinementStage.EXAMPLES);
                }
            }
            String firstPrompt = ScriptedModel.block(model.byRole("Refiner").get(0), "examples");
            assertTrue(firstPrompt.contains("score"), firstPrompt);
        }
    }

    @Test
    void aRewriteTheTargetDeclinedIsItsFailureAndTheChainGoesOnFromThePool() {
        List<ScoredSample> samples = sixSamples();
        rewritesScore(samples, s -> s); // no rewrite scores lower than its parent ...
        RefinementStage stage = stage(model(), 1, 10);
        ScoredSample seed = stage.seedSet(CATEGORY, samples).get(0);
        declined.add("R(" + seed.text() + ")"); // ... but the target declines the seed's

        Chain chain = stage.run(CATEGORY, samples).join().get(0);

        assertEquals(2, chain.steps().size(), "a refusal, then a step that did not drop");
        ScoredSample first = chain.steps().get(0);
        assertEquals(Outcome.REFUSED, first.outcome());
        assertNull(first.score());
        assertEquals(seed.id(), first.refinement().parentId());
        ScoredSample second = chain.steps().get(1);
        assertEquals(
                nearestByHand(samples, seed, false),
                second.refinement().parentId(),
                "the pool sample nearest in misbelief, as after a drop (a refusal has no score, so it is not in H)");
        assertEquals(first.id(), second.refinement().previousStepId());
        assertTrue(chain.stop().contains("did not drop"), chain.stop());
    }

    @Test
    void aRefinerThatNeverAnswersInShapeEndsTheChainAsAnErrorWithItsOutputKept() {
        List<ScoredSample> samples = sixSamples();
        rewritesScore(samples, s -> 1);
        refinerBroken = true;
        ScriptedModel model = model();
        {
            Chain chain = stage(model, 1, 10).run(CATEGORY, samples).join().get(0);
            ScoredSample step = chain.steps().get(0);
            assertEquals(Outcome.ERROR, step.outcome());
            assertTrue(step.reason().startsWith("Refiner UNPARSEABLE"), step.reason());
            assertEquals("Here is a quieter caption for the picture, in plain words.", step.raw());
            assertEquals(3, model.byRole("Refiner").size(), "the first ask and 2 re-asks");
            assertTrue(chain.stop().contains("has no score"), chain.stop());
        }
    }

    /**
     * Five samples whose misbeliefs have three content words each (so BM25's length norms are equal)
     * and share words only where the hand-worked example needs them. With random seed 42 the seeded
     * ranking of positions 0..4 is 0, 3, 4, 2, 1, so S of 2 is {s1, s2} and the pool P is {p1, p2, p3}.
     * Originals score 9, 8, 7, 10, 6 and every rewrite scores 5 below its parent: each step drops, so
     * only N and the pool end chains, and no two samples tie when the Refiner sorts its examples.
     */
    private List<ScoredSample> fiveSamples() {
        List<ScoredSample> samples = List.of(
                original("s1", CATEGORY, "The misbelief is that alpha bravo kilo", 9),
                original("p1", CATEGORY, "The misbelief is that alpha echo lima", 8),
                original("p2", CATEGORY, "The misbelief is that echo charlie mike", 7),
                original("s2", CATEGORY, "The misbelief is that charlie delta november", 10),
                original("p3", CATEGORY, "The misbelief is that golf hotel oscar", 6));
        rewritesScore(samples, s -> s - 5);
        return samples;
    }

    /*
     * The hand-worked example: fiveSamples(), S = {s1, s2}, N = 3. Doc order in the index (BM25's tie
     * break) is s1 p1 p2 s2 p3, then rewrites as they join H; a rewrite "#k" keeps its parent's misbelief.
     * Retrieval excludes the case itself; where fewer than 3 samples share a word, the rest of the top 3
     * are non-matching samples in doc order. Between two one-word matches, the word in fewer samples of H
     * wins (BM25's IDF), hence the counts below. The Refiner shows its examples by score, highest first.
     *
     * PAPER: s1's chain runs to its end, then s2's.
     *   1. s1: "alpha bravo kilo" -> [p1 (alpha), p2, s2]. s1#1 = 4 < 9. P: nearest to s1 is p1 (alpha).
     *   2. p1: "alpha echo lima" -> [p2 (echo: in 2 samples), s1, s1#1 (alpha: in 3)]. s1#2 = 3 < 8.
     *      P = {p2, p3}: nearest to p1 is p2 (echo).
     *   3. p2: "echo charlie mike" -> [s2 (charlie: in 2), p1, s1#2 (echo: now in 3, s1#2 carries it)].
     *      s1#3 = 2 < 7, and 3 steps = N: s1's chain ends.
     *   4. s2: "charlie delta november" -> [p2, s1#3 (charlie, s1's chain put it in H), s1]. s2#1 = 5 < 10.
     *      P = {p3}: s2 takes p3.
     *   5. p3: no shared word -> [s1, p1, p2]. s2#2 = 1 < 6; P is empty: s2's chain ends.
     *
     * ROUNDS: both chains step together; a round retrieves from H as it stood when the round began.
     *   round 1: s1 -> [p1, p2, s2] as above; s2 -> [p2 (charlie), s1, p1]: s1#1 is not in H yet.
     *            Then in chain order: s1 takes p1 (alpha), s2 takes p2 (charlie), which PAPER gave s1.
     *   round 2: p1 -> [p2, s1, s1#1] (echo in p1, p2; alpha in s1, p1, s1#1);
     *            p2 -> [p1 (echo: in 2), s2, s2#1 (charlie: in 3)].
     *            s1 takes p3, the last of P; s2 finds P empty and ends after 2 steps.
     *   round 3: p3 -> [s1, p1, p2]. s1#3 = 1 < 6, and 3 steps = N: s1's chain ends.
     */
    @Test
    void thePaperOrderRunsEachChainToItsEndAgainstEveryEarlierStep() {
        List<ScoredSample> samples = fiveSamples();
        ScriptedModel model = model();
        List<String> events = new CopyOnWriteArrayList<>();
        {
            RefinementStage stage = stage(model, 2, 3, RefinementOrder.PAPER, recorder(events));
            assertEquals(
                    List.of("s1", "s2"),
                    stage.seedSet(CATEGORY, samples).stream()
                            .map(s -> shortId(s.id()))
                            .toList());

            List<Chain> chains = stage.run(CATEGORY, samples).join();

            assertEquals(
                    List.of(
                            "text of s1 <- [text of s2, text of p1, text of p2]",
                            "text of p1 <- [text of s1, text of p2, R(text of s1)]",
                            "text of p2 <- [text of s2, text of p1, R(text of p1)]",
                            "text of s2 <- [text of s1, text of p2, R(text of p2)]",
                            "text of p3 <- [text of s1, text of p1, text of p2]"),
                    model.byRole("Refiner").stream()
                            .map(RefinementStageTest::refinerCall)
                            .toList());
            assertEquals(
                    List.of(
                            "s1#1 after null: rewrites s1 (9) -> 4, shown [p1, p2, s2]",
                            "s1#2 after s1#1: rewrites p1 (8) -> 3, shown [p2, s1, s1#1]",
                            "s1#3 after s1#2: rewrites p2 (7) -> 2, shown [s2, p1, s1#2]",
                            "stop: reached N = 3 steps"),
                    describe(chains.get(0)));
            assertEquals(
                    List.of(
                            "s2#1 after null: rewrites s2 (10) -> 5, shown [p2, s1#3, s1]",
                            "s2#2 after s2#1: rewrites p3 (6) -> 1, shown [s1, p1, p2]",
                            "stop: the pool of nationality samples is used up"),
                    describe(chains.get(1)));
            assertEquals(
                    List.of(
                            "planned [s1, s2]",
                            "step s1#1",
                            "step s1#2",
                            "step s1#3",
                            "step s2#1",
                            "step s2#2",
                            "finished s1 after 3",
                            "finished s2 after 2"),
                    events);
        }
    }

    @Test
    void theRoundsOrderRetrievesFromHAsEachRoundBeganAndSharesThePoolOutInChainOrder() {
        List<ScoredSample> samples = fiveSamples();
        ScriptedModel model = model();
        {
            List<Chain> chains = stage(model, 2, 3, RefinementOrder.ROUNDS, PipelineListener.NONE)
                    .run(CATEGORY, samples)
                    .join();

            // Within a round the two chains' calls may go out in either order.
            List<String> calls = model.byRole("Refiner").stream()
                    .map(RefinementStageTest::refinerCall)
                    .toList();
            assertEquals(5, calls.size(), calls.toString());
            assertEquals(
                    Set.of(
                            "text of s1 <- [text of s2, text of p1, text of p2]",
                            "text of s2 <- [text of s1, text of p1, text of p2]"),
                    Set.copyOf(calls.subList(0, 2)));
            assertEquals(
                    Set.of(
                            "text of p1 <- [text of s1, text of p2, R(text of s1)]",
                            "text of p2 <- [text of s2, text of p1, R(text of s2)]"),
                    Set.copyOf(calls.subList(2, 4)));
            assertEquals("text of p3 <- [text of s1, text of p1, text of p2]", calls.get(4));
            assertEquals(
                    List.of(
                            "s1#1 after null: rewrites s1 (9) -> 4, shown [p1, p2, s2]",
                            "s1#2 after s1#1: rewrites p1 (8) -> 3, shown [p2, s1, s1#1]",
                            "s1#3 after s1#2: rewrites p3 (6) -> 1, shown [s1, p1, p2]",
                            "stop: reached N = 3 steps"),
                    describe(chains.get(0)));
            assertEquals(
                    List.of(
                            "s2#1 after null: rewrites s2 (10) -> 5, shown [p2, s1, p1]",
                            "s2#2 after s2#1: rewrites p2 (7) -> 2, shown [p1, s2, s2#1]",
                            "stop: the pool of nationality samples is used up"),
                    describe(chains.get(1)));
        }
    }

    @Test
    void theDefaultOrderIsRounds() {
        List<ScoredSample> samples = fiveSamples();
        {
            List<Chain> byDefault = stage(model(), 2, 3).run(CATEGORY, samples).join();
            List<Chain> inRounds = stage(model(), 2, 3, RefinementOrder.ROUNDS, PipelineListener.NONE)
                    .run(CATEGORY, samples)
                    .join();
            assertEquals(
                    inRounds.stream().map(RefinementStageTest::describe).toList(),
                    byDefault.stream().map(RefinementStageTest::describe).toList());
        }
    }

    @Test
    void aSeedWithoutAScoreIsNeverDrawn() {
        List<ScoredSample> samples = fiveSamples();
        RefinementStage stage = stage(model(), 2, 3);
        {
            // Every original scored: S is the draw Sampler makes, as before seeds had to be scored.
            assertEquals(Sampler.draw(samples, 2, 42 ^ CATEGORY.hashCode() ^ 0x5EED), stage.seedSet(CATEGORY, samples));

            for (Outcome outcome : List.of(Outcome.ERROR, Outcome.REFUSED)) {
                // s2, ranked second, has no score: p3, ranked third, takes its place; s1 stays.
                List<ScoredSample> oneUnscored = new ArrayList<>(samples);
                oneUnscored.set(3, unscored(samples.get(3), outcome));
                assertEquals(
                        List.of("s1", "p3"),
                        stage.seedSet(CATEGORY, oneUnscored).stream()
                                .map(s -> shortId(s.id()))
                                .toList(),
                        outcome.name());
                assertEquals(
                        List.of("s1", "p1", "p2", "p3"),
                        stage(model(), 10, 3).seedSet(CATEGORY, oneUnscored).stream()
                                .map(s -> shortId(s.id()))
                                .toList(),
                        "S never pads itself with an unscored original");
            }

            List<ScoredSample> oneError = new ArrayList<>(samples);
            oneError.set(3, unscored(samples.get(3), Outcome.ERROR));
            List<String> events = new CopyOnWriteArrayList<>();
            List<Chain> chains = stage(model(), 2, 3, RefinementOrder.PAPER, recorder(events))
                    .run(CATEGORY, oneError)
                    .join();
            assertEquals("planned [s1, p3]", events.get(0));
            assertEquals(
                    List.of("s1", "p3"),
                    chains.stream().map(c -> shortId(c.seedId())).toList());
            for (Chain chain : chains) {
                assertFalse(chain.steps().isEmpty(), "a seed's chain took no step: " + chain.stop());
                chain.steps()
                        .forEach(step -> assertFalse(
                                step.refinement().parentId().startsWith("s2/"),
                                "the unscored original was refined: " + step.id()));
            }
        }
    }

    @Test
    void theOrderIsReadInAnyCaseAndNothingElse() {
        assertEquals(RefinementOrder.ROUNDS, RefinementOrder.parse("rounds"));
        assertEquals(RefinementOrder.PAPER, RefinementOrder.parse("Paper"));
        assertEquals(RefinementOrder.PAPER, RefinementOrder.parse("PAPER"));
        for (String bad : new String[] {"sequential", "", null}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RefinementOrder.parse(bad));
            assertEquals("expected rounds or paper", e.getMessage());
        }
    }

    /** The same original as the target left it: no score, so no place in H, P or S. */
    private static ScoredSample unscored(ScoredSample s, Outcome outcome) {
        return new ScoredSample(
                s.id(),
                s.memeId(),
                s.category(),
                s.misbelief(),
                s.text(),
                s.originalText(),
                s.image(),
                null,
                outcome,
                null,
                "ref",
                outcome == Outcome.REFUSED ? "I cannot help with that." : null,
                null,
                "the target " + outcome,
                null,
                null,
                null);
    }

    private static PipelineListener recorder(List<String> events) {
        return new PipelineListener() {
            @Override
            public void refinementPlanned(String category, List<String> seedIds) {
                events.add("planned "
                        + seedIds.stream().map(RefinementStageTest::shortId).toList());
            }

            @Override
            public void refinementStep(ScoredSample step) {
                events.add("step " + shortId(step.id()));
            }

            @Override
            public void chainFinished(Chain chain) {
                events.add("finished " + shortId(chain.seedId()) + " after "
                        + chain.steps().size());
            }
        };
    }

    @Test
    void theTimeLeftCountsEveryChainAStepEndsAsTheStageEndsIt() {
        List<ScoredSample> samples = sixSamples();
        // scores 9, 8, 7, 9, 8, 7: a rewrite of a 9 does not drop, of an 8 or a 7 it does
        rewritesScore(samples, s -> s == 9 ? s + 1 : s - 2);
        // the target declines one rewrite: a refusal is its failure, and the chain goes on
        declined.add("R(" + samples.get(1).text() + ")");
        ChainCounts counts = new ChainCounts();
        samples.forEach(counts::scored);
        PipelineListener listener = new PipelineListener() {
            @Override
            public void refinementPlanned(String category, List<String> seedIds) {
                counts.planned(category, seedIds.size());
            }

            @Override
            public void refinementStep(ScoredSample step) {
                counts.step(step);
            }

            @Override
            public void chainFinished(Chain chain) {
                counts.finished(chain.category());
            }
        };

        List<Chain> chains =
                stage(model(), 3, 10, null, listener).run(CATEGORY, samples).join();

        List<String> stops = chains.stream().map(Chain::stop).toList();
        long endedByAStep = stops.stream()
                .filter(stop -> stop.contains("did not drop") || stop.contains("has no score"))
                .count();
        assertTrue(endedByAStep > 0 && endedByAStep < chains.size(), stops.toString());
        assertTrue(
                chains.stream().flatMap(c -> c.steps().stream()).anyMatch(step -> step.outcome() == Outcome.REFUSED));
        TimeLeft.Category counted = counts.snapshot().get(0);
        assertEquals(
                new TimeLeft.Category(
                        0,
                        6,
                        3,
                        (int) endedByAStep,
                        chains.stream().mapToInt(c -> c.steps().size()).sum(),
                        true),
                counted,
                stops.toString());
    }

    /** A Refiner call as the model saw it: the text to rewrite, and the texts of its examples in the order shown. */
    private static String refinerCall(ChatRequest r) {
        List<String> texts = ScriptedModel.block(r, "examples")
                .lines()
                .filter(l -> l.startsWith("Text: "))
                .map(l -> l.substring("Text: ".length()))
                .toList();
        return ScriptedModel.block(r, "meme_text") + " <- " + texts;
    }

    /** A chain's steps (id, link to the previous step, parent, s, s', examples by BM25 rank) and its stop. */
    private static List<String> describe(Chain chain) {
        List<String> lines = new ArrayList<>();
        for (ScoredSample step : chain.steps()) {
            Refinement link = step.refinement();
            assertEquals(chain.seedId(), link.seedId());
            assertEquals(chain.steps().indexOf(step) + 1, link.step());
            String previous = link.previousStepId() == null ? null : shortId(link.previousStepId());
            lines.add(shortId(step.id()) + " after " + previous + ": rewrites " + shortId(link.parentId()) + " ("
                    + link.parentScore() + ") -> " + step.score() + ", shown "
                    + link.examples().stream().map(RefinementStageTest::shortId).toList());
        }
        lines.add("stop: " + chain.stop());
        return lines;
    }

    private static String shortId(String id) {
        return id.replace("/" + CATEGORY, "");
    }
}
