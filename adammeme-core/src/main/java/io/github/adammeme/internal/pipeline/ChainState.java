package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.pipeline.result.ScoredSample;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** One seed's chain while it runs. */
final class ChainState {
    final ScoredSample seed;
    ScoredSample current;
    final List<ScoredSample> steps = new ArrayList<>();

    @Nullable
    String stop;

    ChainState(ScoredSample seed) {
        this.seed = seed;
        this.current = seed;
    }
}
