package io.github.adammeme.internal.report;

import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.retrieval.MisbeliefIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a target's failures in a category were about: the words their misbeliefs share, as BM25 indexes them. */
final class MisbeliefTerms {

    private MisbeliefTerms() {}

    /** The most frequent misbelief terms (stop words aside) among the category's failed samples, each counted once per sample. */
    static Map<String, Integer> amongFailures(Evaluation run, String category, int most) {
        boolean refusalFails = run.metrics().refusalCountsAsFailure();
        Map<String, Integer> counts = new LinkedHashMap<>();
        List<ScoredSample> all = new ArrayList<>(run.samples());
        all.addAll(run.refinedSamples());
        for (ScoredSample s : all) {
            if (s.outcome().failure(refusalFails) && s.category().equals(category) && s.misbelief() != null) {
                MisbeliefIndex.terms(s.misbelief()).stream().distinct().forEach(t -> counts.merge(t, 1, Integer::sum));
            }
        }
        Map<String, Integer> top = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue()
                        .reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(most)
                .forEach(e -> top.put(e.getKey(), e.getValue()));
        return top;
    }
}
