package io.github.adammeme.internal.llm.cache;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.sqlite.SQLiteJDBCLoader;

/**
 * SQLite's native library, which sqlite-jdbc unpacks into a temporary folder before the first connection. When that
 * fails (the folder full, read-only, missing or mounted noexec) the driver says only "Error opening connection" the
 * first time and throws an {@link UnsatisfiedLinkError} every time after; loading it first, here, turns both into one
 * error that names the folder, which every user of the database (the call cache, run records, history, baselines)
 * reports as it reports a database it cannot open.
 */
final class SqliteNatives {

    private SqliteNatives() {}

    /** @throws SQLException naming the folder the library is unpacked into, when it cannot be loaded */
    static void load() throws SQLException {
        try {
            SQLiteJDBCLoader.initialize();
        } catch (Exception | LinkageError e) {
            // The driver's own message lists every folder of java.library.path: the one to fix is the one named here.
            throw new SQLException("SQLite's native library cannot be loaded ("
                    + e.getClass().getSimpleName()
                    + "): sqlite-jdbc unpacks it into " + folder() + " (org.sqlite.tmpdir, else java.io.tmpdir), which "
                    + problem() + "; point org.sqlite.tmpdir at a writable local folder");
        }
    }

    /** The folder sqlite-jdbc unpacks into: a JVM fact it reads itself, not a setting of ours. */
    private static Path folder() {
        return Path.of(System.getProperty("org.sqlite.tmpdir", System.getProperty("java.io.tmpdir")))
                .toAbsolutePath();
    }

    private static String problem() {
        Path folder = folder();
        if (!Files.isDirectory(folder)) {
            return "is not a folder";
        }
        return Files.isWritable(folder) ? "may be full or mounted noexec" : "cannot be written";
    }
}
