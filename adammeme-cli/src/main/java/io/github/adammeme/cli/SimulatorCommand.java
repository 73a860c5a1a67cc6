package io.github.adammeme.cli;

import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.internal.text.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Map;

/**
 * {@code simulator [adammeme.sim.*=...]}: serves the built-in simulated mLLM on its own, printing its
 * base URL and serving until standard input closes: for benchmarks that must not share a process
 * with the harness, for trying a client against a well-behaved endpoint, and, with
 * {@code adammeme.sim.serve.<name>=<persona>}, for serving a persona under a model name of one's own.
 */
final class SimulatorCommand {

    private SimulatorCommand() {}

    static int run(Map<String, String> values, InputStream in, PrintStream out, PrintStream err) throws IOException {
        SimSettings settings = ConfigurationReader.simulator(values);
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            try {
                server.configure(settings);
            } catch (IllegalArgumentException unknownPersona) {
                // ConfigurationReader checks the form; only the simulator knows which personas it plays.
                Console.warn(err, unknownPersona.getMessage());
                return 2;
            }
            out.println("adammeme simulator: " + server.baseUrl());
            settings.served()
                    .forEach((name, persona) -> out.println("adammeme simulator: serves " + name + " as " + persona));
            out.flush();
            while (in.read() >= 0) {
                // serve until the parent closes our input or the process is stopped
            }
            out.println("adammeme simulator: " + server.requestsServed() + " requests served");
        }
        return 0;
    }
}
