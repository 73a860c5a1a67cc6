package io.github.adammeme.internal.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The preflight against real HTTP: the simulator, a server of the test's own that answers as a
 * misconfigured gateway does, and a port nothing listens on. Each mistake is one message naming the
 * setting, within seconds.
 */
class PreflightTest {

    private static SimulatedModelServer simulator;

    @BeforeAll
    static void start() {
        simulator = SimulatedModelServer.start();
    }

    @AfterAll
    static void stop() {
        simulator.close();
    }

    private static Preflight.Subject target(String model, String url, String keyEnv, boolean builtIn) {
        return new Preflight.Subject(
                "target",
                new Endpoint(model, url, keyEnv, Duration.ofSeconds(5)),
                "adammeme.target.model",
                "adammeme.target.base-url",
                "adammeme.target.api-key-env",
                builtIn);
    }

    private static EndpointUnusableException refused(Preflight.Subject subject) {
        return assertThrows(
                EndpointUnusableException.class, () -> Preflight.check(List.of(subject), new UsageLedger()));
    }

    @Test
    void theSimulatorPassesOnItsModelListWithoutAChatCall() {
        long before = simulator.requestsServed();
        UsageLedger ledger = new UsageLedger();
        List<String> warnings = Preflight.check(
                List.of(
                        target("sim:keyword", simulator.baseUrl(), null, true),
                        target("sim:agent", simulator.baseUrl(), null, true)),
                ledger);
        assertEquals(List.of(), warnings);
        assertEquals(before, simulator.requestsServed(), "both models are listed: no completion is asked for");
        assertEquals(0, ledger.totalCalls());
    }

    @Test
    void aSimulatorModelThatDoesNotExistIsNamedWithTheModelsOnOffer() {
        EndpointUnusableException e = refused(target("sim:keywrd", simulator.baseUrl(), null, true));
        assertEquals(EndpointUnusableException.When.PREFLIGHT, e.when());
        assertEquals(
                "preflight of the target: the built-in simulator has no model sim:keywrd (adammeme.target.model):"
                        + " HTTP 404 (The model 'sim:keywrd' does not exist on the simulator; it offers "
                        + String.join(", ", SimulatedModelServer.MODELS) + ")",
                e.getMessage());
    }

    @Test
    void aBaseUrlWithoutV1IsNamedWithTheUrlItShouldBe() {
        String root = simulator.baseUrl().substring(0, simulator.baseUrl().length() - "/v1".length());
        EndpointUnusableException e = refused(target("sim:keyword", root, null, false));
        assertTrue(
                e.getMessage()
                        .startsWith("preflight of the target: the endpoint at " + root + " answers HTTP 404 at " + root
                                + "/chat/completions"),
                e.getMessage());
        assertTrue(
                e.getMessage()
                        .endsWith("adammeme.target.base-url=" + root + " is not the root of an OpenAI-compatible"
                                + " API; the URL does not end in /v1, where OpenAI-compatible servers serve the API: try "
                                + root + "/v1"),
                e.getMessage());
    }

