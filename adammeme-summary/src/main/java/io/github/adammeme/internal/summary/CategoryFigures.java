package io.github.adammeme.internal.summary;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Map;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The figures of one category (or of all, as "overall") over a set of samples.
 *
 * @param counts       samples by outcome, every outcome present
 * @param averageScore mean of the scores that exist, or null when there are none
 * @param fr           failure rate with its 95% Wilson interval
 */
@API(status = INTERNAL, since = "0.1.0")
public record CategoryFigures(
        String category,
        int samples,
        Map<Outcome, Integer> counts,
        @Nullable Double averageScore,
        FailureRate fr) {}
