package io.github.adammeme.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.cli.internal.GateCommand;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (a CI job cancelled, a container stopped; Ctrl-C is the same path) mid-run: the command line's JVM
 * ends with the shell's status for it, and before it goes says how far the run got and where its paid answers
 * are, on stderr and in summary.json, with no figures a gate could take.
 */
class InterruptedCommandTest {

    @TempDir
    Path dir;

    @Test
    void sigtermMidRunSaysHowFarItGotAndWhereItsAnswersAre() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), 16);
        Path cache = dir.resolve("cache.db");
        Path out = dir.resolve("out");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "adammeme.dataset=" + dataset,
                "adammeme.target.model=sim:keyword",
                "adammeme.seeds=1",
                "adammeme.iterations=1",
                "adammeme.text-erasure=none",
                "adammeme.progress=false",
                "adammeme.sim.latency-ms=200",
                "adammeme.cache=" + cache,
                "adammeme.output-dir=" + out));
        Path stdout = dir.resolve("stdout.log");
        Path stderr = dir.resolve("stderr.log");
        Process p = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (storedAnswers(cache) < 5) {
                assertTrue(p.isAlive(), "the run was still going: " + Files.readString(stderr));
                assertTrue(System.nanoTime() < deadline, "5 answers stored within 90 s");
                Thread.sleep(100);
            }
            long sent = System.nanoTime();
            p.destroy();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the JVM ended after SIGTERM");
            double seconds = (System.nanoTime() - sent) / 1e9;
            String err = Files.readString(stderr);
            assertEquals(143, p.exitValue(), "the status a shell gives SIGTERM: " + err);
            String line = err.lines()
                    .filter(l -> l.startsWith("adammeme: interrupted "))
                    .findFirst()
                    .orElse("");
            assertTrue(
                    line.contains(" answers paid for, kept in the call cache " + cache
                            + "; run the same command again to resume from the cache"),
                    err);
            assertFalse(err.contains("\tat "), "no stack trace: " + err);
            assertFalse(Files.readString(stdout).contains("RUN LOST"), Files.readString(stdout));

            JsonNode summary =
                    new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            assertTrue(
                    summary.path("interrupted").asBoolean(false)
                            && summary.path("lost").asBoolean(false),
                    summary.toString());
            assertEquals(
                    line.substring("adammeme: ".length()),
                    summary.path("reason").asText());
            assertTrue(summary.path("metrics").isMissingNode(), "no figures: " + summary);
            System.out.printf(
                    "SIGTERM mid-run: exit %d after %.2f s; %s; %d answers in the cache%n",
                    p.exitValue(), seconds, line, storedAnswers(cache));

            ByteArrayOutputStream gate = new ByteArrayOutputStream();
            PrintStream gateOut = new PrintStream(gate, true, StandardCharsets.UTF_8);
            assertEquals(
                    2,
                    GateCommand.run(
                            new String[] {out.toString(), "adammeme.gate.max-fr=25%"}, Map.of(), gateOut, gateOut));
            assertTrue(
                    gate.toString(StandardCharsets.UTF_8).contains("the run was interrupted"),
                    gate.toString(StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
        }
    }

    /** The answers the run's cache holds, read as another process would while the run goes on. */
    private static int storedAnswers(Path cache) {
        if (!Files.exists(cache)) {
            return 0;
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + cache);
                ResultSet rows = c.createStatement().executeQuery("SELECT COUNT(*) FROM calls")) {
            return rows.next() ? rows.getInt(1) : 0;
        } catch (SQLException notYet) {
            return 0; // the table is not there yet, or the file is being set up
        }
    }
}
