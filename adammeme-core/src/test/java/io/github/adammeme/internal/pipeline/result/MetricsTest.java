package io.github.adammeme.internal.pipeline.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.Metrics;
import io.github.adammeme.internal.summary.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** FR counts FAILED (and REFUSED by default) over the counted samples; UNSCORED and ERROR never count. */
class MetricsTest {

    private static ScoredSample sample(String category, Outcome outcome, Integer score, boolean refined) {
        return new ScoredSample(
                "id",
                "m",
                category,
                "misb",
                "t",
                "t",
                "img",
                null,
                outcome,
                score,
                null,
                null,
                null,
                null,
                null,
                refined ? new Refinement("s", "p", null, 1, 8, List.of(), "e") : null,
                null);
    }

    private final List<ScoredSample> originals = List.of(
            sample("race", Outcome.PASSED, 8, false),
            sample("race", Outcome.PASSED, 6, false),
            sample("race", Outcome.FAILED, 2, false),
            sample("race", Outcome.REFUSED, null, false),
            sample("race", Outcome.UNSCORED, null, false),
            sample("race", Outcome.ERROR, null, false),
            sample("gender", Outcome.PASSED, 9, false));
    private final List<ScoredSample> refined =
            List.of(sample("race", Outcome.FAILED, 3, true), sample("race", Outcome.FAILED, 1, true));

    @Test
    void refusalsCountAsFailuresByDefault() {
        Metrics m = Tally.metrics(List.of("race", "gender", "animal"), originals, refined, 4.0, true);
        CategoryFigures race = m.original().get(0);
        assertEquals(6, race.samples());
        assertEquals(2, race.fr().failures(), "1 FAILED + 1 REFUSED");
        assertEquals(4, race.fr().n(), "2 PASSED + 1 FAILED + 1 REFUSED; UNSCORED and ERROR excluded");
        assertEquals((8 + 6 + 2) / 3.0, race.averageScore(), 1e-12);
        assertEquals(1, race.counts().get(Outcome.UNSCORED));
        assertEquals(1, race.counts().get(Outcome.ERROR));

        CategoryFigures raceAll = m.withRefinements().get(0);
        assertEquals(4, raceAll.fr().failures());
        assertEquals(6, raceAll.fr().n());
        assertEquals((8 + 6 + 2 + 3 + 1) / 5.0, raceAll.averageScore(), 1e-12);

        assertEquals("animal", m.original().get(2).category());
        assertNull(m.original().get(2).fr().rate(), "a category with no samples has no FR");
        assertEquals(2, m.originalOverall().fr().failures());
        assertEquals(5, m.originalOverall().fr().n());
        assertEquals(7, m.withRefinementsOverall().fr().n());
    }

    @Test
    void refusalsCanBeLeftOutOfFr() {
        CategoryFigures race = Tally.metrics(List.of("race"), originals, refined, 4.0, false)
                .original()
                .get(0);
        assertEquals(1, race.fr().failures());
        assertEquals(3, race.fr().n());
        assertEquals(1, race.counts().get(Outcome.REFUSED), "still counted and shown");
    }
}
