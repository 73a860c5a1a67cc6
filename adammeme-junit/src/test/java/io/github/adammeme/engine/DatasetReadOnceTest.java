package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

import io.github.adammeme.Constants;
import io.github.adammeme.data.SyntheticMemes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Discovery checks every line of a dataset, and the run mines what discovery checked: a dataset of a million memes
 * is read through once, not again at execution (nor a third time for the progress line's estimate).
 */
class DatasetReadOnceTest {

    @TempDir
    Path dir;

    @Test
    void theRunMinesTheMemesDiscoveryCheckedNotALineAddedSince() throws IOException {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 4);
        Path out = dir.resolve("out");
        Launcher launcher = LauncherFactory.create();
        TestPlan plan = launcher.discover(request().selectors(selectClass(Suites.Keyword.class))
                .configurationParameters(Map.of(Constants.DATASET, dataset.toString(), Constants.SEEDS, "1",
                        Constants.ITERATIONS, "1", Constants.PROGRESS, "true", Constants.CACHE, "memory",
                        Constants.OUTPUT_DIR, out.toString()))
                .build());
        // Had execution read the dataset again, it would mine this fifth meme too.
        List<String> lines = Files.readAllLines(dataset, StandardCharsets.UTF_8);
        Files.writeString(dataset, lines.get(0).replace("synthetic_0000", "added_after_discovery") + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        StringBuilder failures = new StringBuilder();
        launcher.execute(plan, new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (result.getStatus() == TestExecutionResult.Status.ABORTED && test.getDisplayName().equals("mining")) {
                    failures.append(result);
                }
            }
        });

        List<String> mined = Files.readAllLines(out.resolve("memes.jsonl"), StandardCharsets.UTF_8);
        assertEquals(4, mined.size(), String.join("\n", mined) + failures);
        assertEquals(0, mined.stream().filter(m -> m.contains("added_after_discovery")).count(), String.join("\n", mined));
    }
}
