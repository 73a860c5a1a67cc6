package io.github.adammeme.cli;

import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.pipeline.EvaluationConfig;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Map;

/**
 * {@code simulator [adammeme.sim.*=...]}: serves the built-in simulated mLLM on its own, printing its
 * base URL and serving until standard input closes: for benchmarks that must not share a process
 * with the harness, and for trying a client against a well-behaved endpoint.
 */
final class SimulatorCommand {

    private SimulatorCommand() {
    }

    static int run(Map<String, String> values, InputStream in, PrintStream out) throws IOException {
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            server.configure(ConfigurationReader.simulator(values));
            out.println("adammeme simulator: " + server.baseUrl());
            out.flush();
            while (in.read() >= 0) {
                // serve until the parent closes our input or the process is stopped
            }
            out.println("adammeme simulator: " + server.requestsServed() + " requests served");
        }
        return 0;
    }
}
