package io.github.adammeme.bench;

import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The shortest wall time the method's dependencies allow, at a given mean latency and concurrency.
 * Each stage barrier costs the longer of its critical path (serial calls x mean latency) and its
 * calls x mean latency / concurrency; barriers in sequence add up. The bound on calls in flight is
 * per endpoint (the target's and the controller's agents'), so the calls that count against it are
 * the busier endpoint's.
 *
 * <ul>
 *   <li>Mining: each batch's Miners need the taxonomy the previous batch's admissions left, and a
 *       batch's proposals are examined one after another (Examiner and Judge side by side), so the
 *       critical path is one Miner call per batch, one call per examined proposal, and the last
 *       Narrator. Choosing K pairs per category needs every meme mined: a barrier.</li>
 *   <li>Scoring and refinement, per category: originals (Candidates, then the Senior, then the
 *       Scorer: 3 serial calls; the target runs beside the Candidates), then Algorithm 1's rounds
 *       (Refiner, Candidates, Senior, Scorer: 4 serial calls each). Categories do not wait for one
 *       another, so this part costs the longest category's barriers or all its calls spread over
 *       the concurrency, whichever is longer.</li>
 * </ul>
 * Calls per stage come from the ledger; they are split over categories and rounds in proportion
 * to their samples and steps.
 */
record Floor(
        double miningSeconds,
        double scoringAndRefinementSeconds,
        long miningCriticalPath,
        long longestCategoryCriticalPath,
        long miningCalls,
        long scoringCalls,
        long refinementCalls) {

    static final int SCORING_SERIAL_CALLS = 3;
    static final int ROUND_SERIAL_CALLS = 4;
    private static final String TARGET = "Target";

    double seconds() {
        return miningSeconds + scoringAndRefinementSeconds;
    }

    static Floor of(Evaluation e, int batchSize, double latencySeconds, int concurrency) {
        long mining = calls(e, AdamMeme.MINING);
        long scoring = calls(e, AdamMeme.SCORING);
        long refinement = calls(e, AdamMeme.REFINEMENT);
        long busiestScoring = busiestEndpointCalls(e, AdamMeme.SCORING);
        long busiestRefinement = busiestEndpointCalls(e, AdamMeme.REFINEMENT);

        int memes = e.memes().size();
        long batches = (memes + batchSize - 1) / batchSize;
        long miningPath = batches + e.admissions().size() + 1;
        double miningSeconds =
                barrier(miningPath, busiestEndpointCalls(e, AdamMeme.MINING), latencySeconds, concurrency);

        Map<String, Integer> originals = new LinkedHashMap<>();
        for (ScoredSample s : e.samples()) {
            originals.merge(s.category(), 1, Integer::sum);
        }
        Map<String, Map<Integer, Integer>> steps = new LinkedHashMap<>();
        long allSteps = 0;
        for (Chain chain : e.chains()) {
            for (int r = 1; r <= chain.steps().size(); r++) {
                steps.computeIfAbsent(chain.category(), k -> new LinkedHashMap<>())
                        .merge(r, 1, Integer::sum);
                allSteps++;
            }
        }
        double longest = 0;
        long longestPath = 0;
        for (Map.Entry<String, Integer> category : originals.entrySet()) {
            double share = (double) category.getValue() / e.samples().size();
            double seconds =
                    barrier(SCORING_SERIAL_CALLS, Math.round(busiestScoring * share), latencySeconds, concurrency);
            Map<Integer, Integer> rounds = steps.getOrDefault(category.getKey(), Map.of());
            for (int stepsInRound : rounds.values()) {
                long calls = allSteps == 0 ? 0 : Math.round((double) busiestRefinement * stepsInRound / allSteps);
                seconds += barrier(ROUND_SERIAL_CALLS, calls, latencySeconds, concurrency);
            }
            longest = Math.max(longest, seconds);
            longestPath = Math.max(longestPath, SCORING_SERIAL_CALLS + (long) ROUND_SERIAL_CALLS * rounds.size());
        }
        long targetCalls = targetCalls(e, AdamMeme.SCORING) + targetCalls(e, AdamMeme.REFINEMENT);
        long busiest = Math.max(targetCalls, scoring + refinement - targetCalls);
        double spread = busiest * latencySeconds / concurrency;
        return new Floor(
                miningSeconds, Math.max(longest, spread), miningPath, longestPath, mining, scoring, refinement);
    }

    private static double barrier(long serialCalls, long calls, double latencySeconds, int concurrency) {
        return Math.max(serialCalls * latencySeconds, calls * latencySeconds / concurrency);
    }

    private static long calls(Evaluation e, String stage) {
        return e.usage().stream()
                .filter(l -> l.stage().equals(stage))
                .mapToLong(UsageLedger.Line::calls)
                .sum();
    }

    /** Calls of the stage the target answered; the controller's agents answered the rest. */
    private static long targetCalls(Evaluation e, String stage) {
        return e.usage().stream()
                .filter(l -> l.stage().equals(stage) && l.role().equals(TARGET))
                .mapToLong(UsageLedger.Line::calls)
                .sum();
    }

    private static long busiestEndpointCalls(Evaluation e, String stage) {
        long target = targetCalls(e, stage);
        return Math.max(target, calls(e, stage) - target);
    }
}
