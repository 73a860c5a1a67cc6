package io.github.adammeme.internal.llm.resilience;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.EndpointUnusableException;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cache.FailSafeCache;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cache.SqliteCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The circuit breaker on gateways that share a run's stop: one endpoint failing every call stops them all. */
class CircuitBreakerTest {

    /** Fails every call as {@code failure} says, counting them. */
    private record Failing(AtomicInteger calls, int status, boolean retryable) implements ChatModel {
        Failing(int status, boolean retryable) {
            this(new AtomicInteger(), status, retryable);
        }

        @Override
        public String identity() {
            return "http://127.0.0.1:9/v1";
        }

        @Override
        public String model() {
            return "m";
        }

        @Override
        public ChatResponse complete(ChatRequest request) {
            calls.incrementAndGet();
            throw new ModelCallException("HTTP " + status + " from the endpoint", null, status, retryable, null);
        }
    }

    private static final RetryPolicy QUICK =
            new RetryPolicy(20, Duration.ofSeconds(30), Duration.ofMillis(1), Duration.ofMillis(5));

    private static ChatRequest request(String text) {
        return new ChatRequest("Scorer", List.of(ChatMessage.user(text)), 0, 1, 10, 0, "digest");
    }

    private static ModelGateway gateway(ChatModel model, RunStop stop, EndpointChecks checks) {
        return gateway(model, stop, checks, new InMemoryCallCache());
    }

    private static ModelGateway gateway(ChatModel model, RunStop stop, EndpointChecks checks, CallCache cache) {
        ModelGateway gateway = new ModelGateway(model, cache, new UsageLedger(), 1, QUICK, new RateCaps(0, 0));
        gateway.stopWith(stop, checks, "adammeme.target.base-url=http://127.0.0.1:9/v1");
        return gateway;
    }

    @Test
    void anEndpointFailingEveryCallStopsTheRunAndEveryGatewayOnIt() {
        Failing down = new Failing(503, true);
        Failing other = new Failing(503, true);
        RunStop stop = new RunStop();
        EndpointChecks checks = new EndpointChecks(true, 4, Duration.ZERO);
        try (ModelGateway target = gateway(down, stop, checks);
                ModelGateway controller = gateway(other, stop, checks)) {
            CompletionException e = assertThrows(
                    CompletionException.class, () -> target.call(request("a")).join());
            EndpointUnusableException why = assertInstanceOf(EndpointUnusableException.class, e.getCause());
            assertEquals(EndpointUnusableException.When.DURING_RUN, why.when());
            assertEquals(4, down.calls().get(), "the fourth failure in a row trips it, not the twentieth retry");
            assertTrue(
                    why.getMessage()
                            .startsWith(
                                    "m at http://127.0.0.1:9/v1 (adammeme.target.base-url=http://127.0.0.1:9/v1)"
                                            + " failed all of its last 4 calls over 0 s, the last: HTTP 503 from the endpoint; the run stops here"),
                    why.getMessage());
            assertEquals(why.getMessage(), stop.reason().orElseThrow().getMessage());
            CompletionException next = assertThrows(
                    CompletionException.class,
                    () -> controller.call(request("b")).join());
            assertInstanceOf(EndpointUnusableException.class, next.getCause());
            assertEquals(0, other.calls().get(), "once the run stopped, no gateway of it calls again");
        }
    }

    @Test
    void failuresThatSpanLessThanTheWindowAreLeftToTheRetries() {
        Failing down = new Failing(503, true);
        RunStop stop = new RunStop();
        try (ModelGateway target = gateway(down, stop, new EndpointChecks(true, 2, Duration.ofMinutes(5)))) {
            CompletionException e = assertThrows(
                    CompletionException.class, () -> target.call(request("a")).join());
            assertInstanceOf(ModelCallException.class, e.getCause(), "the call gave up as a failed call");
            assertEquals(QUICK.maxRetries() + 1, down.calls().get());
            assertTrue(stop.reason().isEmpty(), "the run goes on");
        }
    }

    @Test
    void aRequestTheEndpointTurnsDownIsNotAnEndpointDown() {
        Failing badRequest = new Failing(400, false);
        RunStop stop = new RunStop();
        try (ModelGateway target = gateway(badRequest, stop, new EndpointChecks(true, 2, Duration.ZERO))) {
            for (int i = 0; i < 5; i++) {
                String text = "q" + i;
                CompletionException e = assertThrows(
                        CompletionException.class,
                        () -> target.call(request(text)).join());
                assertInstanceOf(ModelCallException.class, e.getCause());
            }
            assertEquals(5, badRequest.calls().get());
            assertTrue(stop.reason().isEmpty(), "400s say something of the requests, not of the endpoint");
        }
    }

    /** What the stop promises about a run started again holds for the cache the run has. */
    @ParameterizedTest(name = "adammeme.cache={0}")
    @ValueSource(strings = {"memory", "none", "a file", "a file that cannot be opened"})
    void theStopsPromiseAboutANewRunIsTrueOfTheRunsCache(String kind, @TempDir Path dir) throws Exception {
        Path blocked = Files.writeString(dir.resolve("not-a-folder"), "a file where the cache's folder should be");
        CallCache cache = switch (kind) {
            case "memory" -> new InMemoryCallCache();
            case "none" -> CallCache.NONE;
            case "a file" -> FailSafeCache.open(() -> new SqliteCallCache(dir.resolve("cache.db")), "cache.db", false);
            default -> FailSafeCache.open(() -> new SqliteCallCache(blocked.resolve("cache.db")), "cache.db", false);
        };
        try (cache;
                ModelGateway target = gateway(
                        new Failing(503, true), new RunStop(), new EndpointChecks(true, 2, Duration.ZERO), cache)) {
            CompletionException e = assertThrows(
                    CompletionException.class, () -> target.call(request("a")).join());
            String message = assertInstanceOf(EndpointUnusableException.class, e.getCause())
                    .getMessage();
            String kept = message.substring(message.indexOf("adammeme.breaker.seconds=0). ") + 29);
            assertEquals(
                    kind.equals("a file")
                            ? "Every answer paid for so far is in the call cache: a run started again once the endpoint answers"
                                    + " pays for none of them twice"
                            : "The answers paid for so far are kept by no store that outlives this process (adammeme.cache=memory"
                                    + " or none, or a cache store that failed): a run started again pays for them again",
                    kept);
        }
    }
}
