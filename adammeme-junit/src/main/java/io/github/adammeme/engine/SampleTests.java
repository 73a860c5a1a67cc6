package io.github.adammeme.engine;

import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;

/**
 * The tests on single samples: a mined pair scored once, and the steps of a refinement chain
 * (Algorithm 1). Each waits for its own sample on the board, then attaches it and judges it.
 */
final class SampleTests {

    private final SuiteRun run;
    private final EvaluationConfig config;
    private final SampleBoard board;

    SampleTests(SuiteRun run) {
        this.run = run;
        this.config = run.config();
        this.board = run.board();
    }

    void pair(Children category, MinedSample pair, String categoryName) {
        category.run(new AdamMemeNode.PairNode(category.parent(), pair.meme().id(), categoryName)
                .testing(() -> verdict(board.scored(pair.id()), "original pairs")));
    }

    /** A seed's chain, once its first step is in; none when the seed was never rewritten. */
    void chain(Children tests, AdamMemeNode.CategoryNode category, String seedId) {
        Optional<ScoredSample> first = board.step(seedId, seedId + "#1");
        if (first.isEmpty()) {
            return;
        }
        // the first step rewrites the seed, so its meme is the chain's
        String memeId = first.get().memeId();
        AdamMemeNode.ChainNode chain = new AdamMemeNode.ChainNode(category, memeId);
        tests.run(chain.containing(steps -> {
            Optional<ScoredSample> step = first;
            for (int k = 1; step.isPresent(); k++) {
                ScoredSample s = step.get();
                // a step rewrites its parent, whose meme it shows: the seed, or the case Algorithm 1 retrieved
                steps.run(new AdamMemeNode.StepNode(chain, k, category.getDisplayName(), s.memeId())
                        .testing(() -> verdict(s, "refinement of " + memeId)));
                step = board.step(seedId, seedId + "#" + (k + 1));
            }
        }));
    }

    /** @param story where Allure files the test: the original pairs, or the chain of the meme it refines */
    private TestExecutionResult verdict(ScoredSample s, String story) {
        AllureBridge.sample(s, story, run.suiteName(), config);
        return SampleResults.of(s, config.method().threshold(), config.method().refusalCountsAsFailure());
    }
}
