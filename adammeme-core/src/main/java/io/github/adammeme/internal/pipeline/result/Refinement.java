package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Where a refined sample comes from, so a chain can be replayed and shown.
 *
 * @param seedId         the seed sample its chain started from
 * @param parentId       the sample whose text the Refiner rewrote (the seed, or a case drawn from the pool)
 * @param previousStepId the chain's previous step, or null for step 1
 * @param step           1-based position in the chain
 * @param parentScore    the parent's score s, which this step's s' is compared with; null where it is not
 *                       known (a run imported from files that do not record it)
 * @param examples       ids of the retrieved in-context examples, best BM25 match first
 * @param explanation    the Refiner's account of its rewrite
 */
@API(status = INTERNAL, since = "0.1.0")
public record Refinement(
        String seedId,
        String parentId,
        @Nullable String previousStepId,
        int step,
        @Nullable Integer parentScore,
        List<String> examples,
        @Nullable String explanation) {}
