package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.cli.internal.AllureMerge;
import io.github.adammeme.cli.internal.ShardMerge;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** A run split into shards and merged again gives the unsharded run's figures, test for test. */
class ShardingTest {

    @TempDir
    static Path dir;

    static Path dataset;

    @BeforeAll
    static void memes() {
        dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
    }

    private static EngineExecutionResults run(String out, String shard) {
        return shard == null
                ? EngineRuns.keywordSuite(dataset, dir, out)
                : EngineRuns.keywordSuite(dataset, dir, out, "adammeme.shard", shard);
    }

    private static Set<String> tests(EngineExecutionResults results) {
        Set<String> ids = new HashSet<>();
        results.testEvents().finished().list().forEach(e -> {
            String id = e.getTestDescriptor().getUniqueId().toString();
            if (id.contains("[pair:") || id.contains("[step:")) {
                assertTrue(ids.add(id), "reported twice: " + id);
            }
        });
        return ids;
    }

    @ParameterizedTest(name = "{0} shards")
    @ValueSource(ints = {4, 9})
    void mergedShardsEqualTheUnshardedRun(int shards) throws Exception {
        Set<String> whole = tests(run("whole-" + shards, null));
        Set<String> union = new HashSet<>();
        List<Path> outputs = new ArrayList<>();
        int busy = 0;
        for (int i = 1; i <= shards; i++) {
            Set<String> part = tests(run("shard-" + i + "-of-" + shards, i + "/" + shards));
            busy += part.isEmpty() ? 0 : 1;
            for (String id : part) {
                assertTrue(union.add(id), "two shards reported " + id);
            }
            outputs.add(dir.resolve("shard-" + i + "-of-" + shards));
        }
        assertEquals(whole, union, "the shards' tests are the unsharded run's");
        long categories = whole.stream()
                .map(id -> id.replaceAll(".*\\[category:([^\\]]+)].*", "$1"))
                .distinct()
                .count();
        // With fewer categories than shards, categories are split between shards by hash.
        assertTrue(
                busy >= Math.min(shards, categories + (shards > categories ? 1 : 0)),
                busy + " of " + shards + " shards reported tests, " + categories + " categories");

        ShardMerge.merge(outputs, dir.resolve("merged-" + shards));
        ObjectMapper json = new ObjectMapper();
        JsonNode unsharded = json.readTree(
                dir.resolve("whole-" + shards).resolve("summary.json").toFile());
        JsonNode merged = json.readTree(
                dir.resolve("merged-" + shards).resolve("summary.json").toFile());
        assertEquals(unsharded.path("metrics"), merged.path("metrics"));
        assertEquals(unsharded.at("/memes/sampledPairs"), merged.at("/memes/sampledPairs"));
        assertEquals(unsharded.at("/memes/refinedSamples"), merged.at("/memes/refinedSamples"));
        assertEquals(
                "merged from " + shards + " shards", merged.at("/run/shard").asText());
    }

    @Test
    void allureResultFoldersAreJoinedFileByFile() throws Exception {
        Path a = Files.createDirectories(dir.resolve("allure-a"));
        Path b = Files.createDirectories(dir.resolve("allure-b"));
        Files.writeString(a.resolve("1-result.json"), "{}");
        Files.writeString(a.resolve("environment.properties"), "target=sim:keyword\n");
        Files.writeString(b.resolve("2-result.json"), "{}");
        Files.writeString(b.resolve("environment.properties"), "target=sim:keyword\n");
        assertEquals(3, AllureMerge.merge(List.of(a, b), dir.resolve("allure-merged")));
        try (var files = Files.list(dir.resolve("allure-merged"))) {
            assertEquals(
                    Set.of("1-result.json", "2-result.json", "environment.properties"),
                    files.map(f -> f.getFileName().toString()).collect(Collectors.toSet()));
        }
    }
}
