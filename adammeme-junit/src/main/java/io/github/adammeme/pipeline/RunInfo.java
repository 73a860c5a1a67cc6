package io.github.adammeme.pipeline;

import java.util.Map;

/**
 * What a run was: models, dataset and parameters, so a report can be read (and compared) on its own.
 * Never holds a secret: endpoints are described by URL and the name of their key variable.
 *
 * @param notice says, when any model is the built-in simulator, that the scores are simulated
 * @param shard  which part of a sharded run this is ({@code 1/1} for a whole run)
 * @param miningBatchSize  memes mined before their proposals are examined: with the lookahead, what the
 *                         taxonomy's growth depends on
 * @param miningLookahead  batches whose Miners ran while a batch's proposals were examined
 * @param refinementOrder  Algorithm 1's order: rounds or paper
 * @param structuredOutput whether ratings and votes were asked for as JSON (auto, on, off)
 * @param judgeRecheck     share of scored samples a second judge scored again
 * @param judgeSecondModel the second judge's model, or null when it was a Scorer replica
 */
public record RunInfo(String target, String targetEndpoint, String controller, String controllerEndpoint,
                      String dataset, boolean simulated, String notice, double threshold, int samplesPerCategory,
                      int seeds, int iterations, long randomSeed, boolean refusalCountsAsFailure,
                      Map<String, String> promptDigests, String libraryVersion, String shard, int miningBatchSize,
                      int miningLookahead, String refinementOrder, String structuredOutput, double judgeRecheck,
                      String judgeSecondModel) {
}
