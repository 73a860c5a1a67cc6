package io.github.adammeme.internal.llm.cache;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The connection whose session marks a worker's claims as alive, and on which it hears other workers'
 * answers land. When it drops (the server restarted, or the network failed) it is made again as soon as
 * the server answers, and the new session is handed to the cache before anyone may claim with it, so the
 * claims the worker holds are re-stamped instead of looking like a dead worker's.
 */
final class PostgresLifeline implements AutoCloseable {

    /** Run on the new connection each time the lifeline is made again, before its session is handed out. */
    @FunctionalInterface
    interface Reconnected {
        void on(Connection lifeline, long session) throws SQLException;
    }

    /** Where a worker says that one of its calls was answered or given up. */
    static final String CHANNEL = "adammeme_calls";
    /** How long a notification wait lasts before the housekeeping runs again. */
    private static final int LISTEN_MILLIS = 500;
    /** Between attempts to reach a server that is down. */
    private static final long RETRY_MILLIS = 250;

    private final PostgresDatabase database;
    private final Reconnected reconnected;
    private final Runnable housekeeping;
    private final Object state = new Object();
    /** Guarded by {@link #state}; null while the connection is down. */
    private @Nullable Connection connection;

    private long session;
    private @Nullable SQLException lastFailure;
    /** Counts the answers and releases heard of, so a waiter wakes when another worker finishes a call. */
    private long heardCount;

    private volatile boolean suspected;
    private volatile boolean closed;
    private final Thread thread;

    /**
     * Connects, waiting out an outage of up to {@code outage}, and starts listening.
     *
     * @param reconnected  what to do on each new connection after the first (re-stamp claims, store what waited)
     * @param housekeeping run on the lifeline's thread between waits, while it is connected
     * @throws SQLException when the server cannot be reached within {@code outage}, or refuses this worker
     */
    PostgresLifeline(PostgresDatabase database, Duration outage, Reconnected reconnected, Runnable housekeeping)
            throws SQLException {
        this.database = database;
        this.reconnected = reconnected;
        this.housekeeping = housekeeping;
        long deadline = System.nanoTime() + outage.toNanos();
        while (!tryConnect(false)) {
            if (System.nanoTime() - deadline > 0) {
                throw Objects.requireNonNull(lastFailure, "set by the attempt that failed");
            }
            pause();
        }
        thread = new Thread(this::run, "adammeme-cache-lifeline");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * The live session to stamp a claim with, waiting while the connection is being made again.
     *
     * @param deadline {@link System#nanoTime()} by which the server must be back
     * @return the session's backend process id
     * @throws SQLException the last failure to reach the server, when it is not back by the deadline
     */
    long session(long deadline) throws SQLException {
        synchronized (state) {
            while (connection == null && !closed) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw lastFailure != null ? lastFailure : new SQLException("the server is not reachable", "08001");
                }
                try {
                    state.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new SQLException("interrupted while waiting for the server", "08001", e);
                }
            }
            if (closed) {
                throw new SQLException("the call cache is closed");
            }
            return session;
        }
    }

    /** @return whether the connection is up, as far as this worker knows */
    boolean up() {
        synchronized (state) {
            return connection != null;
        }
    }

    /** A statement failed for a lost connection: the lifeline checks its own at once. */
    void suspect() {
        suspected = true;
    }

    /** Waits up to {@code maxMillis}, returning early when another worker's answer or release is heard of. */
    void awaitNews(long maxMillis) throws InterruptedException {
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        synchronized (state) {
            long seen = heardCount;
            long left;
            while (heardCount == seen && (left = deadline - System.nanoTime()) > 0) {
                state.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    private void run() {
        while (!closed) {
            Connection c;
            synchronized (state) {
                c = connection;
            }
            if (c == null) {
                try {
                    if (!tryConnect(true)) {
                        pause();
                    }
                } catch (SQLException | RuntimeException e) {
                    synchronized (state) {
                        lastFailure = e instanceof SQLException s ? s : new SQLException(e.getMessage(), "08001", e);
                    }
                    pause(); // refused now (a password changed?): tried again, as the claims it would re-stamp are
                    // still ours
                }
                continue;
            }
            try {
                if (suspected) {
                    suspected = false;
                    if (!c.isValid(2)) {
                        throw new SQLException("the lifeline connection is no longer valid", "08006");
                    }
                }
                PGNotification[] notifications = c.unwrap(PGConnection.class).getNotifications(LISTEN_MILLIS);
                if (notifications != null && notifications.length > 0) {
                    synchronized (state) {
                        heardCount += notifications.length;
                        state.notifyAll();
                    }
                }
                housekeeping.run();
            } catch (SQLException | RuntimeException e) {
                if (closed) {
                    return;
                }
                dropped(c, e instanceof SQLException s ? s : new SQLException(e.getMessage(), "08006", e));
            }
        }
    }

    /** The connection was lost: waiters are woken (the answer they wait for may have been stored meanwhile). */
    private void dropped(Connection c, SQLException why) {
        synchronized (state) {
            if (connection == c) {
                connection = null;
                lastFailure = why;
                heardCount++;
                state.notifyAll();
            }
        }
        closeQuietly(c);
    }

    /** One attempt; false when the server is unreachable (not when it refuses this worker: that is thrown). */
    private boolean tryConnect(boolean again) throws SQLException {
        Connection c = null;
        try {
            c = database.connect();
            long pid;
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                pid = rs.getLong(1);
            }
            try (Statement s = c.createStatement()) {
                s.execute("LISTEN " + CHANNEL);
            }
            if (again) {
                reconnected.on(c, pid);
            }
            synchronized (state) {
                connection = c;
                session = pid;
                lastFailure = null;
                heardCount++;
                state.notifyAll();
            }
            return true;
        } catch (SQLException e) {
            closeQuietly(c);
            if (!PostgresDatabase.unreachable(e)) {
                throw e;
            }
            synchronized (state) {
                lastFailure = e;
            }
            return false;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(@Nullable Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                // a connection already lost has nothing left to close
            }
        }
    }

    /**
     * The live connection for work of the cache's own (storing what waited for the server), or null while down.
     * Used only on the lifeline's thread, or after it has stopped.
     */
    @Nullable
    Connection connection() {
        synchronized (state) {
            return connection;
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (state) {
            state.notifyAll();
        }
    }

    /** Closes the connection itself: its session ends, and with it the mark on this worker's claims. */
    void end() {
        Connection c;
        synchronized (state) {
            c = connection;
            connection = null;
        }
        closeQuietly(c);
    }
}