    @Test
    void aPortNothingListensOnStopsAtOnceNamingTheSettingAndTheUrlWithoutItsSecrets() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        long start = System.nanoTime();
        EndpointUnusableException e =
                refused(target("gpt-4o", "http://user:hunter2@127.0.0.1:" + port + "/v1?key=abc", null, false));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(
                "preflight of the target: the endpoint cannot be reached: adammeme.target.base-url=http://127.0.0.1:"
                        + port + "/v1 (connection refused); check the host, the port and that the server is running",
                e.getMessage());
        assertTrue(seconds < 5, "named after " + seconds + " s");
    }

    @Test
    void aServerThatAcceptsConnectionsAndAnswersNothingStopsTheRunNamingTheSetting() throws IOException {
        // Never accepted: the system completes each connection and keeps its request, and nothing answers.
        try (ServerSocket hung = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + hung.getLocalPort() + "/v1";
            long start = System.nanoTime();
            EndpointUnusableException e = assertThrows(
                    EndpointUnusableException.class,
                    () -> Preflight.check(
                            target("gpt-4o", url, null, false),
                            new UsageLedger(),
                            new Preflight.Timeouts(Duration.ofMillis(300), Duration.ofMillis(300))));
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(
                    "preflight of the target: the endpoint accepts connections but answers nothing:"
                            + " adammeme.target.base-url=" + url
                            + " gave no answer to GET /models within 0.3 s nor to a 1-token"
                            + " request within 0.3 s; a server still starting or hung, or a port that is not an HTTP server"
                            + " (adammeme.preflight=false skips this check)",
                    e.getMessage());
            assertTrue(seconds < 4, "named after " + seconds + " s, not after the endpoint's own 5 s timeout");
        }
    }

    @Test
    void anUnknownHostIsNamed() {
        EndpointUnusableException e = refused(target("gpt-4o", "http://no-such-host.invalid/v1", null, false));
        assertTrue(
                e.getMessage().contains("adammeme.target.base-url=http://no-such-host.invalid/v1 (unknown host)"),
                e.getMessage());
    }

    /** A gateway of the test's own: answers each path as the map says, and records what was asked. */
    private static final class Gateway implements AutoCloseable {
        final List<String> asked = new CopyOnWriteArrayList<>();
        final HttpServer server;

        Gateway(Map<String, Answer> answers) throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
            answers.forEach((path, answer) -> server.createContext(path, exchange -> answer(exchange, answer)));
            server.start();
        }

        private void answer(HttpExchange exchange, Answer answer) throws IOException {
            try (exchange) {
                asked.add(exchange.getRequestMethod() + " "
                        + exchange.getRequestURI().getPath());
                byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(answer.status(), body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    private record Answer(int status, String body) {}

    private static final Answer UNAUTHORIZED =
            new Answer(401, "{\"error\": {\"message\": \"Incorrect API key provided\"}}");

    @Test
    void aKeyAskedForAndNotConfiguredNamesTheKeySetting() throws IOException {
        try (Gateway gateway = new Gateway(Map.of("/v1/models", UNAUTHORIZED, "/v1/chat/completions", UNAUTHORIZED))) {
            EndpointUnusableException e = refused(target("gpt-4o", gateway.url(), null, false));
            assertEquals(
                    "preflight of the target: the endpoint at " + gateway.url() + " asks for a key (HTTP 401:"
                            + " Incorrect API key provided) and none is configured: name the environment variable that holds it"
                            + " with adammeme.target.api-key-env",
                    e.getMessage());
        }
    }

    @Test
    void aKeyVariableThatIsNotSetIsNamedBeforeAnyRequest() throws IOException {
        try (Gateway gateway = new Gateway(Map.of("/v1/models", UNAUTHORIZED))) {
            EndpointUnusableException e =
                    refused(target("gpt-4o", gateway.url(), "ADAMMEME_PREFLIGHT_UNSET_KEY", false));
            assertTrue(
                    e.getMessage()
                            .startsWith("preflight of the target: adammeme.target.api-key-env="
                                    + "ADAMMEME_PREFLIGHT_UNSET_KEY names an environment variable that is not set"),
                    e.getMessage());
            assertEquals(List.of(), gateway.asked);
        }
    }

    @Test
    void aModelTheListLacksIsAskedForOneTokenAndCountedAsThePreflights() throws IOException {
        // Azure and gateways list base models or aliases rather than what a request names: the probe decides.
        Answer list = new Answer(200, "{\"object\": \"list\", \"data\": [{\"id\": \"gpt-4o-2024-08-06\"}]}");
        Answer completion = new Answer(
                200,
                "{\"id\": \"c\", \"object\": \"chat.completion\", \"choices\": [{\"index\": 0,"
                        + " \"message\": {\"role\": \"assistant\", \"content\": \"OK\"}, \"finish_reason\": \"length\"}],"
                        + " \"usage\": {\"prompt_tokens\": 12, \"completion_tokens\": 1, \"total_tokens\": 13}}");
        try (Gateway gateway = new Gateway(Map.of("/v1/models", list, "/v1/chat/completions", completion))) {
            UsageLedger ledger = new UsageLedger();
            assertEquals(
                    List.of(), Preflight.check(List.of(target("my-deployment", gateway.url(), null, false)), ledger));
            assertEquals(List.of("GET /v1/models", "POST /v1/chat/completions"), gateway.asked);
            assertEquals(1, ledger.totalCalls());
            assertEquals(Preflight.STAGE, ledger.lines().get(0).stage());
        }
    }

    @Test
    void aModelMissingFromAListingServerIsNamedWithWhatItLists() throws IOException {
        Answer list = new Answer(
                200, "{\"object\": \"list\", \"data\": [{\"id\": \"llama3.1:8b\"}, {\"id\": \"qwen2.5vl:7b\"}]}");
        Answer missing =
                new Answer(404, "{\"error\": {\"message\": \"model \\\"llava\\\" not found, try pulling it first\"}}");
        try (Gateway gateway = new Gateway(Map.of("/v1/models", list, "/v1/chat/completions", missing))) {
            EndpointUnusableException e = refused(target("llava", gateway.url(), null, false));
            assertEquals(
                    "preflight of the target: the endpoint at " + gateway.url() + " has no model llava"
                            + " (adammeme.target.model): HTTP 404 (model \"llava\" not found, try pulling it first); it lists"
                            + " llama3.1:8b, qwen2.5vl:7b",
                    e.getMessage());
        }
    }

    @Test
    void anEndpointFailingNowIsAWarningNotAStop() throws IOException {
        Answer down = new Answer(503, "{\"error\": {\"message\": \"overloaded\"}}");
        try (Gateway gateway = new Gateway(Map.of("/v1/models", down, "/v1/chat/completions", down))) {
            List<String> warnings =
                    Preflight.check(List.of(target("gpt-4o", gateway.url(), null, false)), new UsageLedger());
            assertEquals(1, warnings.size());
            assertTrue(
                    warnings.get(0).contains("answered a 1-token request with HTTP 503 (overloaded); going on"),
                    warnings.get(0));
            assertFalse(warnings.get(0).contains("adammeme.target.api-key-env"));
        }
    }
}
