package io.github.adammeme.llm;

/** The port every model is reached through: one blocking chat-completion call. */
public interface ChatModel {

    /** Identifies endpoint and model in cache keys and reports; never contains a secret. */
    String identity();

    /** The model name as the endpoint knows it. */
    String model();

    ChatResponse complete(ChatRequest request) throws ModelCallException;
}
