package io.github.adammeme.internal.pipeline.config;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.BaseUrl;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.http.ThisMachine;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.Setting;
import io.github.adammeme.internal.text.Secrets;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Reads one model's endpoint from its keys ({@code model}, {@code base-url}, {@code api-key-env} and
 * rate caps): a real model with no URL is OpenAI itself, a URL is one {@link BaseUrl} reads, and a key is never
 * sent in the clear to another machine unless the user says the network is theirs.
 */
final class EndpointKeys {

    /** The base URL of a model that is not the simulator's and has none configured: OpenAI itself. */
    static final String OPENAI_BASE_URL = "https://api.openai.com/v1";

    private EndpointKeys() {}

    static Endpoint read(
            ConfigValues r,
            Setting modelSetting,
            Setting urlSetting,
            Setting keyEnvSetting,
            String defaultModel,
            Duration timeout,
            Setting rpm,
            Setting tpm) {
        String modelKey = modelSetting.key();
        String urlKey = urlSetting.key();
        String keyEnvKey = keyEnvSetting.key();
        String model = r.string(modelKey, defaultModel);
        if (model.isBlank()) {
            throw new ConfigurationException(modelKey, model, "a model id is required, e.g. gpt-4o or " + defaultModel);
        }
        String url = r.stringOrNull(urlKey);
        String keyEnv = r.stringOrNull(keyEnvKey);
        if (url != null && !url.isBlank()) {
            try {
                BaseUrl.parse(url);
            } catch (IllegalArgumentException unreadable) {
                // A query may carry a key (?api_key=...): never echoed, even from a URL that does not parse.
                int query = url.indexOf('?');
                throw new ConfigurationException(
                        urlKey,
                        query < 0 ? url : url.substring(0, query) + "?" + Secrets.REDACTED,
                        unreadable.getMessage() + ", e.g. http://localhost:8000/v1");
            }
        }
        if (keyEnv != null && !keyEnv.isBlank() && !keyEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            // Most likely the key itself, pasted where its variable's name belongs: never echoed.
            Secrets.register(keyEnv);
            throw new ConfigurationException(
                    keyEnvKey,
                    Secrets.REDACTED,
                    "expected the NAME of an environment variable holding the key, not the key itself");
        }
        if (keyEnv != null && !keyEnv.isBlank() && !keyEnv.matches("[A-Z_][A-Z0-9_]*")) {
            // Variables are named in capitals by convention; a mixed-case "name" may well be the key itself
            // (gsk_..., a base64 token), so whatever names it is masked wherever it would be printed.
            Secrets.register(keyEnv);
        }
        Secrets.registerVariable(keyEnv);
        boolean simulated = model.startsWith(Endpoint.SIMULATED_PREFIX);
        if ((url == null || url.isBlank()) && !simulated) {
            // A real model with no URL means OpenAI itself, with its usual key variable.
            url = OPENAI_BASE_URL;
            if (keyEnv == null || keyEnv.isBlank()) {
                keyEnv = "OPENAI_API_KEY";
            }
        }
        if (keyEnv != null && !keyEnv.isBlank() && url != null && !r.bool(Setting.ALLOW_INSECURE_HTTP)) {
            Optional<String> elsewhere = insecureRemote(url);
            if (elsewhere.isPresent()) {
                throw new ConfigurationException(
                        urlKey,
                        url,
                        "the key in " + keyEnv + " would travel"
                                + " unencrypted over plain http to a host that is not this machine (" + elsewhere.get()
                                + "); use"
                                + " https, or set " + Constants.ALLOW_INSECURE_HTTP
                                + "=true if the network between is yours");
            }
        }
        return new Endpoint(
                model,
                url == null || url.isBlank() ? null : url,
                keyEnv == null || keyEnv.isBlank() ? null : keyEnv,
                timeout,
                r.integer(rpm),
                r.integer(tpm));
    }

    /**
     * Why a key sent to {@code url} would cross a network in the clear: plain http to a host whose addresses are not all
     * this machine's (a name is no evidence: {@code 127.0.0.1.example.com} resolves where its owner likes).
     *
     * @param url a base URL that parses
     * @return what the host resolves to, or empty for https and for hosts that are this machine
     */
    static Optional<String> insecureRemote(String url) {
        URI uri = BaseUrl.parse(url);
        return "https".equalsIgnoreCase(uri.getScheme()) ? Optional.empty() : ThisMachine.notThisMachine(uri);
    }
}
