package io.github.adammeme.internal.pipeline.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.llm.batch.BatchSettings;
import io.github.adammeme.internal.settings.ConfigurationException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Batch mode's keys: their defaults, and every bad value named with its key. */
class BatchSettingsTest {

    private static Map<String, String> with(String... pairs) {
        Map<String, String> m = new HashMap<>();
        m.put(Constants.DATASET, "memes.jsonl");
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }

    @Test
    void offByDefaultWithTheTargetIndependentCallsAndTheTargetsToBatchAndItsJournalBesideTheCache() {
        BatchSettings batch = EvaluationConfig.from(with()).models().batch();
        assertFalse(batch.enabled());
        assertFalse(batch.batches("Miner"), "nothing is batched while batch mode is off");
        assertEquals(BatchSettings.DEFAULT_ROLES, batch.roles());
        assertEquals(Path.of(".adammeme", "cache-batches.jsonl"), batch.journal());
        assertEquals(Duration.ofSeconds(30), batch.poll());
        assertEquals(
                Path.of("ci", "shard-batches.jsonl"),
                EvaluationConfig.from(with(Constants.CACHE, "ci/shard.db"))
                        .models()
                        .batch()
                        .journal());
        assertEquals(
                Path.of(".adammeme", "batches.jsonl"),
                EvaluationConfig.from(with(Constants.CACHE, "memory"))
                        .models()
                        .batch()
                        .journal());

        BatchSettings on = EvaluationConfig.from(with(Constants.BATCH, "true", Constants.BATCH_POLL_SECONDS, "0.25"))
                .models()
                .batch();
        assertTrue(on.batches("Target") && on.batches("Candidate") && !on.batches("Scorer") && !on.batches("Refiner"));
        assertEquals(Duration.ofMillis(250), on.poll());
        BatchSettings all = EvaluationConfig.from(with(Constants.BATCH, "true", Constants.BATCH_ROLES, "all"))
                .models()
                .batch();
        assertTrue(BatchSettings.ROLES.stream().allMatch(all::batches));
        assertEquals(
                Set.of("scorer", "refusalcheck"),
                EvaluationConfig.from(with(Constants.BATCH_ROLES, " Scorer , refusalcheck"))
                        .models()
                        .batch()
                        .roles());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "adammeme.batch|sometimes|expected true or false",
                "adammeme.batch.max-requests|0|expected a whole number from 1 to 10000",
                "adammeme.batch.max-requests|50000|expected a whole number from 1 to 10000",
                "adammeme.batch.poll-seconds|soon|expected a number from 0.001 to 3600",
                "adammeme.batch.quiet-seconds|0|expected a number from 0.001 to 3600",
                "adammeme.batch.max-wait-seconds|-5|expected a whole number from 1 to 604800",
                "adammeme.batch.roles|miner,poet|no role 'poet' makes calls; the roles are Miner, Examiner",
                "adammeme.sim.batch-delay-ms|later|expected a whole number from 0 to 86400000"
            })
    void aBadValueNamesTheKeyTheValueAndWhatIsAllowed(String key, String value, String allowed) {
        // the simulator's keys are read by the engine and the command line that start it
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> {
            if (key.startsWith("adammeme.sim.")) {
                ConfigurationReader.simulator(with(key, value));
            } else {
                EvaluationConfig.from(with(key, value));
            }
        });
        assertEquals(key, e.key());
        assertTrue(e.getMessage().contains("'" + value + "'") && e.getMessage().contains(allowed), e.getMessage());
    }

    @Test
    void aJournalThatIsAFolderIsNamed(@TempDir Path dir) {
        ConfigurationException e = assertThrows(
                ConfigurationException.class,
                () -> EvaluationConfig.from(with(Constants.BATCH_JOURNAL, dir.toString())));
        assertEquals(Constants.BATCH_JOURNAL, e.key());
        assertTrue(e.getMessage().contains("a folder, not a file"), e.getMessage());
    }
}
