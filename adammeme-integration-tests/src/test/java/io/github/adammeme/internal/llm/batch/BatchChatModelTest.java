package io.github.adammeme.internal.llm.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.cache.CacheKey;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The batching port on its own, against the simulator's Batch API. */
class BatchChatModelTest {

    @TempDir
    Path dir;

    private static final BatchSettings SETTINGS = new BatchSettings(
            true, Set.of("target"), 100, Duration.ofMillis(20), Duration.ofMillis(20), Duration.ofHours(1), null);

    private static ChatRequest question(String text, String role) {
        return new ChatRequest(role, List.of(ChatMessage.user(text)), 0.0, 7, 64, 0, "digest");
    }

    @Test
    void aBatchCreatedButNotRecordedBeforeAKillIsFoundByItsInputFileNotSentAgain() throws Exception {
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            server.configure(SimSettings.DEFAULT.withBatchDelay(3_600_000));
            Endpoint endpoint = new Endpoint("sim:oracle", server.baseUrl(), null, Duration.ofSeconds(10));
            Path file = dir.resolve("batches.jsonl");
            InMemoryCallCache cache = new InMemoryCallCache();
            ChatRequest request = question("The chinese tourists took all the masks", "Target");

            BatchChatModel first = new BatchChatModel(endpoint, 2, cache, BatchJournal.open(file), SETTINGS);
            CompletableFuture<ChatResponse> lost = CompletableFuture.supplyAsync(() -> first.complete(request));
            while (server.batches().pending().isEmpty()
                    || !Files.readString(file)
                            .contains(server.batches().pending().get(0))) {
                Thread.sleep(5);
            }
            first.close();
            assertThrows(Exception.class, () -> lost.get(10, TimeUnit.SECONDS), "the closed run's call gets no answer");
            // As if the process had died between creating the batch and recording it.
            List<String> uploadedOnly = Files.readAllLines(file).stream()
                    .filter(l -> !l.contains("\"submitted\""))
                    .toList();
            Files.write(file, uploadedOnly);

            server.configure(SimSettings.DEFAULT);
            ChatResponse answer;
            try (BatchChatModel second = new BatchChatModel(endpoint, 2, cache, BatchJournal.open(file), SETTINGS)) {
                answer = second.complete(request);
                assertTrue(answer.usage().batched(), "priced as batched");
                assertTrue(cache.get(CacheKey.of(second, request)).isPresent(), "stored as it arrived");
            }
            assertEquals(1, server.batches().created(), "no second batch was sent");
            assertEquals(1, server.requestsServed(), "the call was answered once");
            assertEquals(List.of(), BatchJournal.open(file).pending(endpoint.identity(), endpoint.model()), "finished");
            try (OpenAiChatModel synchronous = new OpenAiChatModel(endpoint)) {
                assertEquals(
                        synchronous.complete(request).content(),
                        answer.content(),
                        "the answer a call made at once gets");
            }
        }
    }

    @Test
    void callsOfRolesNotBatchedAreMadeAtOnce() {
        try (SimulatedModelServer server = SimulatedModelServer.start();
                BatchChatModel model = new BatchChatModel(
                        new Endpoint("sim:agent", server.baseUrl(), null, Duration.ofSeconds(10)),
                        2,
                        CallCache.NONE,
                        BatchJournal.open(dir.resolve("b.jsonl")),
                        SETTINGS)) {
            ChatResponse answer = model.complete(question("Rating?", "Scorer"));
            assertTrue(!answer.usage().batched() && server.batches().created() == 0, "made at once");
        }
    }
}
