package io.github.adammeme.llm;

/** The port every model is reached through: one blocking chat-completion call. */
public interface ChatModel {

    /**
     * Identifies endpoint and model in cache keys and reports; never contains a secret.
     *
     * @return the identity
     */
    String identity();

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
}
