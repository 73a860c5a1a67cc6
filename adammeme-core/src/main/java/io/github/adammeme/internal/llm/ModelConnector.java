package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Reaches the model behind an endpoint. Every run reaches its models over HTTP ({@link #HTTP}); the
 * pipeline benchmark may reach the simulator's answers in its own process instead, so that a
 * million memes' heap can be measured without hours of HTTP (docs/cost.md).
 */
@FunctionalInterface
@API(status = INTERNAL, since = "0.1.0")
public interface ModelConnector {

    /** Chat completions over HTTP with openai-java: what every evaluation uses. */
    ModelConnector HTTP = OpenAiChatModel::new;

    /**
     * @param endpoint where the model is reached
     * @param connections calls that may be in flight at once
     * @return the model, closed with its gateway when it is {@link AutoCloseable}
     */
    ChatModel connect(Endpoint endpoint, int connections);
}
