package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.Verdict;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;

/** Checks that a proposed category fits the taxonomy's granularity without overlap (temperature 0). */
@API(status = INTERNAL, since = "0.1.0")
public final class Judge {

    /** The role its calls are made and accounted as. */
    public static final String ROLE = "Judge";

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Judge(AgentContext context) {
        this.context = context;
    }

    /**
     * Asks whether a proposed category fits the taxonomy without overlapping a category already in it.
     *
     * @param taxonomy the taxonomy as the proposing Miner saw it
     * @param proposal the Miner's proposed name and description
     * @return the Judge's Yes/No and reason, or why there is none
     */
    public CompletableFuture<Answer<Verdict>> judge(Taxonomy taxonomy, MinerVote.Proposal proposal) {
        return context.ask(
                ROLE,
                "judge",
                Map.of(
                        "taxonomy",
                        taxonomy.render(),
                        "category",
                        proposal.name(),
                        "category_description",
                        proposal.description()),
                List.of(),
                0.0,
                0,
                Verdict.PARSER);
    }
}
