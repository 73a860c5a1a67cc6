package io.github.adammeme.agent;

import io.github.adammeme.llm.ChatRequest;
import io.github.adammeme.llm.ContentPart;
import io.github.adammeme.llm.ModelGateway;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What every agent needs: the model it talks to, its template, the run's seed and the re-ask bound.
 * Agents differ only in what they put into the template and how they read the answer.
 */
public record AgentContext(ModelGateway gateway, PromptLibrary prompts, long randomSeed, int reasks, Integer maxTokens,
                           String stage) {

    /**
     * A context whose calls are not accounted to a stage.
     *
     * @param gateway the endpoint the agents call, with its cache and limits
     * @param prompts the agents' templates
     * @param randomSeed the run's seed; a replica's seed is this plus its number
     * @param reasks how often an unusable answer is asked again
     * @param maxTokens the answer's token limit, or null for the endpoint's default
     */
    public AgentContext(ModelGateway gateway, PromptLibrary prompts, long randomSeed, int reasks, Integer maxTokens) {
        this(gateway, prompts, randomSeed, reasks, maxTokens, null);
    }

    <T> CompletableFuture<Answer<T>> ask(String role, String template, Map<String, String> values,
                                         ContentPart.Image image, double temperature, int replica,
                                         AnswerParser<T> parser) {
        return ask(role, template, values, image == null ? List.of() : List.of(image), temperature, replica, parser);
    }

    <T> CompletableFuture<Answer<T>> ask(String role, String template, Map<String, String> values,
                                         List<ContentPart.Image> images, double temperature, int replica,
                                         AnswerParser<T> parser) {
        return ask(role, template, values, images, temperature, replica, parser, Asker.Policy.AGENT);
    }

    <T> CompletableFuture<Answer<T>> ask(String role, String template, Map<String, String> values,
                                         List<ContentPart.Image> images, double temperature, int replica,
                                         AnswerParser<T> parser, Asker.Policy policy) {
        PromptTemplate t = prompts.get(template);
        // Replicas differ by seed, which is how a real endpoint is asked for independent samples.
        ChatRequest request = new ChatRequest(role, t.render(values, images), temperature, randomSeed + replica,
                maxTokens, replica, t.digest(), stage, gateway.sendsSchemas() ? parser.schema() : null);
        return Asker.ask(gateway, request, parser, reasks, policy);
    }

    /**
     * The same agents on another endpoint (a target, the second judge or the controller).
     *
     * @param other the endpoint to call instead
     * @return the new context
     */
    public AgentContext on(ModelGateway other) {
        return new AgentContext(other, prompts, randomSeed, reasks, maxTokens, stage);
    }

    /**
     * The same agents, their calls accounted to {@code name} (mining, scoring, refinement).
     *
     * @param name the stage's name
     * @return the new context
     */
    public AgentContext inStage(String name) {
        return new AgentContext(gateway, prompts, randomSeed, reasks, maxTokens, name);
    }
}
