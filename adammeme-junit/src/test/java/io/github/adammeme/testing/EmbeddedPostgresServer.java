package io.github.adammeme.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
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

    private EmbeddedPostgresServer() {
    }

    private static synchronized EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder().start();
                try (Connection c = server.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
                    s.execute("CREATE ROLE \"" + System.getProperty("user.name") + "\" SUPERUSER LOGIN");
                }
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

    /** The superuser children are given in {@code PGUSER}. */
    public static String superuser() {
        return "postgres";
    }

    /** A new, empty database: its URL carries no credentials, as a user's must not. */
    public static String newDatabase(String prefix) {
        String name = prefix + "_" + DATABASES.incrementAndGet();
        try (Connection c = server().getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + name, e);
        }
        return "jdbc:postgresql://localhost:" + server().getPort() + "/" + name;
    }
}
