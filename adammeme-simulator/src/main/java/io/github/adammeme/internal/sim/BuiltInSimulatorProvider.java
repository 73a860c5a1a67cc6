package io.github.adammeme.internal.sim;

import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.llm.SimSettings;
import io.github.adammeme.internal.llm.SimulatorProvider;

/** Offers the built-in simulator to {@link java.util.ServiceLoader}, configured by the run. */
public final class BuiltInSimulatorProvider implements SimulatorProvider {

    /** ServiceLoader's constructor. */
    public BuiltInSimulatorProvider() {
    }

    @Override
    public EndpointResolver resolver(SimSettings settings) {
        return new BuiltInSimulator(settings);
    }
}
