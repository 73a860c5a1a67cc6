package io.github.adammeme.internal.llm.batch;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import io.github.adammeme.internal.llm.ChatCompletions;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.ModelCallException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The lines of the Batch API's files: a request line carries a call's {@code custom_id} and the very
 * body a synchronous call would post; a line of the output or error file carries that id and the
 * endpoint's answer, or why there is none.
 */
final class BatchLines {

    /** The one endpoint batch mode batches. */
    static final String URL = "/v1/chat/completions";

    /**
     * What one line says about one call: its answers (one per choice asked for), priced as batched, or a failure.
     *
     * @param customId the call's id
     * @param answers the answers, or null
     * @param failure why there are none, or null
     */
    record Result(
            String customId,
            @Nullable List<ChatResponse> answers,
            @Nullable ModelCallException failure) {}

    private BatchLines() {}

    /**
     * @param key the call's cache key
     * @param choices how many answers it asks for
     * @return its {@code custom_id}: the key itself, or for several choices the key and their number
     */
    static String customId(String key, int choices) {
        return choices == 1 ? key : key + "/n" + choices;
    }

    /** @return the cache key a call's one answer is stored under, or null for a call of several choices */
    static @Nullable String cacheKey(String customId) {
        return customId.indexOf('/') < 0 ? customId : null;
    }

    /**
     * @param customId the call's id
     * @param params the call as a synchronous request would send it
     * @param mapper the writer synchronous requests are written with
     * @return the line, ending with a line break
     */
    static byte[] request(String customId, ChatCompletionCreateParams params, JsonMapper mapper) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try (JsonGenerator json = mapper.createGenerator(line)) {
            json.writeStartObject();
            json.writeStringField("custom_id", customId);
            json.writeStringField("method", "POST");
            json.writeStringField("url", URL);
            json.writeFieldName("body");
            json.writeObject(params._body());
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        line.write('\n');
        return line.toByteArray();
    }

    /**
     * @param line a line of a batch's output or error file
     * @param who the model and endpoint, for messages
     * @param batch the batch's id and status, for messages
     * @param mapper the reader of chat completions
     * @return what the line says, or null when it names no call
     */
    static @Nullable Result read(String line, String who, String batch, JsonMapper mapper) {
        JsonNode root;
        try {
            root = mapper.readTree(line);
        } catch (JsonProcessingException e) {
            return null;
        }
        String customId = root == null ? null : root.path("custom_id").asText(null);
        if (customId == null) {
            return null;
        }
        JsonNode response = root.path("response");
        if (response.isObject()) {
            int status = response.path("status_code").asInt(-1);
            JsonNode body = response.path("body");
            if (status == 200) {
                return answer(customId, body, who + " (" + batch + ")", mapper);
            }
            boolean retryable = status == 408 || status == 409 || status == 429 || status >= 500;
            return new Result(
                    customId,
                    null,
                    new ModelCallException(
                            who + " answered HTTP " + status + " in " + batch + ": " + message(body),
                            null,
                            status,
                            retryable,
                            null));
        }
        JsonNode error = root.path("error");
        return new Result(
                customId,
                null,
                new ModelCallException(who + ": " + batch + " did not answer this call ("
                        + error.path("code").asText("no code") + ": "
                        + error.path("message").asText("no message") + ")"));
    }

    private static Result answer(String customId, JsonNode body, String who, JsonMapper mapper) {
        try {
            List<ChatResponse> answers =
                    ChatCompletions.responses(mapper.treeToValue(body, ChatCompletion.class), who).stream()
                            .map(r -> new ChatResponse(
                                    r.content(),
                                    r.refusal(),
                                    r.finishReason(),
                                    r.usage().asBatched(),
                                    false,
                                    r.answeredBy()))
                            .toList();
            return new Result(customId, answers, null);
        } catch (ModelCallException e) {
            return new Result(customId, null, e);
        } catch (JsonProcessingException | RuntimeException e) {
            return new Result(
                    customId,
                    null,
                    new ModelCallException(
                            who + " sent a line that is not a chat completion: "
                                    + abbreviate(String.valueOf(e.getMessage())),
                            null,
                            200,
                            true,
                            null));
        }
    }

    private static String message(JsonNode body) {
        String message = body.path("error").path("message").asText(null);
        return abbreviate(message != null ? message : body.toString());
    }

    private static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }
}
