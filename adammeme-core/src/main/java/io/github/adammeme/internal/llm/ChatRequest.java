package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * One chat-completion call as the pipeline asks for it.
 *
 * @param role          the agent role making the call (Miner, Scorer, Target ...), for usage accounting
 * @param messages      the rendered conversation
 * @param temperature   sampling temperature
 * @param seed          sampling seed sent to the endpoint
 * @param maxTokens     completion token cap, or null for the endpoint's default
 * @param replica       which of several otherwise identical calls this is (3 Miners, 3 Candidates)
 * @param templateDigest digest of the prompt template, so an edited template never hits an old cache row
 * @param stage         the pipeline stage asking (mining, scoring, refinement), for accounting only: the same
 *                      question from two stages is one cached answer
 * @param schema        the shape the answer must take, sent as structured output; null for free text
 */
@API(status = INTERNAL, since = "0.1.0")
public record ChatRequest(
        String role,
        List<ChatMessage> messages,
        double temperature,
        long seed,
        @Nullable Integer maxTokens,
        int replica,
        String templateDigest,
        String stage,
        @Nullable ResponseSchema schema) {

    /** The stage of a call made outside the pipeline's stages. */
    public static final String UNSTAGED = "-";

    /**
     * Requires a role and a template digest, keeps its own copy of the messages, and marks a call without a
     * stage as {@link #UNSTAGED}.
     *
     * @param role the agent role making the call
     * @param messages the rendered conversation
     * @param temperature sampling temperature
     * @param seed sampling seed sent to the endpoint
     * @param maxTokens completion token cap, or null
     * @param replica which of several otherwise identical calls this is
     * @param templateDigest digest of the prompt template
     * @param stage the pipeline stage asking, or null
     * @param schema the shape the answer must take, or null for free text
     */
    public ChatRequest(
            String role,
            List<ChatMessage> messages,
            double temperature,
            long seed,
            @Nullable Integer maxTokens,
            int replica,
            String templateDigest,
            @Nullable String stage,
            @Nullable ResponseSchema schema) {
        this.role = Objects.requireNonNull(role, "role");
        this.stage = stage == null ? UNSTAGED : stage;
        this.messages = List.copyOf(messages);
        this.templateDigest = Objects.requireNonNull(templateDigest, "templateDigest");
        this.temperature = temperature;
        this.seed = seed;
        this.maxTokens = maxTokens;
        this.replica = replica;
        this.schema = schema;
    }

    /**
     * A call outside any stage, in free text.
     *
     * @param role the agent role making the call
     * @param messages the rendered conversation
     * @param temperature sampling temperature
     * @param seed sampling seed sent to the endpoint
     * @param maxTokens completion token cap, or null
     * @param replica which of several otherwise identical calls this is
     * @param templateDigest digest of the prompt template
     */
    public ChatRequest(
            String role,
            List<ChatMessage> messages,
            double temperature,
            long seed,
            @Nullable Integer maxTokens,
            int replica,
            String templateDigest) {
        this(role, messages, temperature, seed, maxTokens, replica, templateDigest, UNSTAGED, null);
    }

    /**
     * A call in free text.
     *
     * @param role the agent role making the call
     * @param messages the rendered conversation
     * @param temperature sampling temperature
     * @param seed sampling seed sent to the endpoint
     * @param maxTokens completion token cap, or null
     * @param replica which of several otherwise identical calls this is
     * @param templateDigest digest of the prompt template
     * @param stage the pipeline stage asking, or null
     */
    public ChatRequest(
            String role,
            List<ChatMessage> messages,
            double temperature,
            long seed,
            @Nullable Integer maxTokens,
            int replica,
            String templateDigest,
            @Nullable String stage) {
        this(role, messages, temperature, seed, maxTokens, replica, templateDigest, stage, null);
    }

    /**
     * The same call asking for free text: for an endpoint that turned structured output down.
     *
     * @return the call without its schema
     */
    public ChatRequest withoutSchema() {
        return new ChatRequest(role, messages, temperature, seed, maxTokens, replica, templateDigest, stage, null);
    }

    /**
     * The same call continued with the model's answer and a follow-up, as a re-ask does.
     *
     * @param previousAnswer what the model answered
     * @param correction what was wrong with it, and what is asked instead
     * @return the longer call
     */
    public ChatRequest followUp(String previousAnswer, String correction) {
        List<ChatMessage> next = new ArrayList<>(messages);
        next.add(ChatMessage.assistant(previousAnswer));
        next.add(ChatMessage.user(correction));
        return new ChatRequest(role, next, temperature, seed, maxTokens, replica, templateDigest, stage, schema);
    }
}
