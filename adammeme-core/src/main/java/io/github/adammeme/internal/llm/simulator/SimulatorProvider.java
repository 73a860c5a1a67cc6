package io.github.adammeme.internal.llm.simulator;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.EndpointResolver;
import org.apiguardian.api.API;

/**
 * The built-in simulated mLLM, as the engine and the command line reach it: through {@link java.util.ServiceLoader},
 * so that neither depends on the simulator's classes and a build without them still runs real models.
 */
@API(status = INTERNAL, since = "0.1.0")
public interface SimulatorProvider {

    /**
     * Returns what serves {@code sim:} models that have no URL; nothing is started until a run asks for one.
     *
     * @param settings the simulator's latency, faults, judge noise and dialect, as configured
     * @return the resolver a run's endpoints go through
     */
    EndpointResolver resolver(SimSettings settings);
}
