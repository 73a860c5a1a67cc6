package io.github.adammeme.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Discovery checks every line of a dataset, and the run mines what discovery checked rather than check a dataset of a
 * million memes again; a dataset changed between the two is read again, not mined by the line numbers it had.
 */
class DatasetReadOnceTest {

    @TempDir
    Path dir;

    private TestPlan discover(Launcher launcher, Path dataset) {
        return launcher.discover(request()
                .selectors(selectClass(Suites.Keyword.class))
                .configurationParameters(Map.of(
                        Constants.DATASET,
                        dataset.toString(),
                        Constants.SEEDS,
                        "1",
                        Constants.ITERATIONS,
                        "1",
                        Constants.PROGRESS,
                        "true",
                        Constants.CACHE,
                        "memory",
                        Constants.OUTPUT_DIR,
                        dir.resolve("out").toString()))
                .build());
    }

    private List<String> mined() throws IOException {
        return Files.readAllLines(dir.resolve("out").resolve("memes.jsonl"), StandardCharsets.UTF_8);
    }

    @Test
    void aDatasetUnchangedSinceDiscoveryIsNotReadAgain() throws IOException {
        SyntheticMemes.write(dir.resolve("memes"), 4);
        Path csv = dir.resolve("memes").resolve("memes.csv");
        Files.write(
                csv,
                List.of(
                        "id,image,text",
                        "m0,images/synthetic_0000.png,when the new guy takes your parking spot",
                        "m1,images/synthetic_0001.png,go back to your country",
                        "m2,images/synthetic_0002.png,all of them are terrorists",
                        "m3,images/synthetic_0003.png,women belong in the kitchen"),
                StandardCharsets.UTF_8);
        Launcher launcher = LauncherFactory.create();
        TestPlan plan = discover(launcher, csv);
        // The same size and time of change, and nothing a dataset reader could take: read again, the run would stop.
        FileTime changed = Files.getLastModifiedTime(csv);
        Files.write(csv, new byte[(int) Files.size(csv)]);
        Files.setLastModifiedTime(csv, changed);
        launcher.execute(plan);

        assertThat(mined()).hasSize(4).allMatch(m -> !m.contains("\"status\":\"ERROR\""));
    }

    @Test
    void aDatasetChangedSinceDiscoveryIsReadAgain() throws IOException {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 4);
        Launcher launcher = LauncherFactory.create();
        TestPlan plan = discover(launcher, dataset);
        List<String> lines = Files.readAllLines(dataset, StandardCharsets.UTF_8);
        Files.writeString(
                dataset,
                lines.get(0).replace("synthetic_0000", "added_after_discovery") + "\n",
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        launcher.execute(plan);

        assertThat(mined()).hasSize(5).anyMatch(m -> m.contains("added_after_discovery"));
    }
}
