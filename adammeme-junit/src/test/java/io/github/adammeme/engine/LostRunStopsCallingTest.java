package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * A run the engine loses half-way (here a listener of the platform's that throws once the first pair is
 * reported) ends its pipeline too: no call reaches an endpoint after the engine has given up, where the
 * pipeline used to go on paying in the background until the JVM exited.
 */
class LostRunStopsCallingTest {

    @TempDir
    Path dir;

    @Test
    void aRunTheEngineLosesMakesNoFurtherCall() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 24);
        try (BadInputEndpoint endpoint = BadInputEndpoint.relay()) {
            Map<String, String> config = new HashMap<>(Map.of(
                    "adammeme.dataset",
                    dataset.toString(),
                    "adammeme.seeds",
                    "2",
                    "adammeme.iterations",
                    "3",
                    "adammeme.progress",
                    "false",
                    "adammeme.cache",
                    dir.resolve("cache.db").toString(),
                    "adammeme.output-dir",
                    dir.resolve("out").toString(),
                    "adammeme.target.base-url",
                    endpoint.baseUrl(),
                    "adammeme.controller.base-url",
                    endpoint.baseUrl()));
            EngineDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(Suites.Keyword.class))
                    .configurationParameters(config)
                    .build();
            AdamMemeTestEngine engine = new AdamMemeTestEngine();
            TestDescriptor root = engine.discover(request, UniqueId.forEngine(Constants.ENGINE_ID));
            AtomicBoolean failed = new AtomicBoolean();
            EngineExecutionListener breaking = new EngineExecutionListener() {
                @Override
                public void executionFinished(TestDescriptor test, TestExecutionResult result) {
                    if (test.getUniqueId().toString().contains("[pair:") && failed.compareAndSet(false, true)) {
                        throw new IllegalStateException("a reporting listener failed");
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
            engine.execute(ExecutionRequest.create(
                    root,
                    breaking,
                    request.getConfigurationParameters(),
                    reports,
                    new NamespacedHierarchicalStore<>(null)));
            assertTrue(failed.get(), "the listener failed");

            JsonNode summary = new ObjectMapper()
                    .readTree(dir.resolve("out").resolve("summary.json").toFile());
            assertTrue(summary.path("lost").asBoolean(false), "the run is recorded as lost: " + summary);
            // Calls sent before the stop may still arrive: give them a moment, then nothing more may come.
            Thread.sleep(500);
            int atLoss = endpoint.requests.size();
            Thread.sleep(3000);
            assertEquals(atLoss, endpoint.requests.size(), "calls after the engine lost the run");
            System.out.println("lost run: " + atLoss + " calls before the stop, none after");
        }
    }
}
