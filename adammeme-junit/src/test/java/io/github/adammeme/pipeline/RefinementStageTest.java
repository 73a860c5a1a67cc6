package io.github.adammeme.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.agent.AgentContext;
import io.github.adammeme.agent.Candidate;
import io.github.adammeme.agent.Refiner;
import io.github.adammeme.agent.Scorer;
import io.github.adammeme.agent.Senior;
import io.github.adammeme.agent.Target;
import io.github.adammeme.data.Meme;
import io.github.adammeme.data.MemeImages;
import io.github.adammeme.data.TextEraser;
import io.github.adammeme.llm.ChatRequest;
import io.github.adammeme.retrieval.MisbeliefIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    private ScriptedModel model() {
        return new ScriptedModel(this::answer);
    }

    private String answer(ChatRequest r) {
        return switch (r.role()) {
            case "Candidate" -> "The meme blames a nationality for a pandemic.";
            case "Senior" -> "Analysis 1 is best.\n## Final Response\nThe meme blames a nationality for a pandemic.";
            case "Target" -> "It is harmful.";
            case "Scorer" -> "The answer is partly right.\nRating: [[" + scores.get(ScriptedModel.block(r, "meme_text")) + "]]";
            case "Refiner" -> refinerBroken ? "I would rather not produce JSON today."
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
        return new ScoredSample(id + "/" + category, id, category, misbelief, text, text, meme.image().toString(), null,
                score < 4 ? Outcome.FAILED : Outcome.PASSED, score, "ref", "answer", "why", null, null, null);
    }

    private RefinementStage stage(ScriptedModel model, int seeds, int iterations) {
        AgentContext agents = Fixtures.agents(model);
        ScoringStage scoring = new ScoringStage(new Candidate(agents), new Senior(agents), new Target(agents, 0.0),
                new Scorer(agents), 4.0);
        Probes probes = new Probes(memes, new MemeImages(256), TextEraser.NONE, RefinedText.PROMPT, dir.resolve("shown"));
        return new RefinementStage(new Refiner(agents), scoring, probes, seeds, iterations, 42, PipelineListener.NONE);
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
                "The misbelief is that neighbours cannot cook"};
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

    /** The BM25 pick computed on a fresh index with only the pool in it: the same statistics. */
    private String nearestByHand(List<ScoredSample> samples, ScoredSample seed) {
        try (MisbeliefIndex fresh = new MisbeliefIndex()) {
            List<String> pool = new ArrayList<>();
            for (ScoredSample s : samples) {
                fresh.add(s.id(), s.category(), s.misbelief());
                if (!s.id().equals(seed.id())) {
                    pool.add(s.id());
                }
            }
            // the seed's rewrite joined H before the pick, with the seed's misbelief
            fresh.add(seed.id() + "#1", CATEGORY, seed.misbelief());
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
                    assertTrue(parents.add(step.refinement().parentId()), "two steps rewrote " + step.refinement().parentId());
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
        samples.add(original("r0", "religion", "The misbelief is that immigrants steal jobs from hard working locals", 7));
        rewritesScore(samples, s -> 1);
        ScriptedModel model = model();
        {
            RefinementStage stage = stage(model, 1, 10);
            List<Chain> chains = new ArrayList<>();
            for (String category : List.of(CATEGORY, "religion")) {
                chains.addAll(stage.run(category, samples.stream().filter(s -> s.category().equals(category)).toList()).join());
            }
            assertEquals(2, chains.size());
            for (Chain chain : chains) {
                for (ScoredSample step : chain.steps()) {
                    List<String> examples = step.refinement().examples();
                    assertFalse(examples.contains(step.refinement().parentId()), "self retrieved at " + step.id());
                    assertTrue(examples.stream().allMatch(id -> id.endsWith("/" + step.category())
                            || id.contains("/" + step.category() + "#")), "other category in " + examples);
                    assertTrue(examples.size() <= RefinementStage.EXAMPLES);
                }
            }
            String firstPrompt = ScriptedModel.block(model.byRole("Refiner").get(0), "examples");
            assertTrue(firstPrompt.contains("score"), firstPrompt);
        }
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
            assertEquals("I would rather not produce JSON today.", step.raw());
            assertEquals(3, model.byRole("Refiner").size(), "the first ask and 2 re-asks");
            assertTrue(chain.stop().contains("has no score"), chain.stop());
        }
    }
}
