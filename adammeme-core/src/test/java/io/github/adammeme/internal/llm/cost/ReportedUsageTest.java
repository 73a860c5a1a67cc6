package io.github.adammeme.internal.llm.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Token counts an endpoint reports that cannot be true, met over real HTTP as a broken or hostile gateway sends them:
 * each is counted from the request's and the answer's size, with one warning per endpoint and role, so a budget
 * still holds and no total overflows.
 */
class ReportedUsageTest {

    /** 2,000 characters of prompt: about 500 tokens by the estimate. */
    private static final String PROMPT = "analyse this meme ".repeat(111) + "..";
    /** 400 characters of answer: about 100 tokens. */
    private static final String ANSWER = "a careful analysis ".repeat(21) + ".";

    private HttpServer server;
    private volatile String usage;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private PrintStream stderr;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/v1/chat/completions", exchange -> {
            exchange.getRequestBody().readAllBytes();
            byte[] body =
                    ("{\"id\": \"c\", \"object\": \"chat.completion\", \"created\": 1700000000, \"model\": \"gpt-4o\","
                                    + " \"choices\": [{\"index\": 0, \"finish_reason\": \"stop\", \"message\": {\"role\": \"assistant\","
                                    + " \"content\": \"" + ANSWER + "\"}}]"
                                    + (usage == null ? "" : ", \"usage\": " + usage) + "}")
                            .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        stderr = System.err;
        System.setErr(new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void stop() {
        System.setErr(stderr);
        server.stop(0);
    }

    private String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    private ModelGateway gateway(UsageLedger ledger) {
        return new ModelGateway(
                new OpenAiChatModel(new Endpoint("gpt-4o", baseUrl(), null, Duration.ofSeconds(10))),
                new InMemoryCallCache(),
                ledger,
                1);
    }

    private static ChatRequest request(String role, int n) {
        return new ChatRequest(role, List.of(ChatMessage.user(PROMPT + n)), 0, 1, 100, 0, "digest");
    }

    private List<String> warnings() {
        return console.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.contains("impossible token counts"))
                .toList();
    }

    @Test
    void eachImpossibleCountIsCountedFromTheSizesWithAWarningNamingEndpointAndRole() {
        Map<String, String> reports = Map.of(
                "{\"prompt_tokens\": 1e400, \"completion_tokens\": 100, \"total_tokens\": 100}",
                "prompt_tokens = Infinity",
                "{\"prompt_tokens\": -500, \"completion_tokens\": -7, \"total_tokens\": -507}",
                "prompt_tokens = -500, completion_tokens = -7",
                "{\"prompt_tokens\": 500, \"completion_tokens\": 12.5, \"total_tokens\": 512.5}",
                "completion_tokens = 12.5",
                "{\"prompt_tokens\": 9223372036854775000, \"completion_tokens\": 9223372036854775000}",
                "prompt_tokens = 9223372036854775000, completion_tokens = 9223372036854775000",
                "{\"prompt_tokens\": \"500\", \"completion_tokens\": 100}",
                "prompt_tokens = 500",
                "\"lots\"",
                "usage = lots");
        for (Map.Entry<String, String> report : reports.entrySet()) {
            usage = report.getKey();
            console.reset();
            UsageLedger ledger = new UsageLedger();
            try (ModelGateway gateway = gateway(ledger)) {
                gateway.call(request("Target", 1)).join();
                gateway.call(request("Target", 2)).join();
                gateway.call(request("Scorer", 3)).join();
            }
            for (UsageLedger.Line line : ledger.lines()) {
                long calls = line.calls();
                assertTrue(line.promptTokens() >= 500 * calls && line.promptTokens() < 1_000_000, report + ": " + line);
                assertTrue(
                        line.completionTokens() >= 100 * calls && line.completionTokens() < 1_000_000,
                        report + ": " + line);
            }
            List<String> warnings = warnings();
            assertEquals(2, warnings.size(), "one warning per endpoint and role, not per call: " + warnings);
            assertTrue(
                    warnings.get(0)
                            .startsWith("adammeme: gpt-4o at " + baseUrl() + " reported impossible token counts"
                                    + " for a Target call (" + report.getValue()
                                    + "): counted from the request's and the answer's size"),
                    warnings.get(0));
            assertTrue(warnings.get(1).contains(" for a Scorer call ("), warnings.get(1));
        }
    }

    @Test
    void noUsageBesideAnAnswerIsCountedFromTheSizesAndSoundCountsAreTakenAsReported() {
        usage = null;
        UsageLedger ledger = new UsageLedger();
        try (ModelGateway gateway = gateway(ledger)) {
            gateway.call(request("Target", 1)).join();
        }
        assertTrue(ledger.totalTokens() >= 600, "missing counts are not free: " + ledger.lines());
        assertTrue(warnings().get(0).contains("(no usage)"), warnings().toString());

        usage = "{\"prompt_tokens\": 7, \"completion_tokens\": 3, \"total_tokens\": 10}";
        console.reset();
        UsageLedger sound = new UsageLedger();
        try (ModelGateway gateway = gateway(sound)) {
            gateway.call(request("Target", 1)).join();
        }
        assertEquals(10, sound.totalTokens(), "a possible report is the endpoint's to make, however small");
        assertEquals(List.of(), warnings());
    }

    /** The budget is spent by what impossible reports are counted as, and says so in one short line. */
    @Test
    void aBudgetHoldsAgainstAnEndpointReportingInfiniteTokensAndItsReasonIsOneShortLine() {
        usage = "{\"prompt_tokens\": 1e400, \"completion_tokens\": -1, \"total_tokens\": 0}";
        UsageLedger ledger = new UsageLedger(new Prices(Map.of("gpt-4o", new Prices.Rate(2.50, 10.00))));
        int made = 0;
        CompletionException spent;
        try (ModelGateway gateway = gateway(ledger)) {
            gateway.budget(0.01); // about seven calls of 500 tokens in and 100 out
            while (true) {
                try {
                    gateway.call(request("Scorer", made)).join();
                    made++;
                    assertTrue(made < 50, "the budget never ran out: " + ledger.lines());
                } catch (CompletionException e) {
                    spent = e;
                    break;
                }
            }
        }
        assertTrue(made >= 3 && made <= 10, made + " calls made within a budget of $0.01");
        String reason =
                assertInstanceOf(ModelCallException.class, spent.getCause()).getMessage();
        assertTrue(reason.startsWith("the budget of $0.01 is spent ($0.01"), reason);
        assertTrue(reason.endsWith("adammeme.budget-usd): Scorer call to gpt-4o not made"), reason);
        assertTrue(reason.length() <= 200 && !reason.contains("\n") && !reason.contains("analyse this meme"), reason);
    }
}
