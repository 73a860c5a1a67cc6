package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.openai.core.JsonValue;
import com.openai.errors.OpenAIInvalidDataException;
import com.openai.models.ResponseFormatJsonSchema;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionAssistantMessageParam;
import com.openai.models.chat.completions.ChatCompletionContentPart;
import com.openai.models.chat.completions.ChatCompletionContentPartImage;
import com.openai.models.chat.completions.ChatCompletionContentPartText;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessage;
import com.openai.models.chat.completions.ChatCompletionSystemMessageParam;
import com.openai.models.chat.completions.ChatCompletionUserMessageParam;
import io.github.adammeme.internal.llm.cost.ReportedUsage;
import io.github.adammeme.internal.llm.cost.Usage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A {@link ChatRequest} as openai-java's chat-completion parameters, and a chat completion as a
 * {@link ChatResponse}: one translation for calls made at once and calls sent in a batch.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ChatCompletions {

    private ChatCompletions() {}

    /**
     * @param model the model asked
     * @param request the call
     * @param dataUrls the encoder of images as data URLs
     * @param n the answers asked for (choices); more than one costs the input once
     * @return the parameters of one chat completion
     */
    public static ChatCompletionCreateParams params(String model, ChatRequest request, DataUrls dataUrls, int n) {
        ChatCompletionCreateParams.Builder params = ChatCompletionCreateParams.builder()
                .model(model)
                .temperature(request.temperature())
                // seed and max_tokens go as plain body fields: the typed setters are deprecated by
                // OpenAI, yet vLLM, Ollama and llama.cpp read exactly these names.
                .putAdditionalBodyProperty("seed", JsonValue.from(request.seed()));
        if (request.maxTokens() != null) {
            params.putAdditionalBodyProperty("max_tokens", JsonValue.from(request.maxTokens()));
        }
        if (n > 1) {
            params.n(n);
        }
        if (request.schema() != null) {
            params.jsonSchemaResponseFormat(ResponseFormatJsonSchema.JsonSchema.builder()
                    .name(request.schema().name())
                    .schema(ResponseFormatJsonSchema.JsonSchema.Schema.builder()
                            .additionalProperties(SCHEMAS.get(request.schema(), ChatCompletions::toJsonValues))
                            .build())
                    .strict(true)
                    .build());
        }
        for (ChatMessage message : request.messages()) {
            switch (message.role()) {
                case SYSTEM ->
                    params.addMessage(ChatCompletionSystemMessageParam.builder()
                            .content(message.text())
                            .build());
                case ASSISTANT ->
                    params.addMessage(ChatCompletionAssistantMessageParam.builder()
                            .content(message.text())
                            .build());
                case USER ->
                    params.addMessage(ChatCompletionUserMessageParam.builder()
                            .contentOfArrayOfContentParts(parts(message, dataUrls))
                            .build());
            }
        }
        return params.build();
    }

    /**
     * @param completion what the endpoint answered
     * @param who the model and endpoint, for messages
     * @return the answer
     * @throws ModelCallException when the completion has no choice
     */
    static ChatResponse response(ChatCompletion completion, String who) {
        return responses(completion, who).get(0);
    }

    /**
     * @param completion what the endpoint answered to a request for several choices
     * @param who the model and endpoint, for messages
     * @return one answer per choice, in the order of their index; the call's usage is on the first, as it was
     *     paid once
     * @throws ModelCallException when the completion has no choice
     */
    public static List<ChatResponse> responses(ChatCompletion completion, String who) {
        // An answer with HTTP 200 is billed whatever it holds: what it reported is read first, so a
        // failure below still counts the call and its tokens.
        Usage usage = ReportedUsage.of(completion, who);
        List<ChatCompletion.Choice> choices;
        try {
            choices = completion._choices().asKnown().orElse(null);
            if (choices == null) {
                throw ModelCallException.paidButUnusable(
                        who + " answered HTTP 200 without a choices field" + tokens(usage), usage);
            }
            if (choices.isEmpty()) {
                throw ModelCallException.paidButUnusable(
                        who + " answered with no choices (HTTP 200, choices: [])" + tokens(usage), usage);
            }
            choices = choices.stream()
                    .sorted(Comparator.comparingLong(c -> c._index().asKnown().orElse(0L)))
                    .toList();
            // OpenAI deprecated system_fingerprint, and the SDK has no other accessor for it, but other servers
            // (vLLM among them) still send it and it tells two builds of one model apart.
            @SuppressWarnings("deprecation")
            String fingerprint = completion._systemFingerprint().asString().orElse(null);
            Answerer answeredBy = Answerer.of(completion._model().asString().orElse(null), fingerprint);
            List<ChatResponse> out = new ArrayList<>();
            for (ChatCompletion.Choice choice : choices) {
                String finish = choice._finishReason().asString().orElse(null);
                if (finish == null && choice._finishReason().asKnown().isPresent()) {
                    finish = choice.finishReason().asString();
                }
                ChatCompletionMessage message = choice._message().asKnown().orElse(null);
                String content = message == null ? null : message.content().orElse(null);
                String refusal = message == null ? null : message.refusal().orElse(null);
                if (content == null && refusal == null) {
                    // Nothing to parse, and nothing worth keeping: kept, it would be replayed as an empty answer.
                    throw ModelCallException.paidButUnusable(
                            who + " answered HTTP 200 with a choice whose message has "
                                    + (message == null ? "no message" : "no content") + " (finish_reason " + finish
                                    + ")"
                                    + tokens(usage),
                            usage);
                }
                out.add(new ChatResponse(
                        content == null ? "" : content,
                        refusal,
                        finish,
                        out.isEmpty() ? usage : Usage.NONE,
                        false,
                        answeredBy));
            }
            return out;
        } catch (OpenAIInvalidDataException e) {
            throw ModelCallException.paidButUnusable(
                    who + " answered HTTP 200 with a chat completion it cannot be read as: " + e.getMessage()
                            + tokens(usage),
                    usage);
        }
    }

    private static String tokens(Usage usage) {
        return usage.totalTokens() == 0
                ? ""
                : "; it billed " + usage.promptTokens() + " input and " + usage.completionTokens() + " output tokens";
    }

    private static List<ChatCompletionContentPart> parts(ChatMessage message, DataUrls dataUrls) {
        List<ChatCompletionContentPart> parts = new ArrayList<>();
        for (ContentPart part : message.parts()) {
            if (part instanceof ContentPart.Text t) {
                parts.add(ChatCompletionContentPart.ofText(
                        ChatCompletionContentPartText.builder().text(t.text()).build()));
            } else if (part instanceof ContentPart.Image img) {
                ChatCompletionContentPartImage.ImageUrl.Builder url =
                        ChatCompletionContentPartImage.ImageUrl.builder().url(dataUrls.of(img));
                if (img.detail() != null) {
                    url.detail(ChatCompletionContentPartImage.ImageUrl.Detail.of(
                            img.detail().wire()));
                }
                parts.add(ChatCompletionContentPart.ofImageUrl(ChatCompletionContentPartImage.builder()
                        .imageUrl(url.build())
                        .build()));
            }
        }
        return parts;
    }

    /** Each schema converted once (by identity, as {@link ResponseSchema#json()}), not on every call that carries it. */
    private static final Cache<ResponseSchema, Map<String, JsonValue>> SCHEMAS =
            Caffeine.newBuilder().weakKeys().build();

    private static Map<String, JsonValue> toJsonValues(ResponseSchema schema) {
        Map<String, JsonValue> out = new LinkedHashMap<>();
        schema.schema().forEach((key, value) -> out.put(key, JsonValue.from(value)));
        return Collections.unmodifiableMap(out);
    }
}
