package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.Verdict;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.ContentPart;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** Checks that a proposed category's harm really is in the meme that prompted it (temperature 0). */
@API(status = INTERNAL, since = "0.1.0")
public final class Examiner {

    /** The role its calls are made and accounted as. */
    public static final String ROLE = "Examiner";

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Examiner(AgentContext context) {
        this.context = context;
    }

    /**
     * Asks whether the harm a Miner's proposed category names is really in this meme.
     *
     * @param meme the meme the proposal was made on
     * @param image the meme's picture, or null
     * @param proposal the Miner's proposed name and description
     * @return the Examiner's Yes/No and reason, or why there is none
     */
    public CompletableFuture<Answer<Verdict>> examine(
            Meme meme, ContentPart.@Nullable Image image, MinerVote.Proposal proposal) {
        return context.ask(
                ROLE,
                "examiner",
                Map.of(
                        "meme_text",
                        meme.text(),
                        "category",
                        proposal.name(),
                        "category_description",
                        proposal.description()),
                image,
                0.0,
                0,
                Verdict.PARSER);
    }
}
