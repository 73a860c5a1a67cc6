package io.github.adammeme.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.report.run.RunFolderLock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/**
 * Bad places for a run's files, as a build meets them: a run file that cannot be written (a full disk), reports that
 * cannot, an output folder another run holds (in this JVM or another process), and a call cache whose native library
 * cannot load. Each ends in a named line, and once the figures exist none of them loses the figures. A JVM of its own
 * only where one JVM cannot show it: another process's lock, a driver's natives that this JVM has already loaded.
 */
class BadInputRunFilesTest {

    @TempDir
    static Path dir;

    private static Path memes;

    @BeforeAll
    static void memes() throws IOException {
        memes = SyntheticMemes.write(dir.resolve("memes"), 3);
    }

    /** The keyword suite on three memes, the pictures shown as they are: what is tested here is where files go. */
    private static EngineExecutionResults run(Path out) {
        return BadInputRuns.kit(memes, out, "adammeme.text-erasure", "none").execute();
    }

    /** The tests that failed, by name, with their messages. */
    private static List<String> failed(EngineExecutionResults results) {
        return results.testEvents().failed().list().stream()
                .map(e -> e.getTestDescriptor().getDisplayName() + ": "
                        + e.getPayload(TestExecutionResult.class)
                                .flatMap(TestExecutionResult::getThrowable)
                                .map(Throwable::getMessage)
                                .orElse(""))
                .toList();
    }

    private static boolean succeeded(EngineExecutionResults results, String test) {
        return results.testEvents().succeeded().list().stream()
                .map(Event::getTestDescriptor)
                .anyMatch(d -> d.getDisplayName().equals(test));
    }

    private static JsonNode summary(Path out) throws IOException {
        return BadInputRuns.JSON.readTree(out.resolve("summary.json").toFile());
    }

    @Test
    void aRunFileThatCannotBeWrittenIsNamedAndTheFiguresAreStillReported() throws IOException {
        Path out = dir.resolve("unsaved");
        // A folder where samples.jsonl's copy must be written: the write fails as on a full disk.
        Files.createDirectories(out.resolve("samples.jsonl.tmp"));
        Files.writeString(out.resolve("summary.json"), "{\"run\": {\"target\": \"an earlier run\"}}");

        EngineExecutionResults results = run(out);

        assertTrue(succeeded(results, "FR summary: overall"), "the figures are reported: " + failed(results));
        String samples = out.toAbsolutePath().resolve("samples.jsonl").toString();
        List<String> failed =
                failed(results).stream().filter(f -> f.startsWith("the run ")).toList();
        assertEquals(1, failed.size(), failed(results).toString());
        assertTrue(
                failed.get(0)
                        .startsWith("the run could not be saved: the AdamMeme run could not be saved: cannot write "
                                + samples + ": "),
                failed.get(0));
        assertTrue(
                failed.get(0)
                        .endsWith("; its figures are in the tests above and on the console, not in "
                                + out.resolve("summary.json")),
                failed.get(0));
        JsonNode summary = summary(out);
        assertTrue(
                summary.path("lost").asBoolean(false), "an earlier run's summary is not left to be read as this one's");
        assertTrue(summary.path("reason").asText().startsWith("cannot write " + samples), summary.toString());
    }

    @Test
    void reportsThatCannotBeWrittenAreLeftOutAndTheRunKeepsItsFigures() throws IOException {
        Path out = dir.resolve("reports");
        Files.createDirectories(out.resolve("summary.md"));
        Files.createDirectories(out);
        Files.writeString(out.resolve("charts"), "a file where the charts' folder goes");

        EngineExecutionResults results = run(out);

        assertEquals(
                List.of(),
                failed(results).stream().filter(f -> f.startsWith("the run ")).toList());
        assertTrue(succeeded(results, "FR summary: overall"));
        JsonNode summary = summary(out);
        assertFalse(summary.path("lost").asBoolean(false), summary.toString());
        assertTrue(summary.at("/metrics/withRefinementsOverall/samples").asInt() > 0, summary.toString());
        assertTrue(
                Files.isRegularFile(out.resolve("samples.jsonl")) && Files.isRegularFile(out.resolve("memes.jsonl")));
    }

