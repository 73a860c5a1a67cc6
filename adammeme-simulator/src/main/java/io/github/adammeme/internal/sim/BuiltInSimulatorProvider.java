package io.github.adammeme.internal.sim;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.llm.simulator.SimulatorProvider;
import org.apiguardian.api.API;

/** Offers the built-in simulator to {@link java.util.ServiceLoader}, configured by the run. */
@API(status = INTERNAL, since = "0.1.0")
public final class BuiltInSimulatorProvider implements SimulatorProvider {

    /** ServiceLoader's constructor. */
    public BuiltInSimulatorProvider() {}

    @Override
    public EndpointResolver resolver(SimSettings settings) {
        return new BuiltInSimulator(settings);
    }
}
