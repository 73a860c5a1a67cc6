package io.github.adammeme.agent;

import io.github.adammeme.llm.ContentPart;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Rates the target's analysis against the reference answer, 1..10 (temperature 0). */
public final class Scorer {

    private final AgentContext context;
    private final int replica;

    public Scorer(AgentContext context) {
        this(context, 0);
    }

    /**
     * @param replica 0 for the run's judge; another replica is the same judge asked independently (its
     *                own seed, its own cache entry), which is how a second opinion is drawn from one model
     */
    public Scorer(AgentContext context, int replica) {
        this.context = context;
        this.replica = replica;
    }

    public CompletableFuture<Answer<Rating>> score(String memeText, ContentPart.Image erasedImage, String category,
                                                   String reference, String targetAnswer) {
        return context.ask("Scorer", "scorer", Map.of("meme_text", memeText, "question", Analysis.question(category),
                "reference_answer", reference, "target_answer", targetAnswer), erasedImage, 0.0, replica, Rating.PARSER);
    }

    /**
     * Who judges, for reports. Another replica of the run's own judge at temperature 0 measures that
     * judge's self-consistency, not its reliability: only a second model (adammeme.judge.second-model)
     * can disagree for reasons of its own.
     */
    public String judge() {
        String model = context.gateway().model().model();
        return replica == 0 ? "second judge " + model : "self-consistency of " + model + ", replica " + replica;
    }
}
