package io.github.adammeme.pipeline;

import io.github.adammeme.sim.SimulatedModelServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Evaluations in JVMs of their own, as separate CI jobs or a restarted run would be. */
final class ChildRuns {

    private ChildRuns() {
    }

    /** Starts {@link Main} on the synthetic dataset against {@code server}, logging under {@code logs}. */
    static Process launch(SimulatedModelServer server, Path dataset, Path cache, Path out, Path logs) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "adammeme.dataset=" + dataset, "adammeme.cache=" + cache, "adammeme.output-dir=" + out,
                "adammeme.target.base-url=" + server.baseUrl(), "adammeme.controller.base-url=" + server.baseUrl(),
                "adammeme.seeds=2", "adammeme.iterations=3", "adammeme.concurrency=4"));
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(logs.resolve("child-" + System.nanoTime() + ".log").toFile()).start();
    }
}
