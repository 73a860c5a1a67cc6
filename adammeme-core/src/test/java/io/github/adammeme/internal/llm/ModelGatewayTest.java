package io.github.adammeme.internal.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.cache.CacheKey;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.Prices;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ModelGatewayTest {

    private static ChatRequest request(String text, int replica) {
        return new ChatRequest("Miner", List.of(ChatMessage.user(text)), 1.0, 42 + replica, 100, replica, "digest");
    }

    /** Counts calls; can hold them until released, to have several in flight at once. */
    private static class CountingModel implements ChatModel {
        final AtomicInteger calls = new AtomicInteger();
        final CountDownLatch release;

        CountingModel(CountDownLatch release) {
            this.release = release;
        }

        @Override
        public String identity() {
            return "counting";
        }

        @Override
        public String model() {
            return "m";
        }

        @Override
        public ChatResponse complete(ChatRequest request) {
            calls.incrementAndGet();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (request.messages().get(0).text().equals("fail")) {
                throw new ModelCallException("HTTP 400 from the endpoint", null, 400, false, null);
            }
            return new ChatResponse(
                    "answer to " + request.messages().get(0).text(), null, "stop", new Usage(3, 2), false);
        }
    }

    @Test
    void aRepeatedCallIsServedFromTheCacheAndCountedAsAHit() {
        CountingModel model = new CountingModel(new CountDownLatch(0));
        UsageLedger ledger = new UsageLedger();
        try (ModelGateway gateway = new ModelGateway(model, new InMemoryCallCache(), ledger, 2)) {
            ChatResponse first = gateway.call(request("hi", 0)).join();
            ChatResponse second = gateway.call(request("hi", 0)).join();
            assertFalse(first.fromCache());
            assertTrue(second.fromCache());
            assertEquals(first.content(), second.content());
            assertEquals(1, model.calls.get());
            assertEquals(1, ledger.totalCalls());
            assertEquals(1, ledger.totalCacheHits());
            assertEquals(
                    new UsageLedger.Line(ChatRequest.UNSTAGED, "Miner", "m", 1, 1, 0, 0, 0, 3, 0, 2, 0, 0.0),
                    ledger.lines().get(0));
        }
    }

    /** A target whose answers belong to one run or revision, and say which model gave them. */
    private static final class ScopedModel extends CountingModel {
        final String scope;

        ScopedModel(String scope) {
            super(new CountDownLatch(0));
            this.scope = scope;
        }

        @Override
        public String answerScope() {
            return scope;
        }

        @Override
        public ChatResponse complete(ChatRequest request) {
            ChatResponse answer = super.complete(request);
            return new ChatResponse(
                    answer.content(),
                    null,
                    "stop",
                    answer.usage(),
                    false,
                    Answerer.of("m-2026-11-01\u001b[2K", "fp_" + scope));
        }
    }

    @Test
    void aTargetsAnswersServeOnlyTheRunOrRevisionTheyBelongTo() {
        InMemoryCallCache cache = new InMemoryCallCache();
        ScopedModel run1 = new ScopedModel("run 1");
        try (ModelGateway gateway = new ModelGateway(run1, cache, new UsageLedger(), 2)) {
            gateway.call(request("analyse", 0)).join();
            gateway.call(request("analyse", 0)).join();
            assertEquals(1, run1.calls.get(), "the same question twice in one run is asked once");
            // Who answered, made one printable line: an endpoint's ESC cannot reach a console.
            assertEquals(Map.of(new Answerer("m-2026-11-01\\u001b[2K", "fp_run 1"), 1L), gateway.answeredBy());
        }
        ScopedModel run2 = new ScopedModel("run 2");
        try (ModelGateway gateway = new ModelGateway(run2, cache, new UsageLedger(), 2)) {
            assertFalse(gateway.call(request("analyse", 0)).join().fromCache(), "the next run asks the model afresh");
            assertEquals(1, run2.calls.get());
        }
        ScopedModel again = new ScopedModel("run 1");
        try (ModelGateway gateway = new ModelGateway(again, cache, new UsageLedger(), 2)) {
            assertTrue(
                    gateway.call(request("analyse", 0)).join().fromCache(), "the run resumed reuses its own answers");
            assertEquals(0, again.calls.get());
            assertEquals(Map.of(), gateway.answeredBy(), "no model answered: the answer came from the cache");
        }
        CountingModel agents = new CountingModel(new CountDownLatch(0));
        try (ModelGateway gateway = new ModelGateway(agents, cache, new UsageLedger(), 2)) {
            assertFalse(gateway.call(request("analyse", 0)).join().fromCache(), "an unscoped model's key is its own");
        }
    }

    @Test
    void replicasAreDistinctCalls() {
        assertNotEquals(
                CacheKey.of(new CountingModel(null), request("hi", 0)),
                CacheKey.of(new CountingModel(null), request("hi", 1)));
    }

    @Test
    void identicalCallsInFlightArePaidForOnce() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountingModel model = new CountingModel(release);
        try (ModelGateway gateway = new ModelGateway(model, new InMemoryCallCache(), new UsageLedger(), 4)) {
            List<CompletableFuture<ChatResponse>> calls = List.of(
                    gateway.call(request("same", 0)),
                    gateway.call(request("same", 0)),
                    gateway.call(request("same", 0)));
            release.countDown();
            calls.forEach(c -> assertEquals("answer to same", c.join().content()));
            assertEquals(1, model.calls.get());
        }
    }

    @Test
    void aFailedCallCompletesExceptionallyAndIsNotCached() {
        CountingModel model = new CountingModel(new CountDownLatch(0));
        UsageLedger ledger = new UsageLedger();
        try (ModelGateway gateway = new ModelGateway(model, new InMemoryCallCache(), ledger, 1)) {
            CompletionException e = assertThrows(
                    CompletionException.class,
                    () -> gateway.call(request("fail", 0)).join());
            assertInstanceOf(ModelCallException.class, e.getCause());
            assertThrows(
                    CompletionException.class,
                    () -> gateway.call(request("fail", 0)).join());
            assertEquals(2, model.calls.get(), "a failure is never replayed from the cache");
            assertEquals(2, ledger.lines().get(0).failures());
        }
    }

    @Test
    void theLedgerPricesCachedInputAndBatchedCallsAtTheirOwnRates() {
        UsageLedger ledger = new UsageLedger(new Prices(Map.of("m", new Prices.Rate(2.50, 10.00, 1.25))));
        ChatRequest r = request("hi", 0);
        ledger.recordCall(r, "m", new Usage(1000, 400, 100, false));
        ledger.recordCall(r, "m", new Usage(1000, 0, 100, false).asBatched());
        UsageLedger.Line line = ledger.lines().get(0);
        assertEquals(2000, line.promptTokens());
        assertEquals(400, line.cachedTokens());
        assertEquals(1, line.batchedCalls());
        double sync = (600 * 2.50 + 400 * 1.25 + 100 * 10.00) / 1e6;
        double batched = (1000 * 2.50 + 100 * 10.00) / 1e6 * Prices.BATCH_SHARE;
        assertEquals(sync + batched, line.costUsd(), 1e-12);
        assertEquals(sync + batched, ledger.totalCostUsd(), 1e-12);
    }

    /** What a 400 says. */
    private enum Refusal {
        CHOICES("'n' must be 1 for this model"),
        SCHEMA("response_format json_schema is not supported");

        final String message;

        Refusal(String message) {
            this.message = message;
        }
    }

    /** Answers a request for n choices with up to {@code most} of them, "seed s" for choice s; or turns choices down. */
    private static final class ChoosingModel implements ChatModel {
        final List<Integer> asked = new CopyOnWriteArrayList<>();
        final int most;
        final Refusal turnsDown;

        ChoosingModel(int most, Refusal turnsDown) {
            this.most = most;
            this.turnsDown = turnsDown;
        }

        @Override
        public String identity() {
            return "choosing";
        }

        @Override
        public String model() {
            return "m";
        }

        @Override
        public ChatResponse complete(ChatRequest request) {
            asked.add(1);
            return new ChatResponse("seed " + request.seed(), null, "stop", new Usage(100, 10), false);
        }

        final AtomicInteger tries = new AtomicInteger();

        @Override
        public List<ChatResponse> completeChoices(ChatRequest request, int n) {
            tries.incrementAndGet();
            if (turnsDown != null) {
                throw new ModelCallException(turnsDown.message, null, 400, false, null);
            }
            asked.add(n);
            List<ChatResponse> out = new ArrayList<>();
            for (int i = 0; i < Math.min(n, most); i++) {
                out.add(new ChatResponse(
                        "seed " + (request.seed() + i), null, "stop", i == 0 ? new Usage(100, 30) : Usage.NONE, false));
            }
            return out;
        }
    }

    private static List<ChatRequest> replicas(String text) {
        return List.of(request(text, 0), request(text, 1), request(text, 2));
    }

    private static List<String> contents(List<CompletableFuture<ChatResponse>> answers) {
        return answers.stream().map(f -> f.join().content()).toList();
    }

    @Test
    void replicasGoAsOneRequestForThatManyChoicesEachKeptUnderItsOwnKey() {
        ChoosingModel model = new ChoosingModel(3, null);
        UsageLedger ledger = new UsageLedger();
        InMemoryCallCache cache = new InMemoryCallCache();
        try (ModelGateway gateway = new ModelGateway(model, cache, ledger, 2)) {
            assertEquals(List.of("seed 42", "seed 43", "seed 44"), contents(gateway.callReplicas(replicas("hi"))));
            assertEquals(List.of(3), model.asked, "one request for three choices");
            assertEquals(1, ledger.totalCalls());
            assertEquals(100, ledger.lines().get(0).promptTokens(), "the input paid once");
            ChatResponse second = gateway.call(request("hi", 1)).join();
            assertTrue(second.fromCache(), "replica 1 is answered from its own cache entry");
            assertEquals("seed 43", second.content());
            assertEquals(List.of("seed 42", "seed 43", "seed 44"), contents(gateway.callReplicas(replicas("hi"))));
            assertEquals(List.of(3), model.asked, "a warm cache serves the replicas as before");
        }
    }

    @Test
    void replicasTheEndpointGaveNoChoiceForAreAskedAlone() {
        ChoosingModel model = new ChoosingModel(1, null);
        try (ModelGateway gateway = new ModelGateway(model, new InMemoryCallCache(), new UsageLedger(), 2)) {
            assertEquals(List.of("seed 42", "seed 43", "seed 44"), contents(gateway.callReplicas(replicas("hi"))));
            assertEquals(
                    List.of(3, 1, 1),
                    model.asked.stream().sorted(Comparator.reverseOrder()).toList());
        }
    }

    @Test
    void anEndpointThatTurnsChoicesDownIsAskedOneByOneFromThenOn() {
        ChoosingModel model = new ChoosingModel(3, Refusal.CHOICES);
        try (ModelGateway gateway = new ModelGateway(model, new InMemoryCallCache(), new UsageLedger(), 2)) {
            assertEquals(List.of("seed 42", "seed 43", "seed 44"), contents(gateway.callReplicas(replicas("hi"))));
            assertEquals(List.of("seed 42", "seed 43", "seed 44"), contents(gateway.callReplicas(replicas("again"))));
            assertEquals(
                    List.of(1, 1, 1, 1, 1, 1), model.asked, "every replica alone, the second group without trying");
        }
        ChoosingModel schemaless = new ChoosingModel(3, Refusal.SCHEMA);
        try (ModelGateway gateway = new ModelGateway(schemaless, new InMemoryCallCache(), new UsageLedger(), 2)) {
            gateway.callReplicas(replicas("hi")).forEach(CompletableFuture::join);
            gateway.callReplicas(replicas("again")).forEach(CompletableFuture::join);
            assertEquals(
                    2, schemaless.tries.get(), "a 400 about something else does not stop choices: each group tries");
        }
    }

    @Test
    void aGroupWithAReplicaAlreadyAnsweredGoesAloneAndPaysOnlyForTheOthers() {
        ChoosingModel model = new ChoosingModel(3, null);
        try (ModelGateway gateway = new ModelGateway(model, new InMemoryCallCache(), new UsageLedger(), 2)) {
            gateway.call(request("hi", 1)).join();
            assertEquals(List.of("seed 42", "seed 43", "seed 44"), contents(gateway.callReplicas(replicas("hi"))));
            assertEquals(List.of(1, 1, 1), model.asked);
        }
    }

    @Test
    void waitingCallsAreMadeLowestRankFirstAndInArrivalOrderWithinARank() {
        CountDownLatch release = new CountDownLatch(1);
        List<String> made = Collections.synchronizedList(new ArrayList<>());
        ChatModel model = new CountingModel(release) {
            @Override
            public ChatResponse complete(ChatRequest request) {
                made.add(request.messages().get(0).text());
                return super.complete(request);
            }
        };
        try (ModelGateway gateway = new ModelGateway(model, new InMemoryCallCache(), new UsageLedger(), 1)) {
            gateway.queueOrder(r -> r.messages().get(0).text().startsWith("urgent") ? 0 : 1);
            CompletableFuture<ChatResponse> first = gateway.call(request("holds the only slot", 0));
            List<CompletableFuture<ChatResponse>> waiting = List.of(
                    gateway.call(request("later 1", 0)),
                    gateway.call(request("urgent 1", 0)),
                    gateway.call(request("later 2", 0)),
                    gateway.call(request("urgent 2", 0)));
            release.countDown();
            first.join();
            waiting.forEach(CompletableFuture::join);
            assertEquals(List.of("holds the only slot", "urgent 1", "urgent 2", "later 1", "later 2"), made);
        }
    }
}
