package io.github.adammeme.pipeline;

import io.github.adammeme.agent.Answer;
import io.github.adammeme.agent.Category;
import io.github.adammeme.agent.MinerVote;
import io.github.adammeme.agent.Taxonomy;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Miners' majority vote: a category is kept when more than half of all Miners name it. A
 * Miner that failed names nothing, so it can only make agreement harder, never easier.
 */
final class MajorityVote {

    private MajorityVote() {
    }

    /** Categories of T named by a strict majority of {@code answers}, in taxonomy order. */
    static List<String> majority(List<Answer<MinerVote>> answers, Taxonomy taxonomy) {
        // What each Miner named is worked out once, not once per category of T.
        List<Set<String>> named = answers.stream().filter(Answer::ok).map(a -> named(a.value(), taxonomy)).toList();
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
}
