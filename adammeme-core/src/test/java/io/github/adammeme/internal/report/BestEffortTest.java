package io.github.adammeme.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import org.junit.jupiter.api.Test;

/**
 * What runs after a run's figures are written fails on its own: one line names the part and why, an {@link Error}
 * included (sqlite's natives failing to load throw one), and the run goes on; only the JVM's own failures stop it.
 */
class BestEffortTest {

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(said, true, StandardCharsets.UTF_8);

    private String said() {
        return said.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anErrorFromANativeLibraryLeavesThePartOutInOneLine() {
        boolean done = BestEffort.attempt(
                "the run's record in the cache .adammeme/cache.db",
                () -> {
                    throw new UnsatisfiedLinkError("'void org.sqlite.core.NativeDB._open_utf8(byte[], int)'");
                },
                err);
        assertFalse(done);
        assertEquals(
                "adammeme: left out the run's record in the cache .adammeme/cache.db: UnsatisfiedLinkError: 'void"
                        + " org.sqlite.core.NativeDB._open_utf8(byte[], int)'\n",
                said());
    }

    @Test
    void aCauseWithoutWordsOfItsOwnIsNamedByItsKind() {
        BestEffort.attempt(
                "the charts in target/run-a",
                () -> {
                    throw new UncheckedIOException(
                            "cannot write charts to target/run-a/charts",
                            new FileAlreadyExistsException("target/run-a/charts"));
                },
                err);
        assertEquals(
                "adammeme: left out the charts in target/run-a: UncheckedIOException: cannot write charts to"
                        + " target/run-a/charts (FileAlreadyExistsException)\n",
                said());
    }

    @Test
    void aMessageOfManyLinesOrAThousandCharactersStaysOneShortLine() {
        BestEffort.attempt(
                "summary.md in target/run-a",
                () -> {
                    throw new IOException("first line\n[INFO] BUILD SUCCESS\n" + "x".repeat(1000));
                },
                err);
        String line = said();
        assertEquals(1, line.lines().count(), line);
        assertTrue(
                line.contains("first line\\n[INFO] BUILD SUCCESS\\nxxx")
                        && line.strip().endsWith("..."),
                line);
        assertTrue(line.length() < 500, line);
    }

    @Test
    void theJvmsOwnFailureIsNotSwallowed() {
        assertThrows(
                OutOfMemoryError.class,
                () -> BestEffort.attempt(
                        "the history",
                        () -> {
                            throw new OutOfMemoryError("Java heap space");
                        },
                        err));
        assertEquals("", said());
    }

    @Test
    void aPartThatWorksSaysNothing() {
        assertTrue(BestEffort.attempt("summary.md in target/run-a", () -> {}, err));
        assertEquals("", said());
    }
}
