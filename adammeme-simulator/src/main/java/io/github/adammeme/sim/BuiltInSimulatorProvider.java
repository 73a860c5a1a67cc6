package io.github.adammeme.sim;

import io.github.adammeme.llm.EndpointResolver;
import io.github.adammeme.llm.SimulatorProvider;
import java.util.Map;

/** Offers the built-in simulator to {@link java.util.ServiceLoader}, configured from the run's {@code adammeme.sim.*} keys. */
public final class BuiltInSimulatorProvider implements SimulatorProvider {

    /** ServiceLoader's constructor. */
    public BuiltInSimulatorProvider() {
    }

    @Override
    public EndpointResolver resolver(Map<String, String> configuration) {
        return new BuiltInSimulator(SimKeys.read(configuration));
    }
}
