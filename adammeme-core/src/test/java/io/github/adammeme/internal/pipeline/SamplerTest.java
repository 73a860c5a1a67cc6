package io.github.adammeme.internal.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Drawing K pairs per category reads the drawn pairs in the dataset's order, once: a mined pair's meme is read back
 * from its file, and a read out of order starts the file over (once per category, on a million memes, took longer
 * than mining them).
 */
class SamplerTest {

    /** Items read from "a file": every read is recorded, in order. */
    private static final class RecordedReads extends AbstractList<String> {
        final List<Integer> reads = new ArrayList<>();
        private final int size;

        RecordedReads(int size) {
            this.size = size;
        }

        @Override
        public String get(int index) {
            reads.add(index);
            return "item " + index;
        }

        @Override
        public int size() {
            return size;
        }
    }

    private static String categoryOf(int index) {
        return List.of("race", "gender", "religion", "nationality").get(index * 7 % 4);
    }

    @Test
    void thePairsDrawnAreReadInTheDatasetsOrderAndOnlyThey() {
        RecordedReads items = new RecordedReads(10_000);
        Map<String, List<String>> drawn = Sampler.perCategory(items, SamplerTest::categoryOf, 50, 42);

        assertThat(drawn).containsOnlyKeys("race", "gender", "religion", "nationality");
        assertThat(drawn.values()).allSatisfy(pairs -> assertThat(pairs).hasSize(50));
        assertThat(items.reads)
                .as("each drawn pair read once, in ascending order")
                .hasSize(200)
                .isSorted()
                .doesNotHaveDuplicates();
        // The same draw as each category's own: a shuffle of its members' places with the seed and the category.
        for (String category : drawn.keySet()) {
            List<Integer> members = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                if (categoryOf(i).equals(category)) {
                    members.add(i);
                }
            }
            assertThat(drawn.get(category))
                    .isEqualTo(Sampler.draw(members, 50, 42 ^ category.hashCode()).stream()
                            .map(i -> "item " + i)
                            .toList());
        }
    }
}
