package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** The port every model is reached through: one blocking chat-completion call. */
@API(status = INTERNAL, since = "0.1.0")
public interface ChatModel {

    /**
     * Identifies endpoint and model in cache keys and reports; never contains a secret.
     *
     * @return the identity
     */
    String identity();

    /**
     * Whose answers this model's are, in cache keys: null for answers any run may reuse (the agents', which do
     * not depend on the target), else the run or declared revision the target's answers belong to.
     *
     * @return the scope, or null
     */
    default @Nullable String answerScope() {
        return null;
    }

    /**
     * The model name as the endpoint knows it.
     *
     * @return the model name
     */
    String model();

    /**
     * Makes one call, blocking until the endpoint answers or the call times out.
     *
     * @param request the call
     * @return the endpoint's answer
     * @throws ModelCallException when the call fails; it says whether asking again may help
     */
    ChatResponse complete(ChatRequest request) throws ModelCallException;

    /**
     * Several answers to one request ({@code n} choices), its input paid once: how replicas that differ
     * only by seed (the three Miners, the three reference Candidates) are asked for at a third of the
     * input. An endpoint may give fewer than asked; the caller asks for the rest one by one.
     *
     * @param request the call, with the first replica's seed
     * @param n how many answers
     * @return at least one answer; the call's usage is on the first
     * @throws ModelCallException as {@link #complete}
     */
    default List<ChatResponse> completeChoices(ChatRequest request, int n) {
        return List.of(complete(request));
    }
}
