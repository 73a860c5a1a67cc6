package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.Answer;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.agent.MinerVote;
import io.github.adammeme.internal.agent.Taxonomy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The Miners' majority vote: a category is kept when more than half of all Miners name it. A
 * Miner that failed names nothing, so it can only make agreement harder, never easier. A category
 * admitted on this meme's own proposal is kept as {@link NewCategoryVote} says.
 */
final class MajorityVote {

    private MajorityVote() {}

    /** Categories of T named by a strict majority of {@code answers}, in taxonomy order. */
    static List<String> majority(List<Answer<MinerVote>> answers, Taxonomy taxonomy) {
        // What each Miner named is worked out once, not once per category of T.
        List<Set<String>> named = answers.stream()
                .filter(Answer::ok)
                .map(a -> named(a.okValue(), taxonomy))
                .toList();
        List<String> kept = new ArrayList<>();
        for (String category : taxonomy.names()) {
            long votes = named.stream().filter(n -> n.contains(category)).count();
            if (2 * votes > answers.size()) {
                kept.add(category);
            }
        }
        return kept;
    }

    /**
     * What one Miner named: the categories of T it listed, plus its "new" category when T
     * already has it (a Miner that proposes an existing category is naming it).
     */
    static Set<String> named(MinerVote vote, Taxonomy taxonomy) {
        Set<String> named = new LinkedHashSet<>();
        for (String c : vote.categories()) {
            taxonomy.find(c).ifPresent(found -> named.add(Category.normalise(found.name())));
        }
        if (vote.proposal() != null) {
            taxonomy.find(vote.proposal().name()).ifPresent(found -> named.add(Category.normalise(found.name())));
        }
        return named;
    }

    /**
     * The Miners that named a category proposed for this meme: those that proposed it, and any that listed it
     * among their categories although it was not in the taxonomy they were shown.
     */
    static long votesFor(String proposed, List<Answer<MinerVote>> answers) {
        String name = Category.normalise(proposed);
        return answers.stream()
                .filter(Answer::ok)
                .map(Answer::value)
                .filter(v -> v.categories().contains(name)
                        || (v.proposal() != null
                                && Category.normalise(v.proposal().name()).equals(name)))
                .count();
    }

    /** Distinct proposals not yet in T, by normalised name, with the replicas that made them. */
    static Map<String, List<Integer>> proposals(List<Answer<MinerVote>> answers, Taxonomy taxonomy) {
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        for (int i = 0; i < answers.size(); i++) {
            Answer<MinerVote> a = answers.get(i);
            if (a.ok()
                    && a.okValue().proposal() != null
                    && !taxonomy.contains(a.okValue().proposal().name())) {
                byName.computeIfAbsent(Category.normalise(a.okValue().proposal().name()), k -> new ArrayList<>())
                        .add(i);
            }
        }
        return byName;
    }

    /**
     * Why this meme cannot be decided, or null when every Miner's vote is in. A missing Miner might
     * have named any category, or proposed one the Examiner and Judge would admit, which would put
     * this meme into it: the votes received never settle a meme whatever the missing one would have
     * said, so a meme with a missing vote is an ERROR that names it, never a guess.
     */
    static @Nullable String missingVotes(List<Answer<MinerVote>> answers) {
        List<String> missing = new ArrayList<>();
        List<String> received = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            Answer<MinerVote> a = answers.get(i);
            if (a.ok()) {
                received.add("Miner " + (i + 1) + " named "
                        + (a.okValue().categories().isEmpty()
                                ? "nothing"
                                : String.join(", ", a.okValue().categories())));
            } else {
                missing.add("Miner " + (i + 1) + " (" + a.status() + " after " + a.attempts() + " attempts: "
                        + a.failure() + ")");
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        return "no decision on missing votes: " + missing.size() + " of " + MiningStage.MINERS
                + " Miner votes are missing: " + String.join("; ", missing)
                + (received.isEmpty() ? "" : "; received: " + String.join("; ", received));
    }

    /** Each Miner's categories, or null for a Miner whose vote is missing. */
    static List<@Nullable List<String>> votes(List<Answer<MinerVote>> answers) {
        List<List<String>> out = new ArrayList<>();
        for (Answer<MinerVote> a : answers) {
            out.add(a.ok() ? a.okValue().categories() : null);
        }
        return out;
    }
}
