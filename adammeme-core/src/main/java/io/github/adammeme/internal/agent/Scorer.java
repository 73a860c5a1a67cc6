package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.AnswerParser;
import io.github.adammeme.internal.agent.answer.Rating;
import io.github.adammeme.internal.llm.ContentPart;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** Rates the target's analysis against the reference answer, 1..10 (temperature 0). */
@API(status = INTERNAL, since = "0.1.0")
public final class Scorer {

    private final AgentContext context;
    private final int replica;
    private final AnswerParser<Rating> parser;

    /**
     * The run's own judge.
     *
     * @param context the judge's model and the run's templates, seed and re-ask bound
     */
    public Scorer(AgentContext context) {
        this(context, 0);
    }

    /**
     * @param context the judge's model and the run's templates, seed and re-ask bound
     * @param replica 0 for the run's judge; another replica is the same judge asked independently (its
     *                own seed, its own cache entry), which is how a second opinion is drawn from one model
     */
    public Scorer(AgentContext context, int replica) {
        this(context, replica, false);
    }

    /**
     * @param context the judge's model and the run's templates, seed and re-ask bound
     * @param replica 0 for the run's judge, another for a second opinion from the same model
     * @param decimalsRead whether a decimal rating ({@code [[6.0]]}) is read as the paper's reference code reads it,
     *                     rather than asked again as not the integer the Scorer was asked for
     */
    public Scorer(AgentContext context, int replica, boolean decimalsRead) {
        this.context = context;
        this.replica = replica;
        this.parser = Rating.parser(decimalsRead);
    }

    /**
     * Rates the target's analysis of one pair against the reference answer.
     *
     * @param memeText the meme's text (original or refined)
     * @param erasedImage the meme's picture as it is shown, or null
     * @param category the harmfulness category
     * @param reference the Senior's reference answer
     * @param targetAnswer the target's analysis
     * @return the rating (1..10) with its explanation, or why there is none
     */
    public CompletableFuture<Answer<Rating>> score(
            String memeText,
            ContentPart.@Nullable Image erasedImage,
            String category,
            String reference,
            String targetAnswer) {
        return context.ask(
                "Scorer",
                "scorer",
                Map.of(
                        "meme_text",
                        memeText,
                        "question",
                        context.prompts().question(category),
                        "reference_answer",
                        reference,
                        "target_answer",
                        targetAnswer),
                erasedImage,
                0.0,
                replica,
                parser);
    }

    /**
     * Who judges, for reports. Another replica of the run's own judge at temperature 0 measures that
     * judge's self-consistency, not its reliability: only a second model (adammeme.judge.second-model)
     * can disagree for reasons of its own.
     *
     * @return a label naming the judge's model and, for another replica, which one
     */
    public String judge() {
        String model = context.gateway().model().model();
        return replica == 0 ? "second judge " + model : "self-consistency of " + model + ", replica " + replica;
    }
}
