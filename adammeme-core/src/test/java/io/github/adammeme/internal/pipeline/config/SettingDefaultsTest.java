package io.github.adammeme.internal.pipeline.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.adammeme.internal.data.DatasetLimits;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.llm.batch.BatchSettings;
import io.github.adammeme.internal.llm.cache.PostgresDatabase;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.llm.resilience.EndpointChecks;
import io.github.adammeme.internal.settings.Setting;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The defaults the code also names for itself are the table's: the docs render the table's, so they must agree. */
class SettingDefaultsTest {

    @Test
    void theCodesDefaultsAreTheTables() {
        EvaluationConfig config = ConfigParser.parse(Map.of("adammeme.dataset", "memes.jsonl"));
        assertEquals(Setting.TARGET_MODEL.fallback(), EvaluationConfig.DEFAULT_TARGET);
        assertEquals(Setting.CONTROLLER_MODEL.fallback(), EvaluationConfig.DEFAULT_CONTROLLER);
        assertEquals(Setting.TARGET_MODEL.fallback(), config.models().target().model());
        assertEquals(Setting.BREAKER_CALLS.fallback(), String.valueOf(EndpointChecks.DEFAULT.breakerCalls()));
        assertEquals(
                Setting.BREAKER_SECONDS.fallback(),
                String.valueOf(EndpointChecks.DEFAULT.breakerWindow().toSeconds()));
        assertEquals(Setting.BATCH_MAX_REQUESTS.fallback(), String.valueOf(BatchSettings.OFF.maxRequests()));
        assertEquals(
                Setting.BATCH_MAX_WAIT_SECONDS.fallback(),
                String.valueOf(BatchSettings.OFF.maxWait().toSeconds()));
        assertEquals(
                Double.parseDouble(Setting.BATCH_QUIET_SECONDS.fallback()),
                BatchSettings.OFF.quiet().toMillis() / 1000.0);
        assertEquals(
                Double.parseDouble(Setting.BATCH_POLL_SECONDS.fallback()),
                BatchSettings.OFF.poll().toMillis() / 1000.0);
        assertEquals(
                new TreeSet<>(java.util.List.of(Setting.BATCH_ROLES.fallback().split(","))),
                new TreeSet<>(BatchSettings.DEFAULT_ROLES));
        assertEquals(Setting.DATASET_MAX_LINE_BYTES.fallback(), String.valueOf(DatasetLimits.DEFAULT_MAX_LINE_BYTES));
        assertEquals(Setting.IMAGE_MAX_PIXELS.fallback(), String.valueOf(ImageLimits.DEFAULT_MAX_PIXELS));
        assertEquals(Setting.IMAGE_MAX_BYTES.fallback(), String.valueOf(ImageLimits.DEFAULT_MAX_BYTES));
        assertEquals(Setting.IMAGE_TIMEOUT_SECONDS.fallback(), String.valueOf(ImageLimits.DEFAULT_TIMEOUT.toSeconds()));
        assertEquals(Setting.CACHE_USER_ENV.fallback(), PostgresDatabase.DEFAULT_USER_ENV);
        assertEquals(Setting.CACHE_PASSWORD_ENV.fallback(), PostgresDatabase.DEFAULT_PASSWORD_ENV);
        assertEquals(Setting.CACHE.fallback(), SqliteDatabase.DEFAULT_FILE.toString());
    }
}
