package io.github.adammeme.internal.pipeline.run;

import io.github.adammeme.internal.agent.Examiner;
import io.github.adammeme.internal.agent.Judge;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.pipeline.AdamMeme;

/**
 * Which of the calls waiting for a slot at an endpoint is made first. Order never changes what a
 * call asks or what is done with its answer, only how long the pipeline waits on its dependencies:
 *
 * <ul>
 *   <li>The Examiner and the Judge first: the mining loop waits on each admission before it starts
 *       the next batch's Miners, so behind a queue of lookahead Miners they left the endpoint idle
 *       once that queue ran dry.</li>
 *   <li>Scoring before refinement: a category's refinement starts when its own originals are
 *       scored, and its rounds are a chain of calls one after another. Scoring every original first
 *       lets all categories refine side by side at the end, rather than the last category's chain
 *       running alone after everything else.</li>
 * </ul>
 */
final class CallPriority {

    private static final int ADMISSION = 0;
    private static final int FIRST_PASS = 1;
    private static final int REFINEMENT = 2;

    private CallPriority() {}

    /**
     * @param request a call
     * @return its rank: lower is made first
     */
    static int rank(ChatRequest request) {
        if (request.stage().equals(AdamMeme.MINING)
                && (request.role().equals(Examiner.ROLE) || request.role().equals(Judge.ROLE))) {
            return ADMISSION;
        }
        return request.stage().equals(AdamMeme.REFINEMENT) ? REFINEMENT : FIRST_PASS;
    }
}
