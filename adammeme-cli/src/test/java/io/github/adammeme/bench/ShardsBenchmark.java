package io.github.adammeme.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.cli.Main;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.testing.EmbeddedPostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * A CI matrix against one machine: n shard processes on one PostgreSQL cache against one process on
 * a SQLite cache, on the same memes at the simulator's latency, printing wall time and calls of each.
 * Run with {@code bench/shards [--shards 4] [--latency-ms 100] [--concurrency 8] [--harmeme PATH]}.
 * The shards share this machine's cores, so their wall time is what n machines would take only when
 * the run waits on latency rather than CPU.
 */
public final class ShardsBenchmark {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ShardsBenchmark() {}

    public static void main(String[] args) throws Exception {
        int shards = 4;
        long latency = 100;
        int concurrency = 8;
        String harmeme = "../shared/data/harmeme-val/annotations/val.jsonl";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--shards" -> shards = Integer.parseInt(args[i + 1]);
                case "--latency-ms" -> latency = Long.parseLong(args[i + 1]);
                case "--concurrency" -> concurrency = Integer.parseInt(args[i + 1]);
                case "--harmeme" -> harmeme = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path work = Files.createTempDirectory("adammeme-shards-bench");
        Path dataset =
                Files.exists(Path.of(harmeme)) ? Path.of(harmeme) : SyntheticMemes.write(work.resolve("memes"), 200);
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            server.configure(new SimSettings(latency, 0.3, 0, 0, 0, 0, 0, 0, 0, 0, 3));
            String[] common = {
                "adammeme.dataset=" + dataset,
                "adammeme.target.base-url=" + server.baseUrl(),
                "adammeme.controller.base-url=" + server.baseUrl(),
                "adammeme.concurrency=" + concurrency
            };

            long start = System.nanoTime();
            Process solo = launch(work, "solo", common, "adammeme.cache=" + work.resolve("solo.db"));
            check(solo, work, "solo");
            double soloWall = (System.nanoTime() - start) / 1e9;
            long soloCalls = server.requestsServed();

            String url = EmbeddedPostgresServer.newDatabase("bench");
            long before = server.requestsServed();
            start = System.nanoTime();
            List<Process> running = new ArrayList<>();
            for (int i = 1; i <= shards; i++) {
                running.add(launch(
                        work, "shard-" + i, common, "adammeme.cache=" + url, "adammeme.shard=" + i + "/" + shards));
            }
            long[] perShard = new long[shards];
            for (int i = 1; i <= shards; i++) {
                check(running.get(i - 1), work, "shard-" + i);
                perShard[i - 1] = paid(work.resolve("shard-" + i));
            }
            double shardsWall = (System.nanoTime() - start) / 1e9;
            long shardCalls = server.requestsServed() - before;

            System.out.printf(
                    Locale.ROOT,
                    "%s, %d memes, simulator latency %d ms, concurrency %d per process, %d cores%n",
                    dataset,
                    Files.readAllLines(dataset).stream()
                            .filter(l -> !l.isBlank())
                            .count(),
                    latency,
                    concurrency,
                    Runtime.getRuntime().availableProcessors());
            System.out.printf(
                    Locale.ROOT, "1 process on SQLite:        wall %7.1f s, calls %6d%n", soloWall, soloCalls);
            System.out.printf(
                    Locale.ROOT,
                    "%d shard processes on PostgreSQL: wall %7.1f s, calls %6d (per shard %s), %.2fx the"
                            + " calls and %.2fx the wall time of one process%n",
                    shards,
                    shardsWall,
                    shardCalls,
                    Arrays.toString(perShard),
                    (double) shardCalls / soloCalls,
                    shardsWall / soloWall);
        }
    }

    private static Process launch(Path work, String name, String[] common, String... settings) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(common));
        command.addAll(List.of(settings));
        command.add("adammeme.output-dir=" + work.resolve(name));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(work.resolve(name + ".log").toFile());
        builder.environment().put("PGUSER", EmbeddedPostgresServer.superuser());
        return builder.start();
    }

    private static void check(Process p, Path work, String name) throws InterruptedException {
        if (!p.waitFor(60, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException(name + " failed; see " + work.resolve(name + ".log"));
        }
    }

    private static long paid(Path output) throws Exception {
        long calls = 0;
        for (JsonNode line :
                JSON.readTree(output.resolve(EvaluationWriter.SUMMARY).toFile()).path("usage")) {
            calls += line.path("calls").asLong();
        }
        return calls;
    }
}
