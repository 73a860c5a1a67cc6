package io.github.adammeme.internal.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.simulator.SimDialect;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.settings.ConfigurationException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The simulator's dialect as a setting: read from its own key, and part of the simulator's identity. */
class SimDialectKeyTest {

    @Test
    void theDialectIsAKeyOfItsOwnAndItsAnswersAreCachedApart() {
        assertEquals(SimDialect.REAL, ConfigurationReader.simulator(Map.of()).dialect());
        assertEquals(
                SimDialect.STRICT,
                ConfigurationReader.simulator(Map.of(Constants.SIM_DIALECT, " Strict "))
                        .dialect());
        ConfigurationException bad = assertThrows(
                ConfigurationException.class,
                () -> ConfigurationReader.simulator(Map.of(Constants.SIM_DIALECT, "loose")));
        assertEquals(Constants.SIM_DIALECT, bad.key());
        assertTrue(
                bad.getMessage().contains("'loose'")
                        && bad.getMessage().contains("real")
                        && bad.getMessage().contains("strict"),
                bad.getMessage());

        // The endpoint's identity is part of every cache key.
        Endpoint agent = new Endpoint("sim:agent", null, null, Duration.ofSeconds(10));
        String realIdentity = agent.simulatorAt("http://127.0.0.1:1/v1", BuiltInSimulator.variant(SimSettings.DEFAULT))
                .identity();
        String strictIdentity = agent.simulatorAt(
                        "http://127.0.0.1:1/v1",
                        BuiltInSimulator.variant(SimSettings.DEFAULT.withDialect(SimDialect.STRICT)))
                .identity();
        assertEquals("simulator", realIdentity);
        assertEquals("simulator (dialect=strict)", strictIdentity);
        assertEquals(
                "simulator (judge-noise=0.3, dialect=strict)",
                agent.simulatorAt(
                                "http://127.0.0.1:1/v1",
                                BuiltInSimulator.variant(
                                        new SimSettings(0, 0.5, 0, 0, 0, 0, 0, 0, 0, 10_000, 7, 0.3, true)
                                                .withDialect(SimDialect.STRICT)))
                        .identity());
    }
}
