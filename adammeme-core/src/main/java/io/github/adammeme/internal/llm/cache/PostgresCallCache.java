package io.github.adammeme.internal.llm.cache;

import com.zaxxer.hikari.HikariDataSource;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.text.Console;
import io.github.adammeme.internal.text.Secrets;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
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
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The call cache on PostgreSQL, for shards on many machines: the claims protocol of the SQLite cache
 * (a call being made is claimed; others wait for its answer; a dead worker's claims are taken over),
 * with death seen by the database itself. Every claim carries the session of a connection this
 * process holds open for its whole life (its {@link PostgresLifeline}); a worker killed on any machine
 * drops that session, and its claims are free at once, where on SQLite only a process of the same host
 * can be seen to be dead.
 *
 * <p>A server restart ends every session at once, the living workers' too. Each worker makes its
 * lifeline again as soon as the server is back and re-stamps its claims with the new session; claims
 * stamped before the server started are left to their owners for {@link #RESTAMP_GRACE}, so a living
 * worker's claims are never taken for a dead one's. An answer paid for while the server was down
 * waits in {@link UnstoredAnswers} (memory and a local spool) and is stored the moment it is back;
 * its claim, re-stamped meanwhile, keeps other workers waiting for it rather than paying again.
 */
final class PostgresCallCache implements CallCache {

    /** Threads of one run calling at once; more connections than that would sit idle. */
    private static final int POOL_SIZE = 8;

    static final Duration STALE_CLAIM = Duration.ofMinutes(CacheSchema.STALE_CLAIM_MINUTES);
    /** How long after a server restart the claims stamped before it are left to their owners to re-stamp. */
    static final Duration RESTAMP_GRACE = Duration.ofSeconds(30);
    /** How long a statement waits for a server that is down before the cache is given up as unreachable. */
    static final Duration OUTAGE = Duration.ofSeconds(60);

    private static final long RETRY_MILLIS = 100;
    /** The server's clock, in epoch milliseconds: every claim is stamped and judged by one clock. */
    private static final String SERVER_NOW = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

    private static final String SERVER_START = "(extract(epoch from pg_postmaster_start_time()) * 1000)::bigint";
    private static final String SESSION_GONE =
            "NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = claims.session)";
    /**
     * A claim of a worker that is gone: stamped before the server restarted and not re-stamped within the grace
     * (one parameter, the grace in milliseconds), or stamped since with a session that has ended.
     */
    private static final String CLAIM_ABANDONED = "(claims.claimed_at < " + SERVER_START + " AND " + SERVER_NOW + " > "
            + SERVER_START + " + ? OR claims.claimed_at >= " + SERVER_START + " AND " + SESSION_GONE + ")";

    private final PostgresDatabase database;
    private final Duration outage;
    private final HikariDataSource pool;
    private final PostgresLifeline lifeline;
    private final UnstoredAnswers unstored;
    private final String owner = ManagementFactory.getRuntimeMXBean().getName() + "/" + UUID.randomUUID();
    private volatile boolean closed;
    /** The attempt of a run that pays for the answers stored now, or null. */
    private volatile @Nullable String paidBy;

    PostgresCallCache(PostgresDatabase database) {
        this(database, UnstoredAnswers.DEFAULT_FILE, OUTAGE);
    }

    /**
     * @param spool  where answers the server could not take are kept until it can
     * @param outage how long a server that is down is waited for before the cache is given up
     */
    PostgresCallCache(PostgresDatabase database, Path spool, Duration outage) {
        this.database = database;
        this.outage = outage;
        try {
            unstored = UnstoredAnswers.open(spool, database.name());
            lifeline = new PostgresLifeline(database, outage, this::reconnected, this::storeWaiting);
            pool = database.pool(POOL_SIZE);
        } catch (SQLException e) {
            throw PostgresDatabase.unreachable(e) ? unreachable("open", e) : failure("open", e);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "cannot open the call cache " + database.name() + ": " + Secrets.redact(e.getMessage()), e);
        }
    }

    /** The lifeline is back with a new session: this worker's claims are its again. */
    private void reconnected(Connection c, long session) throws SQLException {
        try (PreparedStatement restamp =
                c.prepareStatement("UPDATE claims SET session = ?, claimed_at = " + SERVER_NOW + " WHERE owner = ?")) {
            restamp.setLong(1, session);
            restamp.setString(2, owner);
            restamp.executeUpdate();
        }
        // What waited for the server is stored by the housekeeping that follows at once: a failure to store
        // it must not keep the lifeline, and every claim, from coming back.
    }

    /** On the lifeline's thread, between its waits: answers that waited for the server, stored once it is there. */
    private void storeWaiting() {
        Connection c = lifeline.connection();
        if (c != null && !unstored.isEmpty()) {
            try {
                storeWaiting(c);
            } catch (SQLException e) {
                lifeline.suspect(); // tried again at the next turn
            }
        }
    }

    private void storeWaiting(Connection c) throws SQLException {
        int stored = unstored.store(u -> store(c, u.key(), u.meta(), u.response(), u.paidBy()));
        if (stored > 0) {
            Console.warn(stored + " answers paid for while the call cache " + database.name()
                    + " was unreachable are stored in it now");
        }
    }

    /** Answers the server could not take wait in a spool file on this machine, which the next run stores. */
    @Override
    public boolean outlivesProcess() {
        return true;
    }

    @Override
    public void awaitOthers(long maxMillis) throws InterruptedException {
        lifeline.awaitNews(maxMillis);
    }

    private static void announce(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("NOTIFY " + PostgresLifeline.CHANNEL); // delivered when the transaction commits
        }
    }

    @Override
    public Optional<ChatResponse> get(String key) {
        Optional<ChatResponse> waiting = unstored.get(key);
        if (waiting.isPresent()) {
            return waiting;
        }
        // The read and the last-used mark in one round trip.
        return reachable("read", (c, session) -> {
            try (PreparedStatement q = c.prepareStatement(
                    "UPDATE calls SET last_used_at = ? WHERE key = ? RETURNING " + CallRows.ANSWER)) {
                q.setString(1, Instant.now().toString());
                q.setString(2, key);
                try (ResultSet rs = q.executeQuery()) {
                    return rs.next() ? Optional.of(CallRows.answer(rs)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public void put(String key, Meta meta, ChatResponse response) {
        if (closed) {
            throw new IllegalStateException("the call cache " + database.name() + " is closed");
        }
        // A paid answer never waits on an outage, nor is lost to one: it waits for the server instead.
        if (!lifeline.up()) {
            keep(key, meta, response, paidBy);
            return;
        }
        String payer = paidBy;
        try (Connection c = pool.getConnection()) {
            store(c, key, meta, response, payer);
        } catch (SQLException e) {
            if (!PostgresDatabase.unreachable(e)) {
                throw failure("write", e);
            }
            lifeline.suspect();
            keep(key, meta, response, payer);
        }
    }

    private void keep(String key, Meta meta, ChatResponse response, @Nullable String payer) {
        try {
            unstored.add(key, meta, response, payer);
        } catch (UncheckedIOException e) {
            // Kept in memory all the same, and stored when the server is back unless this process ends first.
            Console.warn(e.getMessage());
        }
    }

    /** The answer and the end of its claim together: no moment when the claim is gone and no answer there. */
    private static void store(Connection c, String key, Meta meta, ChatResponse response, @Nullable String paidBy)
            throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO calls (" + CallRows.COLUMNS
                        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET content = excluded.content,"
                        + " refusal = excluded.refusal, finish_reason = excluded.finish_reason,"
                        + " prompt_tokens = excluded.prompt_tokens, completion_tokens = excluded.completion_tokens,"
                        + " last_used_at = excluded.last_used_at, paid_by = excluded.paid_by");
                PreparedStatement unclaim = c.prepareStatement("DELETE FROM claims WHERE key = ?")) {
            CallRows.bind(insert, key, meta, response, paidBy);
            insert.executeUpdate();
            unclaim.setString(1, key);
            unclaim.executeUpdate();
            announce(c);
            c.commit();
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(c, e);
            throw e;
        } finally {
            try {
                c.setAutoCommit(true);
            } catch (SQLException lost) {
                // a connection lost mid-way is dropped by its pool; the failure above says what happened
            }
        }
    }

    private static void rollbackQuietly(Connection c, Exception failure) {
        try {
            c.rollback();
        } catch (SQLException lost) {
            failure.addSuppressed(lost);
        }
    }

    @Override
    public void paidBy(String attempt) {
        paidBy = attempt;
        claim(PaidAttempts.lease(attempt));
    }

    @Override
    public Optional<String> resumable(String run) {
        return reachable("read", (c, session) -> PaidAttempts.resumable(c, run, PostgresCallCache::abandoned));
    }

    @Override
    public List<Paid> unfinishedAttempts() {
        String attempt = paidBy;
        return attempt == null
                ? List.of()
                : reachable("read", (c, session) -> PaidAttempts.adopt(c, attempt, PostgresCallCache::abandoned));
    }

    /** An attempt's lease is gone, or its worker's session is, as a dead worker's claim is judged. */
    private static boolean abandoned(Connection c, String attempt) throws SQLException {
        try (PreparedStatement q =
                c.prepareStatement("SELECT 1 FROM claims WHERE key = ? AND NOT (" + CLAIM_ABANDONED + ")")) {
            q.setString(1, PaidAttempts.lease(attempt));
            q.setLong(2, RESTAMP_GRACE.toMillis());
            try (ResultSet rs = q.executeQuery()) {
                return !rs.next();
            }
        }
    }

    @Override
    public void attemptFinished() {
        String attempt = paidBy;
        if (attempt != null) {
            run("write", (c, session) -> PaidAttempts.finished(c, attempt));
        }
    }

    @Override
    public boolean claim(String key) {
        // One statement takes a free key, a claim already ours, a stale claim, the claim of a session that is
        // gone, or one stamped before the server restarted that its owner has not re-stamped within the grace; a
        // live claim of another worker stays, and then no row comes back. It stamps only with a session that is
        // alive: one lost a moment ago, before the lifeline noticed, would make the claim look like a dead worker's.
        return reachable("claim a call in", (c, session) -> {
            try (PreparedStatement take = c.prepareStatement(
                    "INSERT INTO claims (key, owner, claimed_at, session) SELECT ?, ?, " + SERVER_NOW + ", ?"
                            + " WHERE EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = ?)"
                            + " ON CONFLICT (key) DO UPDATE"
                            + " SET owner = excluded.owner, claimed_at = excluded.claimed_at, session = excluded.session"
                            + " WHERE claims.owner = excluded.owner"
                            + " OR claims.claimed_at < " + SERVER_NOW + " - ?"
                            + " OR " + CLAIM_ABANDONED
                            + " RETURNING owner")) {
                take.setString(1, key);
                take.setString(2, owner);
                take.setLong(3, session);
                take.setLong(4, session);
                take.setLong(5, STALE_CLAIM.toMillis());
                take.setLong(6, RESTAMP_GRACE.toMillis());
                try (ResultSet rs = take.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    @Override
    public void release(String key) {
        run("release a claim in", (c, session) -> {
            try (PreparedStatement d = c.prepareStatement("DELETE FROM claims WHERE key = ? AND owner = ?")) {
                d.setString(1, key);
                d.setString(2, owner);
                d.executeUpdate();
                announce(c);
            }
        });
    }

    private interface Work<T> {
        T on(Connection c, long session) throws SQLException;
    }

    /** Work whose only outcome is that it was done. */
    private interface Step {
        void on(Connection c, long session) throws SQLException;
    }

    /** {@link #reachable} for a statement that returns nothing. */
    private void run(String what, Step step) {
        reachable(what, (c, session) -> {
            step.on(c, session);
            return Boolean.TRUE;
        });
    }

    /**
     * Runs a statement with the live session, waiting out an outage of up to {@link #outage}: a restarted
     * server costs a pause, not a failure.
     */
    private <T> T reachable(String what, Work<T> work) {
        long deadline = System.nanoTime() + outage.toNanos();
        while (true) {
            if (closed) {
                throw new IllegalStateException("the call cache " + database.name() + " is closed");
            }
            SQLException failed;
            try {
                long session = lifeline.session(deadline);
                try (Connection c = pool.getConnection()) {
                    return work.on(c, session);
                }
            } catch (SQLException e) {
                if (!PostgresDatabase.unreachable(e)) {
                    throw failure(what, e);
                }
                failed = e;
            }
            lifeline.suspect();
            if (System.nanoTime() - deadline > 0) {
                throw unreachable(what, failed);
            }
            try {
                Thread.sleep(RETRY_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw unreachable(what, failed);
            }
        }
    }

    private IllegalStateException failure(String what, SQLException e) {
        return new IllegalStateException(
                "cannot " + what + " the call cache " + database.name() + ": " + Secrets.redact(e.getMessage()), e);
    }

    /** Said as what it is: a database that is down, not one that lacks an answer or refused a statement. */
    private IllegalStateException unreachable(String what, SQLException e) {
        return new IllegalStateException(
                "cannot " + what + " the call cache " + database.name() + ": the database"
                        + " cannot be reached (waited " + outage.toSeconds() + " s): " + Secrets.redact(e.getMessage()),
                e);
    }

    @Override
    public void close() {
        closed = true;
        lifeline.close();
        Connection c = lifeline.connection();
        if (c != null) {
            try {
                if (!unstored.isEmpty()) {
                    storeWaiting(c);
                }
                // Calls still claimed now will not be answered by this worker: others need not wait for its session to
                // end.
                try (PreparedStatement d = c.prepareStatement("DELETE FROM claims WHERE owner = ?")) {
                    d.setString(1, owner);
                    d.executeUpdate();
                }
            } catch (SQLException e) {
                // what is not stored stays in the spool; the claims end with the session below
            }
        }
        if (!unstored.isEmpty()) {
            Console.warn(unstored.size() + " answers paid for while the call cache " + database.name()
                    + " was unreachable are kept in " + unstored.file() + " and stored by the next run on this machine"
                    + " that opens it");
        }
        pool.close();
        lifeline.end();
    }
}
