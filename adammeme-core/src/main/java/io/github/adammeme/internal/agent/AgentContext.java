package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.AnswerParser;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.agent.prompt.PromptTemplate;
import io.github.adammeme.internal.data.image.RoleImages;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.llm.ModelGateway;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * What every agent needs: the model it talks to, its template, the run's seed, the re-ask bound and how
 * closely each role looks at the picture. Agents differ only in what they put into the template and how
 * they read the answer.
 */
@API(status = INTERNAL, since = "0.1.0")
public record AgentContext(
        ModelGateway gateway,
        PromptLibrary prompts,
        long randomSeed,
        int reasks,
        @Nullable Integer maxTokens,
        @Nullable String stage,
        RoleImages images) {

    /**
     * A context whose pictures go as prepared, with no detail field.
     *
     * @param gateway the endpoint the agents call, with its cache and limits
     * @param prompts the agents' templates
     * @param randomSeed the run's seed; a replica's seed is this plus its number
     * @param reasks how often an unusable answer is asked again
     * @param maxTokens the answer's token limit, or null for the endpoint's default
     * @param stage the stage calls are accounted to, or null
     */
    public AgentContext(
            ModelGateway gateway,
            PromptLibrary prompts,
            long randomSeed,
            int reasks,
            @Nullable Integer maxTokens,
            @Nullable String stage) {
        this(gateway, prompts, randomSeed, reasks, maxTokens, stage, RoleImages.AS_PREPARED);
    }

    /**
     * A context whose calls are not accounted to a stage.
     *
     * @param gateway the endpoint the agents call, with its cache and limits
     * @param prompts the agents' templates
     * @param randomSeed the run's seed; a replica's seed is this plus its number
     * @param reasks how often an unusable answer is asked again
     * @param maxTokens the answer's token limit, or null for the endpoint's default
     */
    public AgentContext(
            ModelGateway gateway, PromptLibrary prompts, long randomSeed, int reasks, @Nullable Integer maxTokens) {
        this(gateway, prompts, randomSeed, reasks, maxTokens, null);
    }

    <T> CompletableFuture<Answer<T>> ask(
            String role,
            String template,
            Map<String, String> values,
            ContentPart.@Nullable Image image,
            double temperature,
            int replica,
            AnswerParser<T> parser) {
        return ask(role, template, values, image == null ? List.of() : List.of(image), temperature, replica, parser);
    }

    <T> CompletableFuture<Answer<T>> ask(
            String role,
            String template,
            Map<String, String> values,
            List<ContentPart.Image> images,
            double temperature,
            int replica,
            AnswerParser<T> parser) {
        return ask(role, template, values, images, temperature, replica, parser, Asker.Policy.AGENT);
    }

    <T> CompletableFuture<Answer<T>> ask(
            String role,
            String template,
            Map<String, String> values,
            List<ContentPart.Image> images,
            double temperature,
            int replica,
            AnswerParser<T> parser,
            Asker.Policy policy) {
        return Asker.ask(
                gateway, request(role, template, values, images, temperature, replica, parser), parser, reasks, policy);
    }

    /**
     * Replicas 0 to {@code count - 1} of one agent's call, their first answers asked for as choices of one
     * request (the input paid once), each then read, and asked again alone, as {@link #ask} would.
     */
    <T> List<CompletableFuture<Answer<T>>> askReplicas(
            String role,
            String template,
            Map<String, String> values,
            ContentPart.@Nullable Image image,
            double temperature,
            int count,
            AnswerParser<T> parser) {
        List<ChatRequest> requests = new ArrayList<>();
        for (int replica = 0; replica < count; replica++) {
            requests.add(request(
                    role, template, values, image == null ? List.of() : List.of(image), temperature, replica, parser));
        }
        List<CompletableFuture<ChatResponse>> firsts = gateway.callReplicas(requests);
        List<CompletableFuture<Answer<T>>> answers = new ArrayList<>();
        for (int replica = 0; replica < count; replica++) {
            answers.add(Asker.read(
                    gateway, requests.get(replica), firsts.get(replica), parser, reasks, Asker.Policy.AGENT));
        }
        return answers;
    }

    private ChatRequest request(
            String role,
            String template,
            Map<String, String> values,
            List<ContentPart.Image> images,
            double temperature,
            int replica,
            AnswerParser<?> parser) {
        PromptTemplate t = prompts.get(template);
        // Replicas differ by seed, which is how a real endpoint is asked for independent samples.
        List<ContentPart.Image> shown =
                images.stream().map(image -> this.images.shown(role, image)).toList();
        return new ChatRequest(
                role,
                t.render(values, shown),
                temperature,
                randomSeed + replica,
                maxTokens,
                replica,
                t.digest(),
                stage,
                gateway.sendsSchemas() ? parser.schema() : null);
    }

    /**
     * The same agents on another endpoint (a target, the second judge or the controller).
     *
     * @param other the endpoint to call instead
     * @return the new context
     */
    public AgentContext on(ModelGateway other) {
        return new AgentContext(other, prompts, randomSeed, reasks, maxTokens, stage, images);
    }

    /**
     * The same agents, their calls accounted to {@code name} (mining, scoring, refinement).
     *
     * @param name the stage's name
     * @return the new context
     */
    public AgentContext inStage(String name) {
        return new AgentContext(gateway, prompts, randomSeed, reasks, maxTokens, name, images);
    }

    /**
     * The same agents, each role shown the picture as {@code next} says.
     *
     * @param next detail and size per role
     * @return the new context
     */
    public AgentContext showing(RoleImages next) {
        return new AgentContext(gateway, prompts, randomSeed, reasks, maxTokens, stage, next);
    }
}
