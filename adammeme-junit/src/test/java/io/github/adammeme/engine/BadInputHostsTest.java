package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.Preflight;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/**
 * Where requests go: a key never crosses a network in the clear to a host that merely looks local, a base URL the
 * JDK cannot read is a named setting whatever else is set, {@code /models} is found under a base URL with a query, and
 * a redirect never carries the prompt, the picture or the key to a server the user did not name.
 */
class BadInputHostsTest {

    private static final String SUITE = Suites.Keyword.class.getName() + ": ";
    private static final String CLEAR = "would travel unencrypted over plain http to a host that is not this machine (";
    private static final String ALLOW =
            "); use https, or set adammeme.allow-insecure-http=true if the network between is yours";
    private static final String UNREADABLE = " is not a host and port java.net.URI can read (a host name holds letters,"
            + " digits, hyphens and dots; a port is a number up to 65535), e.g. http://localhost:8000/v1";
    private static final String NOT_FOLLOWED =
            ", not the base URL's server; not followed, so the prompt, the picture and"
                    + " the key go only where the base URL says: give that URL as the base URL if it is yours";

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() throws IOException {
        dataset = SyntheticMemes.write(dir.resolve("memes"), 2);
    }

    // --- class 1: a key in the clear, hosts the JDK cannot read ------------------------------------------------------

