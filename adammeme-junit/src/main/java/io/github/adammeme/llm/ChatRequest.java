package io.github.adammeme.llm;

import java.util.List;
import java.util.Objects;

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
 */
public record ChatRequest(
        String role,
        List<ChatMessage> messages,
        double temperature,
        long seed,
        Integer maxTokens,
        int replica,
        String templateDigest,
        String stage) {

    public static final String UNSTAGED = "-";

    public ChatRequest {
        Objects.requireNonNull(role, "role");
        stage = stage == null ? UNSTAGED : stage;
        messages = List.copyOf(messages);
        Objects.requireNonNull(templateDigest, "templateDigest");
    }

    public ChatRequest(String role, List<ChatMessage> messages, double temperature, long seed, Integer maxTokens,
                       int replica, String templateDigest) {
        this(role, messages, temperature, seed, maxTokens, replica, templateDigest, UNSTAGED);
    }

    /** The same call continued with the model's answer and a follow-up, as a re-ask does. */
    public ChatRequest followUp(String previousAnswer, String correction) {
        List<ChatMessage> next = new java.util.ArrayList<>(messages);
        next.add(ChatMessage.assistant(previousAnswer));
        next.add(ChatMessage.user(correction));
        return new ChatRequest(role, next, temperature, seed, maxTokens, replica, templateDigest, stage);
    }
}
