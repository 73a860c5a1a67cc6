package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * One seed's run through Algorithm 1: its refinement steps in order, and why it stopped.
 *
 * @param stop why the chain ended: the score did not drop, N steps were reached, the pool ran dry, or an error
 */
@API(status = INTERNAL, since = "0.1.0")
public record Chain(
        String category,
        String seedId,
        List<ScoredSample> steps,
        @Nullable String stop) {

    /**
     * Keeps its own copy of the steps.
     *
     * @param category the category of its seed
     * @param seedId the id of the original sample it started from
     * @param steps its refinement steps, in order
     * @param stop why the chain ended
     */
    public Chain {
        steps = List.copyOf(steps);
    }
}
