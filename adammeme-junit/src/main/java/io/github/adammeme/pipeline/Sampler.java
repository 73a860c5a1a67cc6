package io.github.adammeme.pipeline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

/** Draws at most K per category with a fixed random seed, keeping dataset order within the draw. */
final class Sampler {

    private Sampler() {
    }

    /** Groups by category (first-seen order) and draws at most {@code k} of each. */
    static <T> Map<String, List<T>> perCategory(List<T> items, Function<T, String> category, int k, long seed) {
        // Positions, not the items: the mined pairs are read back from the dataset one at a time.
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            groups.computeIfAbsent(category.apply(items.get(i)), c -> new ArrayList<>()).add(i);
        }
        Map<String, List<T>> drawn = new LinkedHashMap<>();
        groups.forEach((c, members) -> drawn.put(c, draw(members, k, seed ^ c.hashCode()).stream().map(items::get).toList()));
        return drawn;
    }

    /** {@code k} of {@code items}, chosen by a shuffle seeded with {@code seed}, in their original order. */
    static <T> List<T> draw(List<T> items, int k, long seed) {
        if (items.size() <= k) {
            return List.copyOf(items);
        }
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            positions.add(i);
        }
        Collections.shuffle(positions, new Random(seed));
        List<Integer> chosen = new ArrayList<>(positions.subList(0, k));
        chosen.sort(Comparator.naturalOrder());
        return chosen.stream().map(items::get).toList();
    }

    /** At most K per category with the run's seed, categories in taxonomy order. */
    static List<MinedSample> pairs(List<MinedSample> mined, List<String> categories, EvaluationConfig.Method method) {
        Map<String, List<MinedSample>> drawn = Sampler.perCategory(mined, MinedSample::category,
                method.samplesPerCategory(), method.randomSeed());
        List<MinedSample> selected = new ArrayList<>();
        for (String category : categories) {
            selected.addAll(drawn.getOrDefault(category, List.of()));
        }
        return selected;
    }
}
