package io.github.adammeme.llm;

import java.util.Map;

/**
 * The built-in simulated mLLM, as the engine and the command line reach it: through {@link java.util.ServiceLoader},
 * so that neither depends on the simulator's classes and a build without them still runs real models.
 */
public interface SimulatorProvider {

    /**
     * Reads the simulator's own settings ({@code adammeme.sim.*}) and returns what serves {@code sim:} models that
     * have no URL; nothing is started until a run asks for one.
     *
     * @param configuration the run's {@code adammeme.*} settings
     * @return the resolver a run's endpoints go through
     * @throws io.github.adammeme.pipeline.ConfigurationException naming a simulator setting whose value cannot be used
     */
    EndpointResolver resolver(Map<String, String> configuration);
}
