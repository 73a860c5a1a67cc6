package io.github.adammeme.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real PostgreSQL server for the tests, its binaries from Maven Central, started once per JVM.
 * Every test takes a database of its own. The user of this process is made a role of the server, so
 * a cache opened here connects as it would for a user whose libpq variables are unset.
 */
public final class EmbeddedPostgresServer {

    private static EmbeddedPostgres server;
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private EmbeddedPostgresServer() {}

    private static synchronized EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder().start();
                addUserRole(server);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        server.close();
                    } catch (IOException e) {
                        // the JVM is going; the server's folder is a temporary one
                    }
                }));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the embedded PostgreSQL server", e);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot set up the embedded PostgreSQL server", e);
            }
        }
        return server;
    }

    private static void addUserRole(EmbeddedPostgres server) throws SQLException {
        try (Connection c = server.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE ROLE \"" + System.getProperty("user.name") + "\" SUPERUSER LOGIN");
        }
    }

    /** The superuser children are given in {@code PGUSER}. */
    public static String superuser() {
        return "postgres";
    }

    /** A new, empty database: its URL carries no credentials, as a user's must not. */
    public static String newDatabase(String prefix) {
        String name = prefix + "_" + DATABASES.incrementAndGet();
        try (Connection c = server().getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name, e);
        }
        return "jdbc:postgresql://localhost:" + server().getPort() + "/" + name;
    }

    /**
     * A server of its own that a drill stops and starts again on the same data folder and port, as a
     * database host restarts under the workers using it: their connections are ended (a fast shutdown),
     * nothing stored is lost, and the same URL reaches it again.
     */
    public static final class Restartable implements AutoCloseable {

        private final Path data;
        private int port;
        private EmbeddedPostgres running;

        private Restartable(Path data) {
            this.data = data;
        }

        /** Starts a new server keeping its data in {@code data} (created there). */
        public static Restartable start(Path data) {
            Restartable server = new Restartable(data);
            server.start();
            try {
                addUserRole(server.running);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot set up the embedded PostgreSQL server", e);
            }
            return server;
        }

        /** Starts the server again, on the port it had. */
        public synchronized void start() {
            try {
                EmbeddedPostgres.Builder builder =
                        EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false);
                if (port != 0) {
                    builder.setPort(port);
                }
                running = builder.start();
                port = running.getPort();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the embedded PostgreSQL server in " + data, e);
            }
        }

        /** Stops the server: every session ends, as in a restart or a crash of the database host. */
        public synchronized void stop() {
            try {
                running.close();
                running = null;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot stop the embedded PostgreSQL server in " + data, e);
            }
        }

        /** A new, empty database on it, by a URL that reaches it across restarts. */
        public synchronized String newDatabase(String name) {
            try (Connection c = running.getPostgresDatabase().getConnection();
                    Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE " + name);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot create database " + name, e);
            }
            return "jdbc:postgresql://localhost:" + port + "/" + name;
        }

        @Override
        public synchronized void close() {
            if (running != null) {
                stop();
            }
        }
    }
}
