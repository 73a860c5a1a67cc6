package io.github.adammeme.internal.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MisbeliefIndexTest {

    private static MisbeliefIndex index() {
        MisbeliefIndex index = new MisbeliefIndex();
        index.add("a", "nationality", "The misbelief is that immigrants steal jobs from locals");
        index.add("b", "nationality", "The misbelief is that immigrants steal jobs");
        index.add("c", "nationality", "The misbelief is that tourists are rude");
        index.add("d", "religion", "The misbelief is that immigrants steal jobs from locals");
        index.refresh();
        return index;
    }

    @Test
    void ranksByBm25WithinTheCategoryAndNeverReturnsTheSampleItself() {
        try (MisbeliefIndex index = index()) {
            assertEquals(
                    List.of("b", "c"),
                    index.top("nationality", "The misbelief is that immigrants steal jobs from locals", 3, "a"));
            assertEquals(List.of("a", "b"), index.top("nationality", "immigrants steal jobs from locals", 2, "none"));
        }
    }

    @Test
    void thePapersRetrievalCountsEveryWordAndOffersTheCaseItself() {
        try (MisbeliefIndex index = new MisbeliefIndex(Retrieval.PAPER)) {
            index.add("a", "nationality", "The misbelief is that immigrants steal jobs");
            index.add("b", "nationality", "The misbelief is that immigrants steal jobs from locals");
            index.add("c", "nationality", "Misbelief: the the the the tourists are rude");
            index.refresh();
            assertEquals(
                    List.of("a", "b"),
                    index.top("nationality", "The misbelief is that immigrants steal jobs", 2, "a"),
                    "the reference code retrieves from all of H, the case being rewritten first");
            assertEquals("c", index.top("nationality", "the the the", 1, "x").get(0), "function words count");
        }
        try (MisbeliefIndex index = index()) {
            assertEquals(
                    List.of("a", "b", "c"),
                    index.top("nationality", "the the the", 3, "x"),
                    "by content words they are no match at all, and every sample ties in index order");
        }
    }

    @Test
    void nearestLooksOnlyAtTheAllowedSamples() {
        try (MisbeliefIndex index = index()) {
            assertEquals(Optional.of("c"), index.nearest("nationality", "immigrants steal jobs", Set.of("c")));
            assertEquals(Optional.empty(), index.nearest("nationality", "immigrants", Set.of()));
            assertEquals(Optional.empty(), index.nearest("religion", "immigrants", Set.of("a")));
        }
    }

    @Test
    void additionsAreInvisibleUntilRefresh() {
        try (MisbeliefIndex index = index()) {
            index.add("e", "nationality", "The misbelief is that immigrants steal jobs from locals and homes");
            assertTrue(index.top("nationality", "homes", 5, "x").stream().noneMatch("e"::equals));
            index.refresh();
            assertEquals("e", index.top("nationality", "homes", 5, "x").get(0));
        }
    }

    @Test
    void aSentenceWithNoContentWordsStillRetrievesInIndexOrder() {
        try (MisbeliefIndex index = index()) {
            assertEquals(List.of("a", "b", "c"), index.top("nationality", "The misbelief is that", 3, "x"));
        }
    }
}