    @Test
    @SuppressWarnings("try") // the lock is a guard: holding it is its use
    void aFolderAnotherRunOfThisProcessHoldsIsNamedWithItsHolderAndLeftAsItWas() throws IOException {
        Path out = dir.resolve("held");
        try (RunFolderLock held = RunFolderLock.take(out, "the other run of this test")) {
            EngineExecutionResults results = run(out);

            List<String> failed = failed(results);
            assertEquals(1, failed.size(), failed.toString());
            assertTrue(
                    failed.get(0)
                            .startsWith("the run did not start: the AdamMeme run did not start: the output folder "
                                    + out.toAbsolutePath() + " is in use by another run (pid "
                                    + ProcessHandle.current().pid() + " on "),
                    failed.get(0));
            assertTrue(
                    failed.get(0)
                            .contains(": the other run of this test): two runs in one folder would write over each"
                                    + " other's files; wait for it to end, or give this run another adammeme.output-dir; nothing of it was"
                                    + " written to " + out),
                    failed.get(0));
            try (Stream<Path> files = Files.list(out)) {
                assertEquals(
                        List.of(RunFolderLock.FILE),
                        files.map(f -> f.getFileName().toString()).toList());
            }
        }
    }

    @Test
    @SuppressWarnings("try") // the lock is a guard: holding it is its use
    void aFolderThisProcessHoldsStopsTheCommandLineOfAnotherAtOnce() throws Exception {
        Path out = dir.resolve("held-across");
        try (RunFolderLock held = RunFolderLock.take(out, "the engine's run in the test JVM")) {
            Child c = child(
                    List.of(),
                    "io.github.adammeme.cli.Main",
                    "adammeme.dataset=" + memes,
                    "adammeme.cache=memory",
                    "adammeme.text-erasure=none",
                    "adammeme.progress=false",
                    "adammeme.output-dir=" + out);

            assertEquals(2, c.exit(), c.err());
            List<String> lines = c.err().lines().toList();
            assertEquals(1, lines.size(), c.err());
            assertTrue(
                    lines.get(0)
                            .startsWith("adammeme: the output folder " + out.toAbsolutePath() + " is in use by another"
                                    + " run (pid " + ProcessHandle.current().pid() + " on "),
                    lines.get(0));
            assertTrue(lines.get(0).contains(": the engine's run in the test JVM): "), lines.get(0));
            assertFalse(Files.exists(out.resolve("summary.json")), "nothing written into the other run's folder");
        }
    }

    @Test
    void aCacheWhoseNativeLibraryCannotLoadIsNamedAtEachDiscoveryWithoutATrace() throws Exception {
        Path cache = dir.resolve("natives-cache").resolve("cache.db");
        Path notAFolder = Files.writeString(dir.resolve("a-file"), "").resolve("sqlite");
        // Discovered twice, as Surefire does: the driver said "Error opening connection" the first time and threw an
        // UnsatisfiedLinkError the second, which lost the suite. A dry run reads the cache for its plan, and calls
        // nothing.
        Child c = child(
                List.of("-Dorg.sqlite.tmpdir=" + notAFolder),
                BadInputChild.class.getName(),
                "adammeme.dataset=" + memes,
                "adammeme.dry-run=true",
                "adammeme.progress=false",
                "adammeme.cache=" + cache,
                "adammeme.output-dir=" + dir.resolve("natives"));

        String problem = "cannot open the call cache " + cache + ": SQLite's native library cannot be loaded"
                + " (NativeLibraryNotFoundException): sqlite-jdbc unpacks it into " + notAFolder
                + " (org.sqlite.tmpdir, else"
                + " java.io.tmpdir), which is not a folder; point org.sqlite.tmpdir at a writable local folder";
        assertTrue(
                c.out()
                        .contains("discovery issue (WARNING): " + Suites.Keyword.class.getName() + ": " + problem
                                + "; this run will keep its answers in memory"),
                c.out());
        assertFalse(
                c.out().contains("resolution failed")
                        || c.out().contains("UnsatisfiedLinkError")
                        || c.err().contains("UnsatisfiedLinkError"),
                c.out() + c.err());
        assertTrue(c.out().contains("bad-input child: 1 tests finished, 0 failed"), "the plan's test ran: " + c.out());
    }

    record Child(int exit, String out, String err) {}

    /** A JVM of its own on the test class path, for what one JVM cannot show: another process, a driver's natives. */
    private static Child child(List<String> jvm, String main, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path")));
        command.addAll(jvm);
        command.add(main);
        command.addAll(List.of(args));
        Path stdout = Files.createTempFile(dir, "child", ".out");
        Path stderr = Files.createTempFile(dir, "child", ".err");
        Process p = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the child JVM " + main + " did not end");
        }
        return new Child(
                p.exitValue(),
                Files.readString(stdout, StandardCharsets.UTF_8),
                Files.readString(stderr, StandardCharsets.UTF_8));
    }
}
