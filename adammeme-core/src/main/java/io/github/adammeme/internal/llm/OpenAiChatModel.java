package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.Timeout;
import com.openai.errors.OpenAIException;
import com.openai.errors.OpenAIInvalidDataException;
import com.openai.errors.OpenAIIoException;
import com.openai.errors.OpenAIServiceException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import io.github.adammeme.internal.llm.http.BoundedAnswers;
import io.github.adammeme.internal.llm.http.ClosedConnectionResend;
import io.github.adammeme.internal.llm.http.Redirects;
import io.github.adammeme.internal.llm.http.SameServerRedirects;
import io.github.adammeme.internal.text.Secrets;
import java.io.InterruptedIOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** The {@link ChatModel} port on openai-java: any OpenAI-compatible chat-completions endpoint. */
@API(status = INTERNAL, since = "0.1.0")
public final class OpenAiChatModel implements ChatModel, AutoCloseable {

    /** Sent when an endpoint needs no key (vLLM, Ollama, the simulator): the client insists on one. */
    private static final String NO_KEY = "not-needed";

    /** OkHttp's own default. */
    private static final Duration KEEP_ALIVE = Duration.ofMinutes(5);

    private final Endpoint endpoint;
    private final OpenAIClient client;
    private final DataUrls dataUrls = DataUrls.SHARED;

    /**
     * A client keeping the default five connections open.
     *
     * @param endpoint where the model is reached
     * @throws IllegalArgumentException when the endpoint has no base URL
     */
    public OpenAiChatModel(Endpoint endpoint) {
        this(endpoint, 5);
    }

    /**
     * @param endpoint where the model is reached
     * @param connections connections kept open between calls: as many as calls in flight, or every
     *                    call beyond the client's default five opens a connection of its own
     * @throws IllegalArgumentException when the endpoint has no base URL
     */
    public OpenAiChatModel(Endpoint endpoint, int connections) {
        if (endpoint.baseUrl() == null) {
            throw new IllegalArgumentException("endpoint for model " + endpoint.model() + " has no base URL");
        }
        this.endpoint = endpoint;
        this.client = OpenAIOkHttpClient.builder()
                .baseUrl(endpoint.baseUrl())
                .jsonMapper(dataUrls.mapper())
                .apiKey(apiKey(endpoint))
                // The whole call is bounded; a read or write timeout as long as that bound (the
                // client's default) could never fire first, and arming it around every socket read
                // and write costs CPU on each call.
                .timeout(Timeout.builder()
                        .request(endpoint.timeout())
                        .read(Duration.ZERO)
                        .write(Duration.ZERO)
                        .build())
                // The gateway retries: it must see each 429 to adapt its concurrency.
                .maxRetries(0)
                .maxIdleConnections(connections)
                .keepAliveDuration(KEEP_ALIVE)
                // Redirects are followed by SameServerRedirects, never to another host.
                .followRedirects(false)
                .addInterceptor(new SameServerRedirects())
                .addInterceptor(new ClosedConnectionResend())
                .addInterceptor(new BoundedAnswers(BoundedAnswers.MAX_BYTES))
                .build();
    }

    /**
     * @param endpoint an endpoint
     * @return the key the endpoint's variable holds (registered as a secret), or a placeholder for endpoints that need
     *     none
     */
    public static String apiKey(Endpoint endpoint) {
        if (endpoint.apiKeyEnv() == null || endpoint.apiKeyEnv().isBlank()) {
            return NO_KEY;
        }
        String key = System.getenv(endpoint.apiKeyEnv());
        Secrets.register(key);
        if (key == null || key.isBlank()) {
            throw new IllegalStateException("environment variable " + endpoint.apiKeyEnv() + " (named for model "
                    + endpoint.model() + ") is not set");
        }
        return key;
    }

    @Override
    public String identity() {
        return endpoint.identity();
    }

    @Override
    public @Nullable String answerScope() {
        return endpoint.answerScope();
    }

    @Override
    public String model() {
        return endpoint.model();
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        return ChatCompletions.response(
                create(ChatCompletions.params(endpoint.model(), request, dataUrls, 1)),
                endpoint.model() + " at " + identity());
    }

