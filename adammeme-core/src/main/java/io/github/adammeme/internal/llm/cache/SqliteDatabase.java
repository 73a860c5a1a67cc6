package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.apiguardian.api.API;
import org.sqlite.SQLiteConfig;

/** The embedded cache database: one SQLite file in WAL mode, shared by the processes of one machine. */
@API(status = INTERNAL, since = "0.1.0")
public record SqliteDatabase(Path file) implements CacheDatabase {

    /** Where a run keeps its calls unless told otherwise: beside the build, so runs of a project share it. */
    public static final Path DEFAULT_FILE = Path.of(".adammeme", "cache.db");

    @Override
    public Connection connect() throws SQLException {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new SQLException("cannot create the folder of " + file + ": " + e.getMessage(), e);
        }
        SqliteNatives.load();
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        try (Statement s = c.createStatement()) {
            // Another process may hold the write lock for a moment; wait rather than fail.
            s.execute("PRAGMA busy_timeout = 30000");
            s.execute("PRAGMA journal_mode = WAL");
            s.execute("PRAGMA synchronous = NORMAL");
            // The write lock first, so two processes opening a new file do not both migrate it.
            s.execute("BEGIN IMMEDIATE");
            try {
                CacheSchema.migrate(c, name());
                s.execute("COMMIT");
            } catch (SQLException e) {
                s.execute("ROLLBACK");
                throw e;
            }
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    @Override
    public Optional<Connection> connectToRead() throws SQLException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        SqliteNatives.load();
        SQLiteConfig readOnly = new SQLiteConfig();
        readOnly.setReadOnly(true);
        readOnly.setBusyTimeout(30_000);
        return Optional.of(DriverManager.getConnection("jdbc:sqlite:" + file, readOnly.toProperties()));
    }

    @Override
    public String name() {
        return file.toString();
    }

    @Override
    public CallCache openDurable() {
        return new SqliteCallCache(this);
    }

    @Override
    public String toString() {
        return file.toString();
    }
}
