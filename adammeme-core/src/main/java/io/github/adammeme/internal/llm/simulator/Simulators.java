package io.github.adammeme.internal.llm.simulator;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.EndpointResolver;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.apiguardian.api.API;

/** Finds the built-in simulator, when it is on the classpath. */
@API(status = INTERNAL, since = "0.1.0")
public final class Simulators {

    private Simulators() {}

    /**
     * @param settings the simulator's settings, as configured
     * @return the built-in simulator's resolver, configured; or, without a simulator on the classpath, one that
     *         passes every endpoint with a URL and names what is missing for a {@code sim:} model without one
     */
    public static EndpointResolver builtIn(SimSettings settings) {
        return builtIn(settings, Simulators.class.getClassLoader());
    }

    static EndpointResolver builtIn(SimSettings settings, ClassLoader loader) {
        try {
            return ServiceLoader.load(SimulatorProvider.class, loader)
                    .findFirst()
                    .map(provider -> provider.resolver(settings))
                    .orElse(none(
                            "the built-in simulator (io.github.adammeme:adammeme-simulator) is not on the classpath"));
        } catch (ServiceConfigurationError broken) {
            // A simulator that cannot be loaded stops only the runs that ask for it.
            return none("the built-in simulator could not be loaded (" + broken.getMessage() + ")");
        }
    }

    private static EndpointResolver none(String why) {
        return endpoint -> {
            if (endpoint.simulated() && endpoint.baseUrl() == null) {
                throw new IllegalStateException("no simulator serves " + endpoint.model() + ": " + why
                        + "; give the model a base URL, or use a real model");
            }
            return endpoint;
        };
    }
}
