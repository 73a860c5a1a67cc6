package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.cli.internal.ShardMerge;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.testing.EmbeddedPostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CI matrix on many machines, as one machine can play it: four shards in four JVMs at once on one
 * real PostgreSQL server. Between them they pay for each call of an unsharded run exactly once, and
 * their merged results are the unsharded run's; a shard killed mid-way and started again pays for no
 * answer a second time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresShardsTest {

    private static final int SHARDS = 4;
    private static final int CONCURRENCY = 4;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private SimulatedModelServer server;
    private Path dataset;
    private long soloCalls;
    /** How often the unsharded run asked each distinct request (memes that share a text and model ask alike). */
    private Map<String, Long> soloAsked;

    @BeforeAll
    void soloRun(@TempDir Path solo) throws Exception {
        // The project's own memes on every machine: what is measured is the claims protocol, which HarMeme's
        // 177 memes would only make four times slower.
        dataset = SyntheticMemes.write(solo.resolve("memes"), SyntheticMemes.CAPTIONS.size());
        server = SimulatedModelServer.start();
        server.configure(new SimSettings(20, 0.3, 0, 0, 0, 0, 0, 0, 0, 0, 3));
        Process run = ChildRuns.launch(
                server,
                dataset,
                solo.resolve("solo.db").toString(),
                solo.resolve("out"),
                solo.resolve("solo.log"),
                Map.of());
        assertTrue(
                run.waitFor(10, TimeUnit.MINUTES) && run.exitValue() == 0,
                "the unsharded run: " + solo.resolve("solo.log"));
        soloCalls = server.answered().size();
        soloAsked = counts(server.answered());
        Files.move(solo.resolve("out"), dir.resolve("solo"));
        System.out.printf("unsharded run on SQLite (%s): %d answers%n", dataset, soloCalls);
    }

    @AfterAll
    void stopServer() {
        server.close();
    }

    @Test
    void fourShardsOnOnePostgresPayForEachCallOnceAndMergeToTheUnshardedRun() throws Exception {
        String url = EmbeddedPostgresServer.newDatabase("shards");
        long before = server.answered().size();
        long requestsBefore = server.requestsServed();
        List<Process> shards = new ArrayList<>();
        for (int i = 1; i <= SHARDS; i++) {
            shards.add(shard(url, i, "together"));
        }
        for (int i = 0; i < SHARDS; i++) {
            assertTrue(
                    shards.get(i).waitFor(10, TimeUnit.MINUTES) && shards.get(i).exitValue() == 0,
                    "shard " + (i + 1) + ": " + log(i + 1, "together"));
        }
        List<String> answered =
                server.answered().subList((int) before, server.answered().size());
        long[] perShard = new long[SHARDS];
        for (int i = 0; i < SHARDS; i++) {
            perShard[i] = paidCalls(output(i + 1, "together"));
        }
        System.out.printf(
                "4 shards on one PostgreSQL: calls per shard %s, %d in total; unsharded %d%n",
                Arrays.toString(perShard), answered.size(), soloCalls);
        assertEquals(soloAsked, counts(answered), "the shards together ask what the unsharded run asks, as often");
        assertEquals(
                server.requestsServed() - requestsBefore,
                Arrays.stream(perShard).sum(),
                "each shard's usage counts what it paid");
        assertMergedEqualsSolo("together");
    }

    @Test
    void aShardKilledMidwayAndStartedAgainPaysForNoAnswerTwice() throws Exception {
        String url = EmbeddedPostgresServer.newDatabase("killed");
        long before = server.answered().size();
        List<Process> shards = new ArrayList<>();
        for (int i = 1; i <= SHARDS; i++) {
            shards.add(shard(url, i, "killed"));
        }
        // Killed once the four have made about a third of the calls: mining is shared and under way.
        while (server.answered().size() - before < soloCalls / 3
                && shards.get(1).isAlive()) {
            Thread.sleep(20);
        }
        assertTrue(shards.get(1).isAlive(), "shard 2 was still running when it was to be killed");
        // Frozen first, so its claims can be read while its sessions still hold them: every call it has
        // asked for and not stored is one claim, one answer, whatever the timing (a call for three
        // replicas' choices holds three). Then SIGKILL: no shutdown hook, no closing of connections.
        long frozen = shards.get(1).pid();
        signal("STOP", frozen);
        long claimsAtKill = claimsOf(url, frozen);
        shards.get(1).destroyForcibly().waitFor();
        long atKill = server.answered().size() - before;
        Process restarted = shard(url, 2, "killed-again");
        for (Process p : List.of(shards.get(0), shards.get(2), shards.get(3), restarted)) {
            assertTrue(p.waitFor(10, TimeUnit.MINUTES) && p.exitValue() == 0, "a shard of the killed run: " + dir);
        }
        List<String> answered =
                server.answered().subList((int) before, server.answered().size());
        Map<String, Long> asked = counts(answered);
        assertEquals(soloAsked.keySet(), asked.keySet(), "every call of the unsharded run, no other");
        long twice = asked.entrySet().stream()
                .mapToLong(e -> e.getValue() - soloAsked.get(e.getKey()))
                .sum();
        System.out.printf(
                "shard 2 killed after %d of %d answers, holding %d claims, and started again: %d answers in"
                        + " total, %d paid twice%n",
                atKill, soloCalls, claimsAtKill, answered.size(), twice);
        // An answer the killed shard had stored is never paid again: only those still under its claims (asked
        // of the endpoint, never stored) can be asked a second time.
        assertTrue(
                twice <= claimsAtKill,
                twice + " answers paid twice, but the killed shard held only " + claimsAtKill
                        + " claims: an answer it had been paid for was lost");
        // What the killed shard left (the pictures it had shown, a partial log) gives way to its second run's output.
        if (Files.exists(output(2, "killed"))) {
            try (Stream<Path> left = Files.walk(output(2, "killed"))) {
                for (Path p : left.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.move(output(2, "killed-again"), output(2, "killed"));
        assertMergedEqualsSolo("killed");
    }

    private Process shard(String url, int index, String run) throws Exception {
        Map<String, String> environment = new HashMap<>();
        environment.put("PGUSER", EmbeddedPostgresServer.superuser());
        return ChildRuns.launch(
                server,
                dataset,
                url,
                output(index, run),
                dir.resolve(run + "-" + index + ".log"),
                environment,
                "adammeme.shard=" + index + "/" + SHARDS,
                "adammeme.concurrency=" + CONCURRENCY);
    }

    private Path output(int index, String run) {
        return dir.resolve(run + "-shard-" + index);
    }

    private Path log(int index, String run) {
        return dir.resolve(run + "-" + index + ".log");
    }

    private void assertMergedEqualsSolo(String run) throws Exception {
        List<Path> outputs = new ArrayList<>();
        for (int i = 1; i <= SHARDS; i++) {
            outputs.add(output(i, run));
        }
        Path merged = dir.resolve(run + "-merged");
        ShardMerge.merge(outputs, merged);
        JsonNode solo = JSON.readTree(
                dir.resolve("solo").resolve(EvaluationWriter.SUMMARY).toFile());
        JsonNode together =
                JSON.readTree(merged.resolve(EvaluationWriter.SUMMARY).toFile());
        assertEquals(solo.path("metrics"), together.path("metrics"), run + ": the merged figures");
        assertEquals(
                new TreeSet<>(EvaluationWriter.sampleLines(dir.resolve("solo"))),
                new TreeSet<>(EvaluationWriter.sampleLines(merged)),
                run + ": the merged samples");
    }

    /** Sends a signal to a child JVM: STOP freezes it with its connections open. */
    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                .inheritIO()
                .start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + name + " " + pid);
    }

    /** The calls a worker has claimed, by its process id (a claim's owner is "pid@host/uuid"). */
    private static long claimsOf(String url, long pid) throws Exception {
        try (Connection c = DriverManager.getConnection(url, EmbeddedPostgresServer.superuser(), "");
                PreparedStatement q =
                        c.prepareStatement("SELECT count(*) FROM claims WHERE owner LIKE ? AND key NOT LIKE ?")) {
            q.setString(1, pid + "@%");
            q.setString(2, "attempt %"); // the run's own lease, not a call
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static long paidCalls(Path output) throws Exception {
        JsonNode summary =
                JSON.readTree(output.resolve(EvaluationWriter.SUMMARY).toFile());
        long calls = 0;
        for (JsonNode line : summary.path("usage")) {
            calls += line.path("calls").asLong();
        }
        return calls;
    }

    private static Map<String, Long> counts(List<String> answered) {
        return answered.stream().collect(Collectors.groupingBy(a -> a, TreeMap::new, Collectors.counting()));
    }
}
