package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.resilience.RetryPolicy;
import io.github.adammeme.internal.text.Secrets;
import java.time.Duration;
import java.util.Objects;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Where a model is reached. The key itself is never held here, only the name of the environment
 * variable that holds it, so an Endpoint can be logged and written to reports safely.
 *
 * @param model     model name sent to the endpoint ({@code sim:...} for the built-in simulator)
 * @param baseUrl   OpenAI-compatible base URL (e.g. {@code http://localhost:8000/v1}), or null for the simulator
 * @param apiKeyEnv environment variable that holds the API key, or null for endpoints that need none
 * @param timeout   per-request timeout
 * @param requestsPerMinute a cap the run keeps under, or 0 for none
 * @param tokensPerMinute   a cap the run keeps under, or 0 for none
 * @param simulatorVariant  for the built-in simulator, what sets its answers apart from its defaults (judge
 *                          noise), so its answers are cached apart; null otherwise
 * @param answerScope       whose answers this endpoint's are, in cache keys: null for answers any run may reuse
 *                          (the agents'), else the run or the declared revision the target's answers belong to
 */
@API(status = INTERNAL, since = "0.1.0")
public record Endpoint(
        String model,
        @Nullable String baseUrl,
        @Nullable String apiKeyEnv,
        Duration timeout,
        int requestsPerMinute,
        long tokensPerMinute,
        @Nullable String simulatorVariant,
        @Nullable String answerScope) {

    /**
     * An endpoint whose answers any run may reuse.
     *
     * @param model model name sent to the endpoint
     * @param baseUrl OpenAI-compatible base URL, or null for the simulator
     * @param apiKeyEnv environment variable that holds the API key, or null
     * @param timeout per-request timeout
     * @param requestsPerMinute a cap the run keeps under, or 0 for none
     * @param tokensPerMinute a cap the run keeps under, or 0 for none
     * @param simulatorVariant what sets the simulator's answers apart from its defaults, or null
     */
    public Endpoint(
            String model,
            @Nullable String baseUrl,
            @Nullable String apiKeyEnv,
            Duration timeout,
            int requestsPerMinute,
            long tokensPerMinute,
            @Nullable String simulatorVariant) {
        this(model, baseUrl, apiKeyEnv, timeout, requestsPerMinute, tokensPerMinute, simulatorVariant, null);
    }

    /**
     * An endpoint that is not the simulator, or the simulator with its defaults.
     *
     * @param model model name sent to the endpoint
     * @param baseUrl OpenAI-compatible base URL, or null for the simulator
     * @param apiKeyEnv environment variable that holds the API key, or null
     * @param timeout per-request timeout
     * @param requestsPerMinute a cap the run keeps under, or 0 for none
     * @param tokensPerMinute a cap the run keeps under, or 0 for none
     */
    public Endpoint(
            String model,
            @Nullable String baseUrl,
            @Nullable String apiKeyEnv,
            Duration timeout,
            int requestsPerMinute,
            long tokensPerMinute) {
        this(model, baseUrl, apiKeyEnv, timeout, requestsPerMinute, tokensPerMinute, null);
    }

    /**
     * An endpoint without rate caps. Retries are the gateway's business ({@link RetryPolicy}), not the
     * endpoint's.
     *
     * @param model model name sent to the endpoint
     * @param baseUrl OpenAI-compatible base URL, or null for the simulator
     * @param apiKeyEnv environment variable that holds the API key, or null
     * @param timeout per-request timeout
     */
    public Endpoint(String model, @Nullable String baseUrl, @Nullable String apiKeyEnv, Duration timeout) {
        this(model, baseUrl, apiKeyEnv, timeout, 0, 0);
    }

    /** The model-name prefix that selects the built-in simulator. */
    public static final String SIMULATED_PREFIX = "sim:";

    /**
     * Requires a model and a timeout.
     *
     * @param model model name sent to the endpoint
     * @param baseUrl OpenAI-compatible base URL, or null for the simulator
     * @param apiKeyEnv environment variable that holds the API key, or null
     * @param timeout per-request timeout
     * @param requestsPerMinute a cap the run keeps under, or 0 for none
     * @param tokensPerMinute a cap the run keeps under, or 0 for none
     * @param simulatorVariant what sets the simulator's answers apart from its defaults, or null
     * @param answerScope whose answers these are, or null for answers any run may reuse
     * @throws IllegalArgumentException when the base URL does not {@linkplain BaseUrl#parse parse}
     */
    public Endpoint {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(timeout, "timeout");
        if (baseUrl != null) {
            try {
                BaseUrl.parse(baseUrl);
            } catch (IllegalArgumentException unreadable) {
                // Refused here, whoever builds the endpoint: a client given a host it cannot read fails deep inside.
                throw new IllegalArgumentException(
                        "the base URL of " + model + ": " + unreadable.getMessage(), unreadable);
            }
        }
    }

    /** @return whether the model is the built-in simulator's ({@code sim:...}) */
    public boolean simulated() {
        return model.startsWith(SIMULATED_PREFIX);
    }

    /**
     * The built-in simulator at {@code url}, answering as {@code variant} describes (null for its defaults).
     *
     * @param url the simulator's base URL
     * @param variant what sets its answers apart, or null
     * @return this endpoint, at the simulator
     */
    public Endpoint simulatorAt(String url, @Nullable String variant) {
        return new Endpoint(model, url, apiKeyEnv, timeout, requestsPerMinute, tokensPerMinute, variant, answerScope);
    }

    /**
     * This endpoint, its answers kept apart for {@code scope}: a model name does not name a model version (vLLM's
     * served name, a moving alias), so the target's answers are reused only where the scope says they may be.
     *
     * @param scope the run or declared revision the answers belong to
     * @return this endpoint, its answers kept for that scope
     */
    public Endpoint answersKeptFor(String scope) {
        return new Endpoint(
                model, baseUrl, apiKeyEnv, timeout, requestsPerMinute, tokensPerMinute, simulatorVariant, scope);
    }

    /**
     * Who answers, in cache keys and messages: the base URL, or for the simulator (whose port changes
     * from run to run) "simulator", with its variant when it answers differently from its defaults.
     *
     * @return the identity, with any credential in the URL redacted
     */
    public String identity() {
        return simulated()
                ? "simulator" + (simulatorVariant == null ? "" : " (" + simulatorVariant + ")")
                : Secrets.redact(Objects.requireNonNull(baseUrl, "only the simulator has no base URL"));
    }
}
