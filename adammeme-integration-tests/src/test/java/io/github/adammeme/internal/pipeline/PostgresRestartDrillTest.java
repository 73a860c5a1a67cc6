package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.testing.EmbeddedPostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database of a CI matrix restarted under its workers: two workers in JVMs of their own run one
 * evaluation on one PostgreSQL server, which is stopped and started again mid-run. Counted at the
 * endpoint, a request is asked again only when it was in flight at the restart (at most one per claim
 * then held), no paid answer is missing from the shared cache afterwards, no claim is left behind, and
 * both workers' results are those of a run that saw no restart. Once with the server back at once, once
 * with it down for ten seconds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresRestartDrillTest {

    private static final int WORKERS = 2;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private SimulatedModelServer endpoint;
    private EmbeddedPostgresServer.Restartable database;
    private Path dataset;
    private Path solo;
    private long soloRequests;
    private long soloStored;
    /** How often the run without a restart asked each distinct request. */
    private Map<String, Long> soloAsked;

    @BeforeAll
    void runWithoutARestart() throws Exception {
        // The project's own memes on every machine: the drill measures the claims protocol, which HarMeme's 177
        // memes would only make four times slower.
        dataset = SyntheticMemes.write(dir.resolve("memes"), 16).toAbsolutePath();
        endpoint = SimulatedModelServer.start();
        endpoint.configure(new SimSettings(20, 0.3, 0, 0, 0, 0, 0, 0, 0, 0, 3));
        solo = dir.resolve("solo");
        Path cache = dir.resolve("solo.db");
        Process run = ChildRuns.launch(endpoint, dataset, cache.toString(), solo, dir.resolve("solo.log"), Map.of());
        assertTrue(
                run.waitFor(10, TimeUnit.MINUTES) && run.exitValue() == 0,
                "the run without a restart: " + dir.resolve("solo.log"));
        soloRequests = endpoint.requestsServed();
        soloAsked = counts(endpoint.answered());
        soloStored = count("jdbc:sqlite:" + cache, "SELECT count(*) FROM calls");
        database = EmbeddedPostgresServer.Restartable.start(dir.resolve("pgdata"));
    }

    @AfterAll
    void stop() {
        endpoint.close();
        database.close();
    }

    @Test
    void aRestartMidRunRepeatsNoMoreThanTheCallsInFlightAndLosesNoPaidAnswer() throws Exception {
        drill("restarted", Duration.ZERO);
    }

    @Test
    void aDatabaseDownForTenSecondsMidRunLosesNoPaidAnswerAndOrphansNoClaim() throws Exception {
        drill("down", Duration.ofSeconds(10));
    }

    private void drill(String name, Duration down) throws Exception {
        String url = database.newDatabase(name);
        int before = endpoint.answered().size();
        long requestsBefore = endpoint.requestsServed();
        List<Process> workers = new ArrayList<>();
        for (int i = 1; i <= WORKERS; i++) {
            Path home = Files.createDirectories(dir.resolve(name + "-home-" + i));
            // Workers of one version declared as such, so they share the target's answers as the agents': what the
            // drill measures is that none is paid twice across a restart, not that each run asks the target afresh.
            workers.add(ChildRuns.launchIn(
                    home,
                    endpoint,
                    dataset,
                    url,
                    output(name, i),
                    log(name, i),
                    Map.of("PGUSER", EmbeddedPostgresServer.superuser()),
                    "adammeme.target.revision=restart-drill"));
        }
        // Mid-run: a third of the calls made, mining shared between the workers and under way.
        while (endpoint.answered().size() - before < soloAsked.size() / 3
                && workers.stream().allMatch(Process::isAlive)) {
            Thread.sleep(20);
        }
        assertTrue(workers.stream().allMatch(Process::isAlive), "the workers were still running at the restart");
        // Frozen while the claims are counted, so the count is every call in flight at the stop, whatever the
        // timing; the server stops with their connections open, as a database host that restarts.
        for (Process w : workers) {
            signal("STOP", w.pid());
        }
        // A call's claim; each worker's attempt at the run holds one more, which is no call.
        long inFlight = count(url, "SELECT count(*) FROM claims WHERE key NOT LIKE 'attempt %'");
        long answeredAtRestart = endpoint.answered().size() - before;
        database.stop();
        for (Process w : workers) {
            signal("CONT", w.pid());
        }
        Thread.sleep(down.toMillis());
        database.start();
        for (int i = 0; i < WORKERS; i++) {
            assertTrue(
                    workers.get(i).waitFor(10, TimeUnit.MINUTES)
                            && workers.get(i).exitValue() == 0,
                    "worker " + (i + 1) + ": " + log(name, i + 1));
        }

        long requests = endpoint.requestsServed() - requestsBefore;
        Map<String, Long> asked =
                counts(endpoint.answered().subList(before, endpoint.answered().size()));
        assertEquals(soloAsked.keySet(), asked.keySet(), name + ": every request of the run, no other");
        long repeated = asked.entrySet().stream()
                .mapToLong(e -> e.getValue() - soloAsked.get(e.getKey()))
                .sum();
        long stored = count(url, "SELECT count(*) FROM calls");
        long claimsLeft = count(url, "SELECT count(*) FROM claims");
        long spooled = 0;
        for (int i = 1; i <= WORKERS; i++) {
            Path spool = dir.resolve(name + "-home-" + i).resolve(".adammeme").resolve("unstored-answers.jsonl");
            spooled += Files.exists(spool) ? Files.readAllLines(spool).size() : 0;
        }
        System.out.printf(
                "%d workers, database %s after %d of %d answers (%d calls in flight): %d requests against %d"
                        + " without a restart, %d repeated; %d answers stored of %d, %d left in a spool, %d claims left%n",
                WORKERS,
                down.isZero() ? "restarted" : "down " + down.toSeconds() + " s",
                answeredAtRestart,
                soloAsked.size(),
                inFlight,
                requests,
                soloRequests,
                repeated,
                stored,
                soloStored,
                spooled,
                claimsLeft);
        assertTrue(
                repeated <= inFlight,
                name + ": " + repeated + " requests asked again, but only " + inFlight
                        + " calls were in flight at the restart");
        assertEquals(soloStored, stored, name + ": every paid answer is in the shared cache (none paid and lost)");
        assertEquals(0, spooled, name + ": nothing is left waiting in a local spool");
        assertEquals(0, claimsLeft, name + ": no claim is orphaned");
        for (int i = 1; i <= WORKERS; i++) {
            assertEquals(metrics(solo), metrics(output(name, i)), name + ": worker " + i + "'s figures");
            assertEquals(
                    new TreeSet<>(EvaluationWriter.sampleLines(solo)),
                    new TreeSet<>(EvaluationWriter.sampleLines(output(name, i))),
                    name + ": worker " + i + "'s samples");
            assertFalse(
                    Files.readString(log(name, i)).contains("keeps its answers in memory"),
                    name + ": a restart is waited out, not taken for a cache that is gone: " + log(name, i));
        }
    }

    private static Path output(String name, int worker) {
        return dir.resolve(name + "-out-" + worker);
    }

    private static Path log(String name, int worker) {
        return dir.resolve(name + "-" + worker + ".log");
    }

    private static JsonNode metrics(Path output) throws Exception {
        return JSON.readTree(output.resolve(EvaluationWriter.SUMMARY).toFile()).path("metrics");
    }

    /** Sends a signal to a child JVM: STOP freezes it with its connections open, CONT lets it go on. */
    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                .inheritIO()
                .start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + name + " " + pid);
    }

    private static long count(String url, String query) throws Exception {
        try (Connection c = url.startsWith("jdbc:sqlite:")
                        ? DriverManager.getConnection(url)
                        : DriverManager.getConnection(url, EmbeddedPostgresServer.superuser(), "");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Map<String, Long> counts(List<String> answered) {
        return answered.stream().collect(Collectors.groupingBy(a -> a, TreeMap::new, Collectors.counting()));
    }
}
