package io.github.adammeme.llm;

import com.zaxxer.hikari.HikariDataSource;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The call cache on PostgreSQL, for shards on many machines: the claims protocol of the SQLite cache
 * (a call being made is claimed; others wait for its answer; a dead worker's claims are taken over),
 * with death seen by the database itself. Every claim carries the session of a connection this
 * process holds open for its whole life; a worker killed on any machine drops that session, and its
 * claims are free at once, where on SQLite only a process of the same host can be seen to be dead.
 */
final class PostgresCallCache implements CallCache {

    /** Threads of one run calling at once; more connections than that would sit idle. */
    private static final int POOL_SIZE = 8;
    static final Duration STALE_CLAIM = Duration.ofMinutes(CacheSchema.STALE_CLAIM_MINUTES);

    private final PostgresDatabase database;
    private final HikariDataSource pool;
    /** Held open, never used for work: its session is what marks this worker's claims as alive. */
    private final Connection lifeline;
    private final long session;
    private final String owner = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID();
    /** Counts the answers and releases heard of, so a waiter wakes when another worker finishes a call. */
    private final Object heard = new Object();
    private long heardCount;
    private final Thread listener;

    /** Where a worker says that one of its calls was answered or given up. */
    private static final String CHANNEL = "adammeme_calls";

    PostgresCallCache(PostgresDatabase database) {
        this.database = database;
        try {
            lifeline = database.connect();
            try (Statement s = lifeline.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                session = rs.getLong(1);
            }
            try (Statement s = lifeline.createStatement()) {
                s.execute("LISTEN " + CHANNEL);
            }
            pool = database.pool(POOL_SIZE);
        } catch (SQLException | RuntimeException e) {
            throw new IllegalStateException("cannot open the call cache " + database.name() + ": "
                    + Secrets.redact(e.getMessage()), e);
        }
        listener = new Thread(this::listen, "adammeme-cache-listener");
        listener.setDaemon(true);
        listener.start();
    }

    /**
     * Hears other workers' answers as they commit. Workers waiting on a claim used to poll every 200 ms,
     * and four shards mining the same memes spent most of their time waiting out that period.
     */
    private void listen() {
        try {
            PGConnection pg = lifeline.unwrap(PGConnection.class);
            while (!Thread.currentThread().isInterrupted()) {
                PGNotification[] notifications = pg.getNotifications(1000);
                if (notifications != null && notifications.length > 0) {
                    synchronized (heard) {
                        heardCount += notifications.length;
                        heard.notifyAll();
                    }
                }
            }
        } catch (SQLException e) {
            // closed, or the lifeline dropped: waiters fall back on waiting out their time
        }
    }

    @Override
    public void awaitOthers(long maxMillis) throws InterruptedException {
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        synchronized (heard) {
            long seen = heardCount;
            long left;
            while (heardCount == seen && (left = deadline - System.nanoTime()) > 0) {
                heard.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    private static void announce(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("NOTIFY " + CHANNEL); // delivered when the transaction commits
        }
    }

    @Override
    public Optional<ChatResponse> get(String key) {
        // The read and the last-used mark in one round trip.
        try (Connection c = pool.getConnection(); PreparedStatement q = c.prepareStatement(
                "UPDATE calls SET last_used_at = ? WHERE key = ? "
                        + "RETURNING " + CallRows.ANSWER)) {
            q.setString(1, Instant.now().toString());
            q.setString(2, key);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? Optional.of(CallRows.answer(rs)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failure("read", e);
        }
    }

    @Override
    public void put(String key, Meta meta, ChatResponse response) {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO calls (" + CallRows.COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET content = excluded.content,"
                    + " refusal = excluded.refusal, finish_reason = excluded.finish_reason,"
                    + " prompt_tokens = excluded.prompt_tokens, completion_tokens = excluded.completion_tokens,"
                    + " last_used_at = excluded.last_used_at");
                 PreparedStatement unclaim = c.prepareStatement("DELETE FROM claims WHERE key = ?")) {
                CallRows.bind(insert, key, meta, response);
                insert.executeUpdate();
                // The answer and the end of its claim together: no moment when the claim is gone and no answer there.
                unclaim.setString(1, key);
                unclaim.executeUpdate();
                announce(c);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failure("write", e);
        }
    }

    @Override
    public boolean claim(String key) {
        // One statement takes a free key, a claim already ours, a stale claim, or the claim of a session that
        // is gone; a live claim of another worker stays, and then no row comes back.
        try (Connection c = pool.getConnection(); PreparedStatement take = c.prepareStatement(
                "INSERT INTO claims (key, owner, claimed_at, session) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE"
                        + " SET owner = excluded.owner, claimed_at = excluded.claimed_at, session = excluded.session"
                        + " WHERE claims.owner = excluded.owner OR claims.claimed_at < ?"
                        + " OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = claims.session)"
                        + " RETURNING owner")) {
            long now = Instant.now().toEpochMilli();
            take.setString(1, key);
            take.setString(2, owner);
            take.setLong(3, now);
            take.setLong(4, session);
            take.setLong(5, now - STALE_CLAIM.toMillis());
            try (ResultSet rs = take.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw failure("claim a call in", e);
        }
    }

    @Override
    public void release(String key) {
        try (Connection c = pool.getConnection();
             PreparedStatement d = c.prepareStatement("DELETE FROM claims WHERE key = ? AND owner = ?")) {
            d.setString(1, key);
            d.setString(2, owner);
            d.executeUpdate();
            announce(c);
        } catch (SQLException e) {
            throw failure("release a claim in", e);
        }
    }

    private IllegalStateException failure(String what, SQLException e) {
        return new IllegalStateException("cannot " + what + " the call cache " + database.name() + ": "
                + Secrets.redact(e.getMessage()), e);
    }

    @Override
    public void close() {
        listener.interrupt();
        pool.close();
        try {
            lifeline.close();
        } catch (SQLException e) {
            // the session ends with the process anyway, and with it this worker's claims
        }
    }
}
