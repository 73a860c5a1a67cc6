package io.github.adammeme.llm;

import java.util.Map;
import java.util.ServiceLoader;

/** Finds the built-in simulator, when it is on the classpath. */
public final class Simulators {

    private Simulators() {
    }

    /**
     * @param configuration the run's {@code adammeme.*} settings
     * @return the built-in simulator's resolver, configured; or, without a simulator on the classpath, one that
     *         passes every endpoint with a URL and names what is missing for a {@code sim:} model without one
     */
    public static EndpointResolver builtIn(Map<String, String> configuration) {
        return builtIn(configuration, Simulators.class.getClassLoader());
    }

    static EndpointResolver builtIn(Map<String, String> configuration, ClassLoader loader) {
        return ServiceLoader.load(SimulatorProvider.class, loader).findFirst()
                .map(provider -> provider.resolver(configuration))
                .orElse(endpoint -> {
                    if (endpoint.simulated() && endpoint.baseUrl() == null) {
                        throw new IllegalStateException("no simulator serves " + endpoint.model() + ": the built-in"
                                + " simulator is not on the classpath; give the model a base URL, or use a real model");
                    }
                    return endpoint;
                });
    }
}
