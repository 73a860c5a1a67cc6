package io.github.adammeme.internal.llm.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.settings.ConfigurationException;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine and the command line find the simulator through ServiceLoader, and say so when it is not there. */
class SimulatorsTest {

    private static Endpoint endpoint(String model, String url) {
        return new Endpoint(model, url, null, Duration.ofSeconds(30), 0, 0, null);
    }

    @Test
    void theBuiltInSimulatorIsFoundAndReadsItsOwnSettings() {
        EndpointResolver simulator =
                Simulators.builtIn(ConfigurationReader.simulator(Map.of("adammeme.sim.judge-noise", "0.2")));
        assertThat(simulator.getClass().getName()).isEqualTo("io.github.adammeme.internal.sim.BuiltInSimulator");
        Endpoint real = endpoint("gpt-4o", "https://api.openai.com/v1");
        assertThat(simulator.resolve(real)).isSameAs(real);
        assertThatThrownBy(() ->
                        Simulators.builtIn(ConfigurationReader.simulator(Map.of("adammeme.sim.judge-noise", "2"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("adammeme.sim.judge-noise");
    }

    @Test
    void withoutTheSimulatorASimModelWithoutAUrlIsNamedAndRealModelsPass() throws Exception {
        try (URLClassLoader nothing = new URLClassLoader(new URL[0], null)) {
            EndpointResolver none = Simulators.builtIn(SimSettings.DEFAULT, nothing);
            Endpoint real = endpoint("gpt-4o", "https://api.openai.com/v1");
            assertThat(none.resolve(real)).isSameAs(real);
            assertThatThrownBy(() -> none.resolve(endpoint("sim:keyword", null)))
                    .hasMessage(
                            "no simulator serves sim:keyword: the built-in simulator (io.github.adammeme:adammeme-simulator) is not on the classpath; give the"
                                    + " model a base URL, or use a real model");
        }
    }
}
