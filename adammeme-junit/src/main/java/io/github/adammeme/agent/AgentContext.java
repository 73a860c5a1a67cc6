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

    public AgentContext on(ModelGateway other) {
        return new AgentContext(other, prompts, randomSeed, reasks, maxTokens, stage);
    }

    /** The same agents, their calls accounted to {@code name} (mining, scoring, refinement). */
    public AgentContext inStage(String name) {
        return new AgentContext(gateway, prompts, randomSeed, reasks, maxTokens, name);
    }
}
