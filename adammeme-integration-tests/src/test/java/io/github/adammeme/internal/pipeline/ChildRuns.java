package io.github.adammeme.internal.pipeline;

import io.github.adammeme.cli.Main;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Evaluations in JVMs of their own, as separate CI jobs or a restarted run would be. */
final class ChildRuns {

    private ChildRuns() {}

    /** Starts {@link Main} on the synthetic dataset against {@code server}, logging under {@code logs}. */
    static Process launch(SimulatedModelServer server, Path dataset, Path cache, Path out, Path logs) throws Exception {
        return launch(
                server, dataset, cache.toString(), out, logs.resolve("child-" + System.nanoTime() + ".log"), Map.of());
    }

    /**
     * Starts {@link Main} with these extra settings ({@code key=value}) and environment, its output in
     * {@code log}: a shard of a CI matrix, say, with its database user in {@code PGUSER}.
     */
    static Process launch(
            SimulatedModelServer server,
            Path dataset,
            String cache,
            Path out,
            Path log,
            Map<String, String> environment,
            String... settings)
            throws Exception {
        return launchIn(null, server, dataset, cache, out, log, environment, settings);
    }

    /**
     * As {@link #launch(SimulatedModelServer, Path, String, Path, Path, Map, String...)}, in a working
     * directory of its own (where a run keeps its local state, {@code .adammeme/}), or this JVM's when null.
     */
    static Process launchIn(
            Path directory,
            SimulatedModelServer server,
            Path dataset,
            String cache,
            Path out,
            Path log,
            Map<String, String> environment,
            String... settings)
            throws Exception {
        // C1 only: these short runs spent more of two shared cores compiling with C2 than running.
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "adammeme.dataset=" + dataset,
                "adammeme.cache=" + cache,
                "adammeme.output-dir=" + out,
                "adammeme.target.base-url=" + server.baseUrl(),
                "adammeme.controller.base-url=" + server.baseUrl(),
                "adammeme.seeds=2",
                "adammeme.iterations=2",
                "adammeme.concurrency=4",
                // one cache of erased pictures for every child, whatever its working directory: a picture's
                // text is erased once per build, not once per process
                "adammeme.text-erasure.dir=" + TextErasure.DEFAULT_CACHE.toAbsolutePath()));
        command.addAll(List.of(settings));
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        builder.environment().putAll(environment);
        return builder.start();
    }
}
