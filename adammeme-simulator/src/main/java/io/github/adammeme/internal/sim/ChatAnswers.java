package io.github.adammeme.internal.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.sim.persona.SimRequest;
import io.github.adammeme.internal.sim.persona.SimulatedModel;
import io.github.adammeme.internal.sim.persona.StructuredAnswers;
import io.github.adammeme.internal.util.Digests;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * What {@code /v1/chat/completions} answers to one request body: the same reading, answer and token
 * accounting whether the request came on its own or as a line of a batch, so a batched run is answered
 * exactly as a synchronous one. Faults, rate limits and latency belong to the HTTP route, not here.
 */
final class ChatAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The most choices one request may ask for, as at OpenAI. */
    private static final int MAX_CHOICES = 128;

    /**
     * An answer as a status and a JSON body: a chat completion, or an error in OpenAI's shape.
     *
     * @param status the HTTP status
     * @param body the body
     */
    record Reply(int status, JsonNode body) {

        static Reply error(int status, String type, String message) {
            return new Reply(status, ServerReplies.errorBody(type, message));
        }
    }

    /**
     * One request as read: what is asked of which persona, or why it cannot be answered at all.
     *
     * @param request the request's model, seed, prompt and schema
     * @param choices how many answers it asks for ({@code n})
     * @param persona who answers, or null when refused
     * @param messages the request's messages, for the token count
     * @param maxTokens the most tokens an answer may have ({@code max_completion_tokens} or {@code max_tokens}), 0 for
     *                  no limit
     * @param refused the error the request gets instead of an answer, or null
     */
    record Asked(
            @Nullable SimRequest request,
            int choices,
            SimulatedModel.@Nullable Persona persona,
            @Nullable JsonNode messages,
            long maxTokens,
            @Nullable Reply refused) {

        static Asked refused(@Nullable SimRequest request, Reply why) {
            return new Asked(request, 0, null, null, 0, why);
        }
    }

    private final SimulatedModelServer.Answerer answerer;
    private final TokenMeter meter = new TokenMeter();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong withSchema = new AtomicLong();
    private final Queue<String> answered = new ConcurrentLinkedQueue<>();

    ChatAnswers(SimulatedModelServer.Answerer answerer) {
        this.answerer = answerer;
    }

    /**
     * Reads a request: a refusal for a body without messages, an unknown model, or a JSON schema while
     * structured output is off (counted as a structured request all the same).
     */
    Asked read(@Nullable JsonNode body, SimSettings now) {
        if (body == null
                || !body.path("messages").isArray()
                || body.path("messages").isEmpty()) {
            return Asked.refused(
                    null, Reply.error(400, "invalid_request_error", "'messages' must be a non-empty array"));
        }
        int n = body.path("n").asInt(1);
        if (n < 1 || n > MAX_CHOICES) {
            return Asked.refused(
                    null,
                    Reply.error(
                            400,
                            "invalid_request_error",
                            "n must be from 1 to " + MAX_CHOICES + ", was " + body.path("n")));
        }
        SimRequest request = SimRequest.from(body);
        SimulatedModel.Persona persona = SimulatedModel.Persona.serving(request.model(), now.served());
        if (persona == null) {
            List<String> offered = new ArrayList<>(SimulatedModelServer.MODELS);
            offered.addAll(now.served().keySet());
            return Asked.refused(
                    request,
                    Reply.error(
                            404,
                            "model_not_found",
                            "The model '" + request.model() + "' does not exist on the simulator; it offers "
                                    + String.join(", ", offered)));
        }
        if (request.schema() != null) {
            withSchema.incrementAndGet();
            if (!now.structuredOutput()) {
                return Asked.refused(
                        request,
                        Reply.error(
                                400,
                                "invalid_request_error",
                                "response_format of type json_schema is not supported by this model"));
            }
        }
        long maxTokens = body.path("max_completion_tokens")
                .asLong(body.path("max_tokens").asLong(0));
        return new Asked(request, n, persona, body.path("messages"), Math.max(0, maxTokens), null);
    }

    /** Answers a request {@link #read} found answerable: counted, and each choice recorded as paid for. */
    Reply answer(Asked asked, SimSettings now) {
        // Only a request read as answerable is answered: it has all of these.
        SimRequest request = Objects.requireNonNull(asked.request(), "an answerable request");
        SimulatedModel.Persona persona = Objects.requireNonNull(asked.persona(), "an answerable request");
        JsonNode messages = Objects.requireNonNull(asked.messages(), "an answerable request");
        requests.incrementAndGet();
        // n choices are the answers to n consecutive seeds: what n replicas asked one by one would get.
        List<String> contents = new ArrayList<>();
        for (int choice = 0; choice < asked.choices(); choice++) {
            SimRequest replica = request.withSeed(request.seed() + choice);
            answered.add(Digests.sha256Hex(replica.model() + "\u0000" + replica.seed() + "\u0000"
                    + replica.temperature() + "\u0000" + replica.prompt()));
            String content = answerer.answer(persona, replica, now);
            if (request.schema() != null) {
                content = StructuredAnswers.of(request.schema(), content);
                if (content == null) {
                    return Reply.error(
                            400,
                            "invalid_request_error",
                            "the simulator has no schema named '" + request.schema() + "'");
                }
            }
            contents.add(content);
        }
        return new Reply(
                200, completion(request, persona, contents, asked.maxTokens(), meter.count(request.model(), messages)));
    }

    long requests() {
        return requests.get();
    }

    long structuredRequests() {
        return withSchema.get();
    }

    List<String> answered() {
        return List.copyOf(answered);
    }

    /**
     * The answer names the model asked for, as a served name's answers do at vLLM, and who gave it in its fingerprint.
     * An answer longer than the request's token limit stops there, with {@code finish_reason} length, as at OpenAI.
     */
    private static ObjectNode completion(
            SimRequest request,
            SimulatedModel.Persona persona,
            List<String> contents,
            long maxTokens,
            TokenMeter.Count input) {
        ObjectNode root = JSON.createObjectNode();
        String digest = Digests.sha256Hex(request.model() + request.seed() + request.prompt());
        root.put("id", "chatcmpl-sim-" + digest.substring(0, 24));
        root.put("object", "chat.completion");
        root.put("created", 1_700_000_000L);
        root.put("model", request.model());
        root.put("system_fingerprint", persona.fingerprint());
        ArrayNode choices = root.putArray("choices");
        long completionTokens = 0;
        for (int i = 0; i < contents.size(); i++) {
            String content = contents.get(i);
            long tokens = Math.max(1, (content.length() + TokenMeter.CHARS_PER_TOKEN - 1) / TokenMeter.CHARS_PER_TOKEN);
            boolean cut = maxTokens > 0 && tokens > maxTokens;
            if (cut) {
                content = content.substring(0, content.offsetByCodePoints(0, (int)
                        Math.min(content.codePointCount(0, content.length()), maxTokens * TokenMeter.CHARS_PER_TOKEN)));
                tokens = maxTokens;
            }
            ObjectNode choice = choices.addObject();
            choice.put("index", i);
            choice.putObject("message")
                    .put("role", "assistant")
                    .put("content", content)
                    .putNull("refusal");
            choice.putNull("logprobs");
            choice.put("finish_reason", cut ? "length" : "stop");
            completionTokens += tokens;
        }
        ObjectNode usage = root.putObject("usage")
                .put("prompt_tokens", input.promptTokens())
                .put("completion_tokens", completionTokens)
                .put("total_tokens", input.promptTokens() + completionTokens);
        usage.putObject("prompt_tokens_details").put("cached_tokens", input.cachedTokens());
        return root;
    }
}
