package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.OutputDirectoryCreator;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.store.NamespacedHierarchicalStore;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;

/**
 * A run whose test thread is interrupted mid-scoring (a launcher that cancels, an IDE's stop button) is reported
 * as interrupted, not as a failure of the pipeline: one failed test says how far it got and where its paid answers
 * are, summary.json says so with no figures, and the same run again pays only for what the first did not.
 */
class InterruptedRunTest {

    private static final int CONCURRENCY = 4;
    /** Past mining (about 2 calls a meme) and short of the scoring of 16 pairs (about 6 calls a pair). */
    private static final int HELD_AFTER = 80;

    @TempDir
    Path dir;

    @Test
    void anInterruptedRunSaysSoAndTheNextRunPaysOnlyForWhatItDidNotPay() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 16);
        try (BadInputEndpoint endpoint = BadInputEndpoint.relay().holdingAfter(HELD_AFTER)) {
            Map<String, String> config = new HashMap<>(Map.of(
                    "adammeme.dataset",
                    dataset.toString(),
                    "adammeme.seeds",
                    "1",
                    "adammeme.iterations",
                    "1",
                    "adammeme.progress",
                    "false",
                    "adammeme.text-erasure",
                    "none",
                    "adammeme.cache",
                    dir.resolve("cache.db").toString(),
                    "adammeme.output-dir",
                    dir.resolve("out").toString(),
                    "adammeme.target.base-url",
                    endpoint.baseUrl(),
                    "adammeme.controller.base-url",
                    endpoint.baseUrl(),
                    "adammeme.concurrency",
                    Integer.toString(CONCURRENCY)));
            Map<String, TestExecutionResult> first = run(config, endpoint);

            TestExecutionResult lost = first.entrySet().stream()
                    .filter(e -> e.getKey().endsWith("[run:lost]"))
                    .map(Map.Entry::getValue)
                    .findFirst()
                    .orElse(null);
            assertNotNull(lost, "a test of its own says the run was interrupted: " + first.keySet());
            assertEquals(TestExecutionResult.Status.FAILED, lost.getStatus());
            Throwable why = lost.getThrowable().orElseThrow();
            assertEquals(RunEnding.RunLostException.class, why.getClass(), "no InterruptedException to trace");
            assertTrue(
                    why.getMessage().contains("was interrupted")
                            && why.getMessage().contains("in the scoring stage, after")
                            && why.getMessage().contains("run the same command again"),
                    why.getMessage());
            assertFalse(why.getMessage().contains("pipeline failed"), why.getMessage());

            JsonNode summary = new ObjectMapper()
                    .readTree(dir.resolve("out").resolve("summary.json").toFile());
            assertTrue(
                    summary.path("interrupted").asBoolean(false)
                            && summary.path("lost").asBoolean(false),
                    "summary.json says the run was interrupted: " + summary);
            assertTrue(summary.path("metrics").isMissingNode(), "no figures a gate or baseline could take: " + summary);
            String reason = summary.path("reason").asText();
            assertTrue(reason.contains("paid for, kept in the call cache " + dir.resolve("cache.db")), reason);

            Predicate<JsonNode> paid = r -> r.path("max_tokens").asInt(0) != 1; // not the preflight's 1-token probe
            List<String> firstCalls = endpoint.requests.stream()
                    .filter(paid)
                    .map(JsonNode::toString)
                    .toList();
            endpoint.requests.clear();
            Map<String, TestExecutionResult> second = run(config, null);
            assertTrue(
                    second.values().stream()
                            .noneMatch(r -> r.getStatus() == TestExecutionResult.Status.FAILED
                                    && r.getThrowable()
                                            .map(t -> t instanceof RunEnding.RunLostException)
                                            .orElse(false)),
                    "the rerun finishes");
            JsonNode rerun = new ObjectMapper()
                    .readTree(dir.resolve("out").resolve("summary.json").toFile());
            assertFalse(rerun.path("interrupted").asBoolean(false), "the rerun's summary replaces the interrupted one");

            List<String> secondCalls = endpoint.requests.stream()
                    .filter(paid)
                    .map(JsonNode::toString)
                    .toList();
            Set<String> before = new HashSet<>(firstCalls);
            long again = secondCalls.stream().filter(before::contains).count();
            System.out.printf(
                    "interrupted run: %d calls paid before the interruption; rerun: %d calls, %d of them paid"
                            + " before%n",
                    firstCalls.size(), secondCalls.size(), again);
            assertTrue(firstCalls.size() > 0 && secondCalls.size() > 0, "the interruption came mid-run");
            // Only a call under way at the interruption and abandoned may be paid again; everything answered is kept.
            // The target's and the controller's gateways each have CONCURRENCY calls in flight.
            int underWay = 2 * CONCURRENCY;
            assertTrue(
                    again <= underWay,
                    again + " calls paid twice, more than the " + underWay + " that can be under way");
        }
    }

    private static boolean waitingForThePipeline(Thread runner) {
        return runner.getState() == Thread.State.WAITING
                && List.of(runner.getStackTrace()).stream()
                        .anyMatch(f -> f.getClassName().equals(SampleBoard.class.getName())
                                && f.getMethodName().equals("await"));
    }

    /**
     * One run of the keyword suite on a thread of its own. With {@code holding}: once the endpoint holds a call (so
     * the run cannot finish) and the run's thread waits for a result, another thread interrupts it there (the
     * platform clears the flag after each test, so an interrupt between tests would not be seen as one); the held
     * calls are answered once the run has said it was interrupted.
     */
    private Map<String, TestExecutionResult> run(Map<String, String> config, BadInputEndpoint holding)
            throws Exception {
        EngineDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(Suites.Keyword.class))
                .configurationParameters(config)
                .build();
        AdamMemeTestEngine engine = new AdamMemeTestEngine();
        TestDescriptor root = engine.discover(request, UniqueId.forEngine(Constants.ENGINE_ID));
        Map<String, TestExecutionResult> results = new ConcurrentHashMap<>();
        CountDownLatch said = new CountDownLatch(1);
        EngineExecutionListener listener = new EngineExecutionListener() {
            @Override
            public void executionFinished(TestDescriptor test, TestExecutionResult result) {
                results.put(test.getUniqueId().toString(), result);
                if (test.getUniqueId().toString().endsWith("[run:lost]")) {
                    said.countDown();
                }
            }
        };
        OutputDirectoryCreator reports = new OutputDirectoryCreator() {
            @Override
            public Path getRootDirectory() {
                return dir.resolve("reports");
            }

            @Override
            public Path createOutputDirectory(TestDescriptor test) {
                return dir.resolve("reports");
            }
        };
        Thread runner = new Thread(
                () -> engine.execute(ExecutionRequest.create(
                        root,
                        listener,
                        request.getConfigurationParameters(),
                        reports,
                        new NamespacedHierarchicalStore<>(null))),
                "interrupted-run");
        runner.start();
        if (holding != null) {
            assertTrue(holding.holding.await(60, TimeUnit.SECONDS), "a call held");
            // Interrupted where it waits for the pipeline: an interrupt that lands while a finished test is reported
            // is cleared by the platform after that test, and a real stop may come at any such moment, but a test
            // must not depend on where it lands.
            // The thread may leave that wait between the look and the interrupt (a result came in, a test is reported,
            // and the platform clears the flag after it): then it waits again and is interrupted again.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            int interrupts = 0;
            while (!said.await(200, TimeUnit.MILLISECONDS)) {
                assertTrue(
                        System.nanoTime() < deadline,
                        () -> "the run never said it was interrupted: " + runner.getState() + " "
                                + List.of(runner.getStackTrace()));
                if (waitingForThePipeline(runner)) {
                    runner.interrupt();
                    interrupts++;
                }
            }
            assertTrue(interrupts >= 1, "the run was interrupted where it waits for the pipeline");
            // The calls under way outlived the moment the interrupted run gave them: answered now, they are paid
            // but stored nowhere, and their claims in the cache must not hold up the next run of this process.
            holding.release();
        }
        runner.join(TimeUnit.SECONDS.toMillis(120));
        assertFalse(runner.isAlive(), "the run ended");
        return results;
    }
}