    @Override
    public List<ChatResponse> completeChoices(ChatRequest request, int n) {
        return ChatCompletions.responses(
                create(ChatCompletions.params(endpoint.model(), request, dataUrls, n)),
                endpoint.model() + " at " + identity());
    }

    private ChatCompletion create(ChatCompletionCreateParams params) {
        try {
            return client.chat().completions().create(params);
        } catch (OpenAIServiceException e) {
            int status = e.statusCode();
            boolean retryable = status == 408 || status == 409 || status == 429 || status >= 500;
            throw new ModelCallException(
                    endpoint.model() + " at " + identity() + " answered HTTP " + status + ": "
                            + abbreviate(String.valueOf(e.getMessage())),
                    null,
                    status,
                    retryable,
                    retryAfter(e));
        } catch (OpenAIIoException | OpenAIInvalidDataException e) {
            // The client says "Request failed" or "Error reading response" for all of these: the cause is named here.
            Redirects.Refused redirect = Redirects.among(e);
            if (redirect != null) {
                // Every call would meet it: a status of its own, so the circuit breaker counts it as the endpoint's.
                throw new ModelCallException(
                        endpoint.model() + " at " + identity() + ": " + redirect.getMessage(),
                        null,
                        redirect.status(),
                        false,
                        null);
            }
            String tooLarge = tooLarge(e);
            if (tooLarge != null) {
                throw new ModelCallException(
                        endpoint.model() + " at " + identity() + " sent " + tooLarge, null, -1, false, null);
            }
            if (timedOut(e)) {
                throw new ModelCallException(
                        endpoint.model() + " at " + identity() + " gave no complete answer within "
                                + BigDecimal.valueOf(endpoint.timeout().toMillis(), 3)
                                        .stripTrailingZeros()
                                        .toPlainString()
                                + " s (adammeme.timeout-seconds)",
                        null,
                        -1,
                        true,
                        null);
            }
            throw new ModelCallException(
                    endpoint.model() + " at " + identity()
                            + (e instanceof OpenAIIoException
                                    ? " could not be reached: "
                                    : " sent a body that is not a chat completion: ")
                            + abbreviate(e.getMessage() + why(e)),
                    null,
                    -1,
                    true,
                    null);
        } catch (OpenAIException e) {
            // Not kept as the cause: the client's messages quote the endpoint's error body, which a
            // gateway may fill with the request's key, and a cause's message reaches every stack trace.
            throw new ModelCallException(
                    endpoint.model() + " at " + identity() + " failed: " + abbreviate(String.valueOf(e.getMessage())),
                    null);
        }
    }

    /** Retry-After in seconds or as an HTTP date, as endpoints send it. */
    private static @Nullable Duration retryAfter(OpenAIServiceException e) {
        for (String name : List.of("Retry-After", "retry-after")) {
            for (String value : e.headers().values(name)) {
                try {
                    return Duration.ofMillis((long) (Double.parseDouble(value.trim()) * 1000));
                } catch (NumberFormatException notSeconds) {
                    try {
                        return Duration.between(
                                Instant.now(),
                                ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
                                        .toInstant());
                    } catch (DateTimeParseException ignored) {
                        // an unreadable header is as good as none
                    }
                }
            }
        }
        return null;
    }

    /** " (the cause's first line)": what actually went wrong, under the client's own words. */
    private static String why(Throwable e) {
        Throwable cause = e.getCause();
        String message = cause == null || cause.getMessage() == null
                ? ""
                : cause.getMessage().lines().findFirst().orElse("");
        return message.isBlank() ? "" : " (" + message + ")";
    }

    /** Whether the failure was the call's time bound running out (OkHttp's "timeout"), while connecting or reading. */
    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedIOException) {
                return true;
            }
        }
        return false;
    }

    /** What the size bound said, when the failure was an answer past it; null otherwise. */
    private static @Nullable String tooLarge(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BoundedAnswers.TooLarge) {
                return t.getMessage();
            }
        }
        return null;
    }

    private static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }

    @Override
    public void close() {
        client.close();
    }
}
