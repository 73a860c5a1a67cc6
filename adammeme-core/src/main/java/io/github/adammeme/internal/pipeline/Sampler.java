package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntFunction;

/** Draws at most K per category with a fixed random seed, keeping dataset order within the draw. */
final class Sampler {

    private Sampler() {}

    /**
     * Groups by category (first-seen order) and draws at most {@code k} of each.
     *
     * @param categoryAt the category of the item at a place, known without reading the item
     */
    static <T> Map<String, List<T>> perCategory(List<T> items, IntFunction<String> categoryAt, int k, long seed) {
        // Positions, not the items: a mined pair's meme is read back from the dataset when the pair is asked for.
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < items.size(); i++) {
            groups.computeIfAbsent(categoryAt.apply(i), c -> new ArrayList<>()).add(i);
        }
        Map<String, List<Integer>> chosen = new LinkedHashMap<>();
        groups.forEach((c, members) -> chosen.put(c, draw(members, k, seed ^ c.hashCode())));
        // Read in the dataset's order, all categories at once: a read out of order starts the dataset over, so
        // category by category a million-meme dataset was read through once per category.
        Map<Integer, T> read = new HashMap<>();
        chosen.values().stream().flatMap(List::stream).sorted().forEach(i -> read.put(i, items.get(i)));
        Map<String, List<T>> drawn = new LinkedHashMap<>();
        chosen.forEach(
                (c, positions) -> drawn.put(c, positions.stream().map(read::get).toList()));
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
        IntFunction<String> categoryAt = mined instanceof MinedSamples packed
                ? packed::category
                : i -> mined.get(i).category();
        Map<String, List<MinedSample>> drawn =
                Sampler.perCategory(mined, categoryAt, method.samplesPerCategory(), method.randomSeed());
        List<MinedSample> selected = new ArrayList<>();
        for (String category : categories) {
            selected.addAll(drawn.getOrDefault(category, List.of()));
        }
        return selected;
    }
}
