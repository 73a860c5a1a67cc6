package io.github.adammeme.agent;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Checks that a proposed category fits the taxonomy's granularity without overlap (temperature 0). */
public final class Judge {

    private final AgentContext context;

    public Judge(AgentContext context) {
        this.context = context;
    }

    public CompletableFuture<Answer<Verdict>> judge(Taxonomy taxonomy, MinerVote.Proposal proposal) {
        return context.ask("Judge", "judge", Map.of("taxonomy", taxonomy.render(), "category", proposal.name(),
                "category_description", proposal.description()), java.util.List.of(), 0.0, 0, Verdict.PARSER);
    }
}
