package io.github.adammeme.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.simulator.SimDialect;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.settings.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every setting a run is told, read once into one typed configuration, each bad value named by its key. */
class ConfigurationReaderTest {

    @TempDir
    Path dir;

    private Map<String, String> with(String... keysAndValues) throws Exception {
        Map<String, String> values = new HashMap<>();
        values.put(
                Constants.DATASET,
                Files.writeString(dir.resolve("memes.jsonl"), "").toString());
        values.put(Constants.OUTPUT_DIR, dir.resolve("out").toString());
        values.put(Constants.CACHE, "memory");
        for (int i = 0; i < keysAndValues.length; i += 2) {
            values.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return values;
    }

    @Test
    void oneReadGivesTheEvaluationTheSimulatorTheReleaseChecksAndTheRunsManner() throws Exception {
        AdamMemeConfiguration c = ConfigurationReader.read(with(
                Constants.TARGET_MODEL,
                "gpt-4o",
                Constants.SIM_DIALECT,
                "strict",
                Constants.SIM_JUDGE_NOISE,
                "0.2",
                Constants.GATE_MAX_FR,
                "25%",
                Constants.GATE_MAX_FR_CATEGORY_PREFIX + "race",
                "0.1",
                Constants.JUDGE_MIN_KAPPA,
                "0.6",
                Constants.PROGRESS,
                "off",
                Constants.DRY_RUN,
                "yes",
                Constants.SAMPLES_PER_CATEGORY,
                "7"));
        assertThat(c.evaluations()).hasSize(1);
        assertThat(c.evaluation().models().target().model()).isEqualTo("gpt-4o");
        assertThat(c.evaluation().method().samplesPerCategory()).isEqualTo(7);
        assertThat(c.simulator().dialect()).isEqualTo(SimDialect.STRICT);
        assertThat(c.simulator().judgeNoise()).isEqualTo(0.2);
        assertThat(c.publishing().gates().budgets()).containsEntry("", 0.25).containsEntry("race", 0.1);
        assertThat(c.publishing().minKappa()).contains(0.6);
        assertThat(c.progress()).isFalse();
        assertThat(c.dryRun()).isTrue();
    }

    @Test
    void withNothingButADatasetTheDefaultsHold() throws Exception {
        AdamMemeConfiguration c = ConfigurationReader.read(with());
        assertThat(c.simulator()).isEqualTo(SimSettings.DEFAULT);
        assertThat(c.publishing().gates().budgets()).isEmpty();
        assertThat(c.publishing().baseline()).isEmpty();
        assertThat(c.progress()).isTrue();
        assertThat(c.dryRun()).isFalse();
        assertThat(c.evaluation().models().target().model()).isEqualTo(EvaluationConfig.DEFAULT_TARGET);
    }

    @Test
    void severalTargetsAreEvaluatedInTheirOrderAlikeInEverythingElse() throws Exception {
        AdamMemeConfiguration c = ConfigurationReader.read(
                with(Constants.TARGET_MODEL, " sim:keyword, sim:fair ,sim:keyword", Constants.SEEDS, "3"));
        assertThat(c.evaluations())
                .extracting(e -> e.models().target().model())
                .containsExactly("sim:keyword", "sim:fair");
        assertThat(c.evaluations())
                .allSatisfy(e -> assertThat(e.method().seeds()).isEqualTo(3));
        assertThatThrownBy(() -> ConfigurationReader.read(with(Constants.TARGET_MODEL, "sim:keyword, sim-keyword")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(Constants.TARGET_MODEL)
                .hasMessageContaining("would share the output folder");
    }

    @Test
    void aBadValueOfAnyPartNamesItsKey() throws Exception {
        Map<String, String> badParts = Map.of(
                Constants.SIM_LATENCY_MS,
                "soon",
                Constants.GATE_MAX_FR,
                "lots",
                Constants.PROGRESS,
                "sometimes",
                Constants.THRESHOLD,
                "11",
                Constants.BASELINE_ALPHA,
                "2");
        for (Map.Entry<String, String> bad : badParts.entrySet()) {
            assertThatThrownBy(() -> ConfigurationReader.read(with(bad.getKey(), bad.getValue())))
                    .isInstanceOf(ConfigurationException.class)
                    .satisfies(
                            e -> assertThat(((ConfigurationException) e).key()).isEqualTo(bad.getKey()))
                    .hasMessageContaining("'" + bad.getValue() + "'");
        }
        // Fault rates that together exceed every request: no one key is to blame, so the family is named.
        assertThatThrownBy(() -> ConfigurationReader.simulator(
                        Map.of(Constants.SIM_FAULT_5XX, "0.7", Constants.SIM_FAULT_DROP, "0.7")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("adammeme.sim.fault.*");
    }

    /** vLLM's --served-model-name for the simulator: a name of the user's own, answered by the persona it names. */
    @Test
    void servedNamesAreReadAsNameAndPersonaAndAMisplacedPersonaIsNamedByItsKey() {
        SimSettings sim = ConfigurationReader.simulator(Map.of(
                Constants.SIM_SERVE_PREFIX + "gpt-4o-mini",
                " sim:oracle ",
                Constants.SIM_SERVE_PREFIX + "meme-model-v2",
                "sim:keyword"));
        assertThat(sim.served())
                .containsExactly(Map.entry("gpt-4o-mini", "sim:oracle"), Map.entry("meme-model-v2", "sim:keyword"));
        assertThat(ConfigurationReader.simulator(Map.of()).served()).isEmpty();

        // The persona's own id as a served name would hide the persona; a model name as the persona serves nothing.
        for (Map.Entry<String, String> bad : Map.of(
                        Constants.SIM_SERVE_PREFIX + "sim:oracle",
                        "sim:keyword",
                        Constants.SIM_SERVE_PREFIX + "gpt-4o-mini",
                        "gpt-4o",
                        Constants.SIM_SERVE_PREFIX + "x",
                        "sim:")
                .entrySet()) {
            assertThatThrownBy(() -> ConfigurationReader.simulator(Map.of(bad.getKey(), bad.getValue())))
                    .isInstanceOf(ConfigurationException.class)
                    .satisfies(
                            e -> assertThat(((ConfigurationException) e).key()).isEqualTo(bad.getKey()));
        }
    }
}