    @ParameterizedTest(name = "{0} with a key: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // the drill's: a name that starts like a loopback address and resolves elsewhere, or nowhere
                "http://127.0.0.1.evil.test:18025/v1|127.0.0.1.evil.test resolves to no address here",
                "http://localhost.attacker.test:8000/v1|localhost.attacker.test resolves to no address here",
                "http://10.255.0.1:8000/v1|10.255.0.1 is not a loopback address",
                "http://0.0.0.0:8000/v1|0.0.0.0 is not a loopback address"
            })
    void aKeyOverPlainHttpToAHostThatDoesNotResolveToThisMachineIsANamedSetting(String url, String why) {
        for (String preflight : List.of("true", "false")) {
            assertSettingError(
                    "configuration key 'adammeme.target.base-url' has value '" + url + "': the key in"
                            + " HOSTS_TEST_KEY " + CLEAR + why + ALLOW,
                    "adammeme.target.base-url",
                    url,
                    "adammeme.target.api-key-env",
                    "HOSTS_TEST_KEY",
                    "adammeme.preflight",
                    preflight);
        }
    }

    @Test
    void hostsThatResolveOnlyToLoopbackTakeAKeyOverPlainHttp() {
        for (String url : List.of(
                "http://localhost:8000/v1",
                "http://127.0.0.1:8000/v1",
                "http://[::1]:8000/v1",
                "http://[::ffff:127.0.0.1]:8000/v1")) {
            EngineDiscoveryResults results = BadInputRuns.kit(
                            dataset,
                            dir.resolve("local"),
                            "adammeme.target.base-url",
                            url,
                            "adammeme.target.api-key-env",
                            "HOSTS_TEST_KEY",
                            "adammeme.preflight",
                            "false")
                    .discover();
            assertEquals(List.of(), results.getDiscoveryIssues(), url);
            assertFalse(results.getEngineDescriptor().getChildren().isEmpty(), url + ": the suite is discovered");
        }
    }

    @ParameterizedTest(name = "{0}, preflight={1}")
    @CsvSource(
            delimiter = '|',
            value = {
                // the drill's: an underscore, which java.net.URI reads as no host at all
                "adammeme.target.base-url|http://evil_host.test:18025/v1|true|'evil_host.test:18025'" + UNREADABLE,
                "adammeme.target.base-url|http://evil_host.test:18025/v1|false|'evil_host.test:18025'" + UNREADABLE,
                "adammeme.controller.base-url|http://my_gpu:8000/v1|false|'my_gpu:8000'" + UNREADABLE,
                "adammeme.target.base-url|http://127.1:8000/v1|false|'127.1:8000'" + UNREADABLE,
                "adammeme.target.base-url|http://gpu:70000/v1|false|port 70000 is past 65535, e.g. http://localhost:8000/v1"
            })
    void aBaseUrlWhoseHostTheJdkCannotReadIsANamedSettingWithOrWithoutThePreflight(
            String key, String url, String preflight, String why) {
        // No key: the URL alone is refused, before any client is built on it.
        assertSettingError(
                "configuration key '" + key + "' has value '" + url + "': " + why,
                key,
                url,
                key.replace("base-url", "model"),
                "gpt-x",
                "adammeme.preflight",
                preflight);
    }

    private static void assertSettingError(String expected, String... config) {
        EngineDiscoveryResults results =
                BadInputRuns.kit(dataset, dir.resolve("refused"), config).discover();
        assertTrue(results.getEngineDescriptor().getChildren().isEmpty(), "no suite is left to run");
        List<DiscoveryIssue> issues = results.getDiscoveryIssues();
        assertEquals(1, issues.size(), issues.toString());
        assertEquals(DiscoveryIssue.Severity.ERROR, issues.get(0).severity());
        assertEquals(SUITE + expected, issues.get(0).message());
        assertFalse(Files.exists(dir.resolve("refused").resolve("summary.json")), "nothing was run");
    }

    // --- class 7: URLs built on the URI, redirects ---------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                // the drill's: Azure's api-version after the path
                "/v1?api-version=2024-10-21|/v1/models?api-version=2024-10-21",
                "/v1/?api-version=2024-10-21|/v1/models?api-version=2024-10-21",
                "/openai/v1?sig=a%2Fb%3D&se=2030|/openai/v1/models?sig=a%2Fb%3D&se=2030"
            })
    void thePreflightAsksForTheModelsUnderTheBaseUrlsPathKeepingItsQuery(String base, String asked) throws Exception {
        try (Server server = new Server(e -> Reply.json(200, "{\"object\": \"list\", \"data\": [{\"id\": \"m\"}]}"))) {
            String url = server.root() + base;
            List<String> warnings = Preflight.check(
                    List.of(subject(new Endpoint("m", url, null, Duration.ofSeconds(5)))), new UsageLedger());
            assertEquals(List.of(), warnings);
            assertEquals(List.of("GET " + asked), server.asked, "the list was found where the model's calls go");
        }
    }

    @Test
    void aRedirectToAnotherServerStopsThePreflightAndTheOtherServerHearsNothing() throws Exception {
        try (Server elsewhere = new Server(e -> Reply.json(404, "{\"error\": {\"message\": \"not here\"}}"));
                Server redirecting = new Server(e -> Reply.redirect(307, elsewhere.root() + e.getRequestURI()))) {
            EngineExecutionResults results = BadInputRuns.kit(
                            dataset,
                            dir.resolve("redirected-preflight"),
                            "adammeme.target.base-url",
                            redirecting.root() + "/v1")
                    .execute();
            String stopped = stopMessage(results);
            assertEquals(
                    "the AdamMeme run stopped: preflight of the target: " + redirecting.root()
                            + " redirected the request (HTTP 307) to " + elsewhere.root() + NOT_FOLLOWED
                            + " (adammeme.target.base-url=" + redirecting.root()
                            + "/v1); no figures were computed; see "
                            + dir.resolve("redirected-preflight").resolve("summary.json"),
                    stopped);
            assertEquals(List.of(), elsewhere.asked, "nothing reached the other server");
        }
    }

    @Test
    void withoutThePreflightEveryCallRedirectedElsewhereIsAnErrorNamingBothAndNothingIsSentThere() throws Exception {
        try (Server elsewhere = new Server(e -> Reply.json(404, "{\"error\": {\"message\": \"not here\"}}"));
                Server redirecting = new Server(
                        e -> Reply.redirect(302, "http://localhost:" + elsewhere.port() + e.getRequestURI()))) {
            Path out = dir.resolve("redirected-calls");
            EngineExecutionResults results = BadInputRuns.kit(
                            dataset,
                            out,
                            "adammeme.target.base-url",
                            redirecting.root() + "/v1",
                            "adammeme.preflight",
                            "false",
                            "adammeme.max-retries",
                            "0",
                            "adammeme.text-erasure",
                            "none")
                    .execute();
            List<String> reasons = BadInputRuns.Outcomes.read(out).samples().values().stream()
                    .map(BadInputRuns.SampleRow::reason)
                    .distinct()
                    .toList();
            assertEquals(
                    List.of("target CALL_FAILED: sim:keyword at simulator: " + redirecting.root()
                            + " redirected the request (HTTP 302) to http://localhost:" + elsewhere.port()
                            + NOT_FOLLOWED),
                    reasons);
            assertFalse(results.testEvents().failed().list().isEmpty(), "the pairs are broken, not passed");
            assertEquals(List.of(), elsewhere.asked, "nothing reached the other server");
        }
    }

    @Test
    void aRedirectToAnotherPathOfTheSameServerIsFollowedWithTheRequestAndItsKey() throws Exception {
        try (SimulatedModelServer simulator = SimulatedModelServer.start();
                Server moving = new Server(e -> e.getRequestURI().getPath().startsWith("/v1/")
                        ? Reply.redirect(307, "/moved" + e.getRequestURI())
                        : Reply.relay(simulator, e))) {
            Endpoint endpoint = new Endpoint("sim:keyword", moving.root() + "/v1", null, Duration.ofSeconds(10));
            assertEquals(List.of(), Preflight.check(List.of(subject(endpoint)), new UsageLedger()));
            try (OpenAiChatModel model = new OpenAiChatModel(endpoint)) {
                String answer = model.complete(request("Chinese tourists took all the masks"))
                        .content();
                assertFalse(answer.isBlank());
            }
            assertEquals(
                    List.of(
                            "GET /v1/models",
                            "GET /moved/v1/models",
                            "POST /v1/chat/completions",
                            "POST /moved/v1/chat/completions"),
                    moving.asked);
            assertEquals(
                    List.of("Bearer not-needed", "Bearer not-needed"),
                    moving.authorizations.subList(2, 4),
                    "the chat request's key went with it to the moved path");
        }
    }

    @Test
    void aRedirectLoopOnOneServerIsNamedAfterFiveHops() throws Exception {
        try (Server looping =
                new Server(e -> Reply.redirect(308, e.getRequestURI().toString()))) {
            try (OpenAiChatModel model =
                    new OpenAiChatModel(new Endpoint("m", looping.root() + "/v1", null, Duration.ofSeconds(10)))) {
                ModelCallException e = assertThrows(ModelCallException.class, () -> model.complete(request("hello")));
                assertEquals(
                        "m at " + looping.root() + "/v1: " + looping.root()
                                + " redirected the request more than 5 times" + " (HTTP 308); not followed further",
                        e.getMessage());
                assertFalse(e.retryable());
            }
            assertEquals(6, looping.asked.size(), looping.asked.toString());
        }
    }

    private static String stopMessage(EngineExecutionResults results) {
        return results.testEvents().failed().list().stream()
                .map(Event::getPayload)
                .map(p -> p.map(TestExecutionResult.class::cast)
                        .flatMap(TestExecutionResult::getThrowable)
                        .map(Throwable::getMessage)
                        .orElse(""))
                .filter(m -> m.startsWith("the AdamMeme run stopped"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no test says the run stopped: "
                        + results.testEvents().failed().list()));
    }

    private static Preflight.Subject subject(Endpoint endpoint) {
        return new Preflight.Subject(
                "target",
                endpoint,
                "adammeme.target.model",
                "adammeme.target.base-url",
                "adammeme.target.api-key-env",
                false);
    }

    private static ChatRequest request(String text) {
        return new ChatRequest("Target", List.of(ChatMessage.user(text)), 0.0, 1, 64, 0, "test");
    }

    /** What a server answers a request with. */
    private record Reply(int status, String location, byte[] body) {
        static Reply json(int status, String body) {
            return new Reply(status, null, body.getBytes(StandardCharsets.UTF_8));
        }

        static Reply redirect(int status, String location) {
            return new Reply(status, location, new byte[0]);
        }

        /** The simulator's answer to this request, as a proxy in front of it gives it. */
        static Reply relay(SimulatedModelServer simulator, HttpExchange e) {
            String path = e.getRequestURI().getPath().replaceFirst("^/moved/v1", "");
            try {
                byte[] body = e.getRequestBody().readAllBytes();
                HttpRequest.Builder ask = HttpRequest.newBuilder(URI.create(simulator.baseUrl() + path))
                        .header("Content-Type", "application/json");
                HttpResponse<byte[]> answer = HttpClient.newHttpClient()
                        .send(
                                e.getRequestMethod().equals("POST")
                                        ? ask.POST(HttpRequest.BodyPublishers.ofByteArray(body))
                                                .build()
                                        : ask.GET().build(),
                                HttpResponse.BodyHandlers.ofByteArray());
                return new Reply(answer.statusCode(), null, answer.body());
            } catch (IOException | InterruptedException failed) {
                return json(502, "{\"error\": {\"message\": \"" + failed + "\"}}");
            }
        }
    }

    /** A server of the test's on 127.0.0.1 that records what it is asked and answers as told. */
    private static final class Server implements AutoCloseable {

        final List<String> asked = new CopyOnWriteArrayList<>();
        final List<String> authorizations = new CopyOnWriteArrayList<>();
        private final HttpServer server;

        Server(Function<HttpExchange, Reply> answer) throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
            server.createContext("/", e -> {
                try (e) {
                    asked.add(e.getRequestMethod() + " " + e.getRequestURI());
                    authorizations.add(String.valueOf(e.getRequestHeaders().getFirst("Authorization")));
                    Reply reply = answer.apply(e);
                    e.getRequestBody().readAllBytes();
                    if (reply.location() != null) {
                        e.getResponseHeaders().set("Location", reply.location());
                    }
                    e.getResponseHeaders().set("Content-Type", "application/json");
                    e.sendResponseHeaders(reply.status(), reply.body().length == 0 ? -1 : reply.body().length);
                    try (OutputStream o = e.getResponseBody()) {
                        o.write(reply.body());
                    }
                }
            });
            server.start();
        }

        int port() {
            return server.getAddress().getPort();
        }

        String root() {
            return "http://127.0.0.1:" + port();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
