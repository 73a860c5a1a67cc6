package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The durable cache: one SQLite file (WAL mode), shared by runs, targets and processes. Every
 * answer is committed before it is used, so a run killed at any point and started again pays
 * for no completed call twice. The {@code calls} table is meant to be queried by people:
 * {@code sqlite3 .adammeme/cache.db "select role, model, count(*) from calls group by 1, 2"}.
 * It holds answers and their metadata, never a prompt's secrets (there are none) or an API key.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class SqliteCallCache implements CallCache {

    /** A claim older than this is taken to belong to a process that died. */
    static final Duration STALE_CLAIM = Duration.ofMinutes(CacheSchema.STALE_CLAIM_MINUTES);

    private final Path file;
    private final Connection connection;
    /** Prepared once per connection: preparing a statement on every use cost two thirds as much CPU as running it. */
    private final Statements statements;

    private final SqliteClaims claims;
    /** The attempt of a run that pays for the answers stored now, or null. */
    private volatile @Nullable String paidBy;

    /**
     * Opens the file, creating its tables when it has none.
     *
     * @param file the SQLite file
     * @throws IllegalStateException when it cannot be opened
     */
    public SqliteCallCache(Path file) {
        this(new SqliteDatabase(file));
    }

    /**
     * @param database the cache database, created if missing
     * @throws IllegalStateException when it cannot be opened
     */
    public SqliteCallCache(SqliteDatabase database) {
        this.file = database.file();
        try {
            connection = database.connect();
            statements = new Statements(connection);
            claims = new SqliteClaims(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open the call cache " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the SQLite file */
    public Path file() {
        return file;
    }

    @Override
    public synchronized Optional<ChatResponse> get(String key) {
        ChatResponse response;
        try {
            PreparedStatement q = statements.select;
            q.setString(1, key);
            try (ResultSet rs = q.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                response = CallRows.answer(rs);
            }
        } catch (SQLException e) {
            throw failure("read", e);
        }
        // Only after the read has ended: a write inside a read transaction fails with SQLITE_BUSY_SNAPSHOT
        // whenever another process has written since the read began.
        touch(key);
        return Optional.of(response);
    }

    /** Marks a row as used, for pruning. Best effort: a busy file must not turn a cache hit into a failure. */
    private void touch(String key) {
        try {
            PreparedStatement u = statements.touch;
            u.setString(1, Instant.now().toString());
            u.setString(2, key);
            u.executeUpdate();
        } catch (SQLException e) {
            // the answer is there and correct; only its last-used time is older than it could be
        }
    }

    @Override
    public synchronized void put(String key, Meta meta, ChatResponse response) {
        // The answer and the end of its claim in one transaction: one commit instead of two, and no
        // moment when another process sees the claim gone but no answer.
        inTransaction("write", () -> {
            CallRows.bind(statements.insert, key, meta, response, paidBy);
            statements.insert.executeUpdate();
            statements.unclaim.setString(1, key);
            statements.unclaim.executeUpdate();
        });
    }

    @Override
    public boolean outlivesProcess() {
        return true;
    }

    @Override
    public synchronized boolean claim(String key) {
        try {
            return claims.claim(key);
        } catch (SQLException e) {
            throw failure("claim a call in", e);
        }
    }

    @Override
    public synchronized void release(String key) {
        try {
            claims.release(key);
        } catch (SQLException e) {
            throw failure("release a claim in", e);
        }
    }

    @Override
    public synchronized void paidBy(String attempt) {
        paidBy = attempt;
        try {
            claims.claim(PaidAttempts.lease(attempt));
        } catch (SQLException e) {
            throw failure("claim a call in", e);
        }
    }

    @Override
    public synchronized Optional<String> resumable(String run) {
        try {
            return PaidAttempts.resumable(connection, run, (c, other) -> claims.abandoned(PaidAttempts.lease(other)));
        } catch (SQLException e) {
            throw failure("read", e);
        }
    }

    @Override
    public synchronized List<Paid> unfinishedAttempts() {
        if (paidBy == null) {
            return List.of();
        }
        try {
            return PaidAttempts.adopt(connection, paidBy, (c, other) -> claims.abandoned(PaidAttempts.lease(other)));
        } catch (SQLException e) {
            throw failure("read", e);
        }
    }

    @Override
    public synchronized void attemptFinished() {
        if (paidBy != null) {
            try {
                PaidAttempts.finished(connection, paidBy);
            } catch (SQLException e) {
                throw failure("write", e);
            }
        }
    }

    /**
     * How many answers the cache holds.
     *
     * @return the number of stored answers
     */
    public synchronized long size() {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM calls")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw failure("read", e);
        }
    }

    /**
     * Rows and tokens per role and model, as a user would query them.
     *
     * @return a table of them, as text
     */
    public synchronized String stats() {
        try {
            return CacheMaintenance.stats(connection);
        } catch (SQLException e) {
            throw failure("read", e);
        }
    }

    /**
     * Deletes calls not used for {@code age}, or only those of one model; returns how many went.
     *
     * @param age how long a call may go unused and stay
     * @param model the only model whose calls go, or null for every model
     * @return how many calls were deleted
     */
    public synchronized int prune(Duration age, @Nullable String model) {
        try {
            int removed = CacheMaintenance.prune(connection, age, model);
            try (Statement s = connection.createStatement()) {
                s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
            return removed;
        } catch (SQLException e) {
            throw failure("prune", e);
        }
    }

    private interface Work {
        void run() throws SQLException;
    }

    private void inTransaction(String what, Work work) {
        try {
            connection.setAutoCommit(false);
            try {
                work.run();
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    private IllegalStateException failure(String what, SQLException e) {
        return new IllegalStateException("cannot " + what + " the call cache " + file + ": " + e.getMessage(), e);
    }

    @Override
    public synchronized void close() {
        try {
            if (paidBy != null) {
                claims.release(
                        PaidAttempts.lease(paidBy)); // an attempt that did not finish leaves its answers to the next
            }
            // Calls still under way when a run stops can no longer store their answers here; their claims would
            // hold up the next run of this same process, whose owner looks alive, until they went stale.
            claims.releaseAll();
            connection.close();
        } catch (SQLException e) {
            throw new UncheckedIOException(new IOException("cannot close the call cache " + file, e));
        }
    }

    /** The statements of the hot path, on the cache's one connection (guarded by the cache's lock). */
    private static final class Statements {

        final PreparedStatement select;
        final PreparedStatement touch;
        final PreparedStatement insert;
        final PreparedStatement unclaim;

        Statements(Connection c) throws SQLException {
            select = c.prepareStatement("SELECT " + CallRows.ANSWER + " FROM calls WHERE key = ?");
            touch = c.prepareStatement("UPDATE calls SET last_used_at = ? WHERE key = ?");
            insert = c.prepareStatement("INSERT OR REPLACE INTO calls (" + CallRows.COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
            unclaim = c.prepareStatement("DELETE FROM claims WHERE key = ?");
        }
    }
}
