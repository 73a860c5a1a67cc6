package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.core.ObjectMappers;
import com.openai.models.chat.completions.ChatCompletion;
import io.github.adammeme.internal.llm.cost.ReportedUsage;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.http.Redirects;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.ProxySelector;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * One cheap look at each endpoint and model a run will call, before it pays for any call, so that a
 * wrong URL, key or model is named in seconds, with the setting to change, rather than found pair by
 * pair. First {@code GET /models}, which every OpenAI-compatible server this project is used with serves
 * (OpenAI, Azure's v1 API, vLLM, Ollama, LM Studio, llama.cpp's server, LiteLLM, the simulator): a
 * model it lists costs nothing more. A model it does not list (gateways alias names, Azure lists base
 * models rather than deployments, llama.cpp answers whatever is asked), or a server that does not list,
 * is asked for a 1-token completion with the real model id, which proves path, key and model at the
 * price of a few tokens, counted in the run's usage.
 *
 * <p>What stops the run: no connection (refused, unknown host, no connection within 10 s), a server
 * that accepts connections but answers neither request, a key rejected (401, 403) or missing, a path
 * or model the endpoint does not have (404), a quota spent, a redirect to another server (followed only
 * to another path of the same one). What does not: an endpoint that is there
 * but slow or failing now (5xx, a 1-token request timing out where the list was answered), or a 400
 * to the probe itself; the run goes on with a warning, and its circuit breaker stops it if every
 * call keeps failing.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Preflight {

    /**
     * One endpoint and model to check, and the settings that point at them, which a failure names.
     *
     * @param role      what the model plays in the run: target, controller, second judge
     * @param endpoint  where it is reached, its base URL resolved
     * @param modelKey  the setting naming the model, e.g. {@code adammeme.target.model}
     * @param urlKey    the setting naming the base URL
     * @param keyEnvKey the setting naming the key's variable
     * @param builtIn   whether the endpoint is the built-in simulator the run started itself (no URL was configured)
     */
    public record Subject(
            String role, Endpoint endpoint, String modelKey, String urlKey, String keyEnvKey, boolean builtIn) {}

    /** How long a connection may take: an unreachable host is named within seconds, not after the retries. */
    static final Duration CONNECT = Duration.ofSeconds(10);
    /** How long {@code GET /models} may take once connected; every server answers it at once, if only with a 404. */
    static final Duration LIST = Duration.ofSeconds(10);
    /**
     * How long the 1-token probe may take when the list got no answer either: a server that answers neither
     * is starting, hung, or not an HTTP server, and a run would only wait out each call's timeout in turn.
     */
    static final Duration SILENT_PROBE = Duration.ofSeconds(15);

    /** How long each request may take once connected. */
    record Timeouts(Duration list, Duration silentProbe) {
        static final Timeouts DEFAULT = new Timeouts(LIST, SILENT_PROBE);
    }
    /** The most of an answer read: a model list of a large gateway fits, a hostile body does not. */
    private static final int MAX_BODY = 8 << 20;

    private static final int LISTED_IN_MESSAGE = 8;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ROLE = "Preflight";
    /** The stage preflight calls are accounted to. */
    public static final String STAGE = "preflight";

    private static @Nullable HttpClient client;

    private Preflight() {}

    private static synchronized HttpClient client() {
        if (client == null) {
            // HTTP/1.1: some local servers mishandle the h2c upgrade a default client offers.
            client = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(CONNECT)
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .proxy(ProxySelector.getDefault())
                    .build();
        }
        return client;
    }

    /**
     * Checks each distinct endpoint and model once, at the same time.
     *
     * @param subjects the run's endpoints and models
     * @param ledger   where a probe's tokens are counted (stage {@value #STAGE})
     * @return warnings about endpoints that are there but did not answer as they should now
     * @throws EndpointUnusableException naming the setting, for the first subject (in the order given) that
     *                                   cannot be used
     */
    public static List<String> check(List<Subject> subjects, UsageLedger ledger) {
        return inspect(subjects, ledger).warnings();
    }

    /**
     * What the checks found: warnings about endpoints that are there but ailing, and what each endpoint's
     * {@code GET /models} says of its model, which a run records as the model it was told it reached.
     *
     * @param warnings about endpoints that are there but did not answer as they should now
     * @param listed   by role, the model's entry in its endpoint's list (its scalar fields, printable and bounded);
     *                 a role whose endpoint did not list its model has none
     */
    public record Findings(List<String> warnings, Map<String, Map<String, String>> listed) {}

    /**
     * As {@link #check}, keeping what the endpoints list of their models.
     *
     * @param subjects the run's endpoints and models
     * @param ledger   where a probe's tokens are counted (stage {@value #STAGE})
     * @return the warnings, and each role's model as its endpoint lists it
     * @throws EndpointUnusableException as {@link #check}
     */
    public static Findings inspect(List<Subject> subjects, UsageLedger ledger) {
        Map<String, Subject> distinct = new LinkedHashMap<>();
        for (Subject s : subjects) {
            Endpoint e = s.endpoint();
            distinct.putIfAbsent(e.baseUrl() + "\u0000" + e.model() + "\u0000" + e.apiKeyEnv(), s);
        }
        ExecutorService threads = Executors.newFixedThreadPool(Math.max(1, distinct.size()), r -> {
            Thread t = new Thread(r, "adammeme-preflight");
            t.setDaemon(true);
            return t;
        });
        try {
            Map<Subject, CompletableFuture<Finding>> checks = new LinkedHashMap<>();
            for (Subject s : distinct.values()) {
                checks.put(s, CompletableFuture.supplyAsync(() -> look(s, ledger, Timeouts.DEFAULT), threads));
            }
            List<String> warnings = new ArrayList<>();
            Map<String, Map<String, String>> listed = new LinkedHashMap<>();
            for (Map.Entry<Subject, CompletableFuture<Finding>> c : checks.entrySet()) {
                try {
                    Finding found = c.getValue().join();
                    found.warning().ifPresent(warnings::add);
                    if (!found.entry().isEmpty()) {
                        listed.put(c.getKey().role(), found.entry());
                    }
                } catch (CompletionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : e;
                }
            }
            // Subjects that share an endpoint and model were looked at once: each role is told what the list said.
            for (Subject s : subjects) {
                Subject looked = distinct.get(s.endpoint().baseUrl() + "\u0000"
                        + s.endpoint().model() + "\u0000" + s.endpoint().apiKeyEnv());
                if (looked != null && listed.containsKey(looked.role())) {
                    listed.putIfAbsent(s.role(), listed.get(looked.role()));
                }
            }
            return new Findings(List.copyOf(warnings), Map.copyOf(listed));
        } finally {
            threads.shutdownNow();
        }
    }

    /** What the look at one subject found: a warning when it is there but ailing, and its model's entry in the list. */
    private record Finding(Optional<String> warning, Map<String, String> entry) {}

    /** One subject: empty when it can be used, a warning when it is there but ailing; throws when it cannot be used. */
    static Optional<String> check(Subject s, UsageLedger ledger, Timeouts timeouts) {
        return look(s, ledger, timeouts).warning();
    }

    private static Finding look(Subject s, UsageLedger ledger, Timeouts timeouts) {
        Endpoint e = s.endpoint();
        String url = url(s);
        String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        String key;
        try {
            key = e.apiKeyEnv() == null ? null : OpenAiChatModel.apiKey(e);
        } catch (IllegalStateException unset) {
            throw stop(
                    s,
                    s.keyEnvKey() + "=" + e.apiKeyEnv() + " names an environment variable that is not set; it should"
                            + " hold the key for " + e.model() + " at " + where(s));
        }
        Reply listing;
        boolean silent = false;
        try {
            listing = send(HttpRequest.newBuilder(BaseUrl.child(url, "models")).GET(), key, timeouts.list());
        } catch (HttpConnectTimeoutException | ConnectException | SSLException unreachable) {
            throw stop(s, unreachable(s, unreachable));
        } catch (Redirects.Refused elsewhere) {
            throw stop(s, redirected(s, elsewhere));
        } catch (IOException noList) {
            listing = new Reply(-1, ""); // connected, but no list: the probe says more
            silent = noList instanceof HttpTimeoutException;
        }
        List<String> listed = listing.status() == 200 ? ids(listing.body()) : List.of();
        if (listed.contains(e.model())) {
            return new Finding(Optional.empty(), ModelListing.entry(listing.body(), e.model()));
        }
        Reply probe;
        try {
            String body = JSON.createObjectNode()
                    .put("model", e.model())
                    .put("max_tokens", 1)
                    .put("temperature", 0)
                    .set(
                            "messages",
                            JSON.createArrayNode()
                                    .add(JSON.createObjectNode()
                                            .put("role", "user")
                                            .put("content", "Reply with the word OK.")))
                    .toString();
            probe = send(
                    HttpRequest.newBuilder(BaseUrl.child(url, "chat/completions"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)),
                    key,
                    silent && timeouts.silentProbe().compareTo(e.timeout()) < 0 ? timeouts.silentProbe() : e.timeout());
        } catch (HttpConnectTimeoutException | ConnectException | SSLException unreachable) {
            throw stop(s, unreachable(s, unreachable));
        } catch (Redirects.Refused elsewhere) {
            throw stop(s, redirected(s, elsewhere));
        } catch (HttpTimeoutException noAnswer) {
            if (silent) {
                throw stop(
                        s,
                        "the endpoint accepts connections but answers nothing: "
                                + (s.builtIn()
                                        ? "the built-in simulator at " + shown(url)
                                        : s.urlKey() + "=" + shown(url))
                                + " gave no answer to GET /models within " + seconds(timeouts.list())
                                + " s nor to a 1-token"
                                + " request within " + seconds(timeouts.silentProbe())
                                + " s; a server still starting or"
                                + " hung, or a port that is not an HTTP server (adammeme.preflight=false skips this check)");
            }
            return new Finding(
                    Optional.of(warning(s, "gave no answer to a 1-token request (" + cause(noAnswer) + ")")), Map.of());
        } catch (IOException ailing) {
            return new Finding(
                    Optional.of(warning(s, "gave no answer to a 1-token request (" + cause(ailing) + ")")), Map.of());
        }
        return new Finding(judge(s, base, listing.status() == 200, listed, probe, ledger), Map.of());
    }

    /** What the probe's answer says of the endpoint. */
    private static Optional<String> judge(
            Subject s, String base, boolean listsModels, List<String> listed, Reply probe, UsageLedger ledger) {
        Endpoint e = s.endpoint();
        int status = probe.status();
        String reason = reason(probe.body());
        if (status == 200) {
            ledger.recordCall(probeRequest(), e.model(), usage(probe.body(), e.model() + " at " + e.identity()));
            return Optional.empty();
        }
        if (status == 401 || status == 403) {
            if (e.apiKeyEnv() == null) {
                throw stop(
                        s,
                        where(s) + " asks for a key (HTTP " + status + ": " + reason + ") and none is configured:"
                                + " name the environment variable that holds it with " + s.keyEnvKey());
            }
            throw stop(
                    s,
                    where(s) + " rejected the key in " + e.apiKeyEnv() + " (" + s.keyEnvKey() + ") for " + e.model()
                            + ": HTTP " + status + " (" + reason + "); put a valid key in " + e.apiKeyEnv()
                            + ", or name the variable that holds one with " + s.keyEnvKey());
        }
        boolean aboutModel = mentionsModel(probe.body(), e.model());
        if (status == 404 && (aboutModel || listsModels)) {
            throw stop(s, noModel(s, status, reason, listed));
        }
        if (status == 404) {
            throw stop(
                    s,
                    where(s) + " answers HTTP 404 at " + shown(base) + "/chat/completions (" + reason + "): "
                            + s.urlKey() + "=" + shown(base) + " is not the root of an OpenAI-compatible API; "
                            + pathHint(base));
        }
        if ((status == 400 || status == 422)
                && aboutModel
                && NOT_FOUND.matcher(probe.body()).find()) {
            throw stop(s, noModel(s, status, reason, listed));
        }
        if (status == 429 && probe.body().toLowerCase(Locale.ROOT).contains("quota")) {
            throw stop(
                    s,
                    where(s) + " has no quota left for the key in " + e.apiKeyEnv() + " (" + s.keyEnvKey()
                            + "): HTTP 429 (" + reason + ")");
        }
        if (status == 429) {
            return Optional.empty(); // there, and the key taken: the run's calls pace themselves
        }
        return Optional.of(warning(s, "answered a 1-token request with HTTP " + status + " (" + reason + ")"));
    }

    private static final Pattern NOT_FOUND = Pattern.compile(
            "not found|does not exist|doesn't exist|no such model|unknown model|invalid model|not available|model_not_found",
            Pattern.CASE_INSENSITIVE);

    private static String noModel(Subject s, int status, String reason, List<String> listed) {
        Endpoint e = s.endpoint();
        String offered = "";
        if (!listed.isEmpty() && !reason.contains(listed.get(0))) {
            offered = "; it lists " + String.join(", ", listed.subList(0, Math.min(LISTED_IN_MESSAGE, listed.size())))
                    + (listed.size() > LISTED_IN_MESSAGE
                            ? " and " + (listed.size() - LISTED_IN_MESSAGE) + " more"
                            : "");
        }
        return where(s) + " has no model " + e.model() + " (" + s.modelKey() + "): HTTP " + status + " (" + reason + ")"
                + offered;
    }

    /** The hint for a path with no API under it: most often a base URL without its /v1. */
    private static String pathHint(String base) {
        String path = BaseUrl.parse(base).getRawPath();
        String shown = shown(base); // the path without the query a base URL may carry
        if (path != null && path.endsWith("/chat/completions") && shown.endsWith("/chat/completions")) {
            return "give the API's root, without /chat/completions: "
                    + shown.substring(0, shown.length() - "/chat/completions".length());
        }
        if (path == null || !path.endsWith("/v1")) {
            return "the URL does not end in /v1, where OpenAI-compatible servers serve the API: try " + shown(base)
                    + "/v1";
        }
        return "check the URL's path";
    }

    private static String unreachable(Subject s, IOException e) {
        String setting = s.builtIn() ? "the built-in simulator at " + shown(url(s)) : s.urlKey() + "=" + shown(url(s));
        return "the endpoint cannot be reached: " + setting + " (" + cause(e) + "); check the host, the port"
                + " and that the server is running";
    }

    private static String redirected(Subject s, Redirects.Refused refused) {
        return refused.getMessage() + " (" + (s.builtIn() ? "the built-in simulator" : s.urlKey() + "=" + shown(url(s)))
                + ")";
    }

    private static String seconds(Duration d) {
        return java.math.BigDecimal.valueOf(d.toMillis(), 3)
                .stripTrailingZeros()
                .toPlainString();
    }

    /** Why a request got no answer, in a few words. */
    private static String cause(IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpConnectTimeoutException) {
                return "no connection within " + CONNECT.toSeconds() + " s";
            }
            if (t instanceof HttpTimeoutException) {
                return "no answer within the time allowed";
            }
            if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
                return "unknown host";
            }
            if (t instanceof SSLException) {
                return "TLS failed: " + t.getMessage();
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                // The JDK's client often gives no words: a connection that fails with no other cause was refused.
                String words = t.getMessage();
                return words == null
                                || words.isBlank()
                                || words.toLowerCase(Locale.ROOT).contains("refused")
                        ? "connection refused"
                        : words;
            }
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    private static String warning(Subject s, String what) {
        // what quotes the endpoint (its status line, its error body): one printable line, as the console shows it
        return Printable.escaped(
                Secrets.redact(
                        "preflight: the " + s.role() + "'s endpoint " + where(s) + " " + what
                                + "; going on: the run's own calls are retried, and its circuit breaker stops it if every call keeps failing"));
    }

    private static EndpointUnusableException stop(Subject s, String what) {
        return new EndpointUnusableException(
                "preflight of the " + s.role() + ": " + what, EndpointUnusableException.When.PREFLIGHT);
    }

    /** Who answers, as a message names it: the simulator, or the URL without user-info or query. */
    private static String where(Subject s) {
        return s.builtIn() ? "the built-in simulator" : "the endpoint at " + shown(url(s));
    }

    /** A subject's base URL: resolved before it is checked (the built-in simulator's once it is up). */
    private static String url(Subject s) {
        return Objects.requireNonNull(s.endpoint().baseUrl(), "a subject's base URL is resolved");
    }

    /**
     * A URL as a message may show it: scheme, host, port and path, without user-info, query or fragment.
     *
     * @param url a base URL
     * @return what a message shows of it
     */
    public static String shown(String url) {
        try {
            URI u = URI.create(url.trim());
            if (u.getHost() == null) {
                return Secrets.redact(url);
            }
            return u.getScheme() + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort())
                    + (u.getRawPath() == null ? "" : u.getRawPath());
        } catch (IllegalArgumentException e) {
            return Secrets.redact(url);
        }
    }

    private static boolean mentionsModel(String body, String model) {
        String lower = body.toLowerCase(Locale.ROOT);
        return lower.contains(model.toLowerCase(Locale.ROOT)) || lower.contains("model_not_found");
    }

    /** The endpoint's own words: OpenAI's {@code error.message}, FastAPI's {@code detail}, or the body's start. */
    private static String reason(String body) {
        String text = body;
        try {
            JsonNode n = JSON.readTree(body);
            if (n != null && n.path("error").path("message").isTextual()) {
                text = n.path("error").path("message").asText();
            } else if (n != null && n.path("error").isTextual()) {
                text = n.path("error").asText();
            } else if (n != null && n.path("message").isTextual()) {
                text = n.path("message").asText();
            } else if (n != null && n.path("detail").isTextual()) {
                text = n.path("detail").asText();
            }
        } catch (IOException notJson) {
            text = body.replaceAll("<[^>]*>", " "); // an HTML error page's words, without its tags
        }
        String flat = text.strip().replaceAll("\\s+", " ");
        if (flat.isEmpty()) {
            return "no reason given";
        }
        return Secrets.redact(flat.length() <= 200 ? flat : flat.substring(0, 200) + "...");
    }

    /** The model ids a {@code GET /models} answer lists, in its order. */
    private static List<String> ids(String body) {
        List<String> ids = new ArrayList<>();
        try {
            JsonNode n = JSON.readTree(body);
            JsonNode data = n == null ? null : n.has("data") ? n.path("data") : n.path("models");
            if (data != null) {
                for (JsonNode m : data) {
                    String id = m.path("id")
                            .asText(m.path("name").asText(m.path("model").asText("")));
                    if (!id.isEmpty()) {
                        ids.add(id);
                    }
                }
            }
        } catch (IOException notJson) {
            // lists nothing this check can read
        }
        return ids;
    }

    /** The probe's tokens, read as every answer's are ({@link ReportedUsage}). */
    private static Usage usage(String body, String who) {
        try {
            return ReportedUsage.of(ObjectMappers.jsonMapper().readValue(body, ChatCompletion.class), who);
        } catch (IOException | RuntimeException unreadable) {
            return Usage.NONE;
        }
    }

    private static ChatRequest probeRequest() {
        return new ChatRequest(
                ROLE, List.of(ChatMessage.user("Reply with the word OK.")), 0, 0, 1, 0, "-", STAGE, null);
    }

    private record Reply(int status, String body) {}

    private static Reply send(HttpRequest.Builder request, @Nullable String key, Duration timeout) throws IOException {
        request.timeout(timeout).header("Accept", "application/json");
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        HttpRequest next = request.build();
        try {
            for (int hop = 0; ; hop++) {
                HttpResponse<InputStream> response = client().send(next, HttpResponse.BodyHandlers.ofInputStream());
                int status = response.statusCode();
                if (!Redirects.isRedirect(status)) {
                    try (InputStream in = response.body()) {
                        return new Reply(status, new String(in.readNBytes(MAX_BODY), StandardCharsets.UTF_8));
                    }
                }
                response.body().close();
                URI to = Redirects.follow(
                        next.uri(),
                        status,
                        response.headers().firstValue("Location").orElse(null),
                        hop);
                boolean keeps = Redirects.keepsMethod(status);
                HttpRequest.Builder again = HttpRequest.newBuilder(
                                next, (name, value) -> keeps || !name.equalsIgnoreCase("Content-Type"))
                        .uri(to);
                next = (keeps ? again : again.GET()).build();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
