package io.github.adammeme.internal.llm;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Makes a configured endpoint reachable before a run calls it. The engine and the command line
 * hand the pipeline one that serves {@code sim:} models without a URL from the built-in simulator,
 * so the pipeline itself never starts a server.
 */
@FunctionalInterface
@API(status = INTERNAL, since = "0.1.0")
public interface EndpointResolver {

    /** Endpoints as configured: a {@code sim:} model must have been given a URL. */
    EndpointResolver AS_CONFIGURED = endpoint -> {
        if (endpoint.simulated() && endpoint.baseUrl() == null) {
            throw new IllegalStateException("no simulator serves " + endpoint.model()
                    + ": give it a base URL, or run it through the engine or the command line, which start one");
        }
        return endpoint;
    };

    /**
     * @param configured the endpoint as configured
     * @return the endpoint to call
     */
    Endpoint resolve(Endpoint configured);
}
