package io.github.adammeme.llm;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.openai.core.JsonValue;
import com.openai.models.ResponseFormatJsonSchema;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionAssistantMessageParam;
import com.openai.models.chat.completions.ChatCompletionContentPart;
import com.openai.models.chat.completions.ChatCompletionContentPartImage;
import com.openai.models.chat.completions.ChatCompletionContentPartText;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionSystemMessageParam;
import com.openai.models.chat.completions.ChatCompletionUserMessageParam;
import com.openai.models.completions.CompletionUsage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link ChatRequest} as openai-java's chat-completion parameters, and a chat completion as a
 * {@link ChatResponse}: one translation for calls made at once and calls sent in a batch.
 */
final class ChatCompletions {

    private ChatCompletions() {
    }

    /**
     * @param model the model asked
     * @param request the call
     * @param dataUrls the encoder of images as data URLs
     * @param n the answers asked for (choices); more than one costs the input once
     * @return the parameters of one chat completion
     */
    static ChatCompletionCreateParams params(String model, ChatRequest request, DataUrls dataUrls, int n) {
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
                            .additionalProperties(SCHEMAS.get(request.schema(), ChatCompletions::toJsonValues)).build())
                    .strict(true)
                    .build());
        }
        for (ChatMessage message : request.messages()) {
            switch (message.role()) {
                case SYSTEM -> params.addMessage(ChatCompletionSystemMessageParam.builder()
                        .content(message.text()).build());
                case ASSISTANT -> params.addMessage(ChatCompletionAssistantMessageParam.builder()
                        .content(message.text()).build());
                case USER -> params.addMessage(ChatCompletionUserMessageParam.builder()
                        .contentOfArrayOfContentParts(parts(message, dataUrls)).build());
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
    static List<ChatResponse> responses(ChatCompletion completion, String who) {
        if (completion.choices().isEmpty()) {
            throw new ModelCallException(who + " answered with no choices", null, 200, true, null);
        }
        List<ChatCompletion.Choice> choices = completion.choices().stream()
                .sorted(Comparator.comparingLong(ChatCompletion.Choice::index)).toList();
        Usage usage = completion.usage().map(ChatCompletions::usage).orElse(Usage.NONE);
        List<ChatResponse> out = new ArrayList<>();
        for (ChatCompletion.Choice choice : choices) {
            String finish = choice._finishReason().asString().orElse(null);
            if (finish == null && choice._finishReason().asKnown().isPresent()) {
                finish = choice.finishReason().asString();
            }
            out.add(new ChatResponse(choice.message().content().orElse(""), choice.message().refusal().orElse(null), finish,
                    out.isEmpty() ? usage : Usage.NONE, false));
        }
        return out;
    }

    /** Cached input as the endpoint reports it; endpoints without a prompt cache leave the details out. */
    private static Usage usage(CompletionUsage u) {
        long cached = u.promptTokensDetails().flatMap(CompletionUsage.PromptTokensDetails::cachedTokens).orElse(0L);
        return new Usage(u.promptTokens(), cached, u.completionTokens(), false);
    }

    private static List<ChatCompletionContentPart> parts(ChatMessage message, DataUrls dataUrls) {
        List<ChatCompletionContentPart> parts = new ArrayList<>();
        for (ContentPart part : message.parts()) {
            if (part instanceof ContentPart.Text t) {
                parts.add(ChatCompletionContentPart.ofText(ChatCompletionContentPartText.builder().text(t.text()).build()));
            } else if (part instanceof ContentPart.Image img) {
                ChatCompletionContentPartImage.ImageUrl.Builder url = ChatCompletionContentPartImage.ImageUrl.builder()
                        .url(dataUrls.of(img));
                if (img.detail() != null) {
                    url.detail(ChatCompletionContentPartImage.ImageUrl.Detail.of(img.detail().wire()));
                }
                parts.add(ChatCompletionContentPart.ofImageUrl(ChatCompletionContentPartImage.builder()
                        .imageUrl(url.build()).build()));
            }
        }
        return parts;
    }

    /** Each schema converted once (by identity, as {@link ResponseSchema#json()}), not on every call that carries it. */
    private static final Cache<ResponseSchema, Map<String, JsonValue>> SCHEMAS = Caffeine.newBuilder().weakKeys().build();

    private static Map<String, JsonValue> toJsonValues(ResponseSchema schema) {
        Map<String, JsonValue> out = new LinkedHashMap<>();
        schema.schema().forEach((key, value) -> out.put(key, JsonValue.from(value)));
        return Collections.unmodifiableMap(out);
    }
}
