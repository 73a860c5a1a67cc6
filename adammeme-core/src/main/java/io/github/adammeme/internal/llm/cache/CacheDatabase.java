package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.Secrets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import org.apiguardian.api.API;

/**
 * A database holding calls, claims and the records of finished runs, in the tables of
 * {@link CacheSchema}: SQLite for one machine, PostgreSQL for many.
 */
@API(status = INTERNAL, since = "0.1.0")
public sealed interface CacheDatabase extends CacheStore permits SqliteDatabase, PostgresDatabase {

    /**
     * A new connection on a database whose tables are at the current schema version (created on first
     * use). The caller closes it.
     *
     * @return the connection
     * @throws SQLException when the database cannot be reached or has another schema version
     */
    Connection connect() throws SQLException;

    /**
     * A connection that changes nothing, or empty when the database holds no tables yet (a SQLite file
     * that does not exist): reading a baseline must not create a database.
     *
     * @return the connection, or empty
     * @throws SQLException when the database cannot be reached
     */
    Optional<Connection> connectToRead() throws SQLException;

    /**
     * What the database is, for messages: never a credential.
     *
     * @return the file, or the URL without credentials
     */
    String name();

    /**
     * The call cache on this database, without the fail-safe wrapper.
     *
     * @return the cache
     */
    CallCache openDurable();

    @Override
    default CallCache open(boolean required) {
        return FailSafeCache.open(this::openDurable, name(), required);
    }

    @Override
    default Optional<CacheDatabase> database() {
        return Optional.of(this);
    }

    @Override
    default Optional<String> problem() {
        try (Connection c = connect()) {
            return writable(c);
        } catch (SQLException | RuntimeException | LinkageError e) {
            // A driver whose natives cannot load throws an Error: a cache that cannot open all the same, named as one.
            return Optional.of("cannot open the call cache " + name() + ": " + Secrets.redact(e.getMessage()));
        }
    }

    /**
     * Writes a claim and takes it back, so a read-only or full store, or a user without the right to
     * write, shows now rather than on the first paid answer.
     */
    private Optional<String> writable(Connection c) {
        try {
            c.setAutoCommit(false);
            try (var insert = c.prepareStatement("INSERT INTO claims (key, owner, claimed_at) VALUES (?, ?, 0)")) {
                insert.setString(1, "adammeme-write-check-" + UUID.randomUUID());
                insert.setString(2, "write-check");
                insert.executeUpdate();
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
            return Optional.empty();
        } catch (SQLException e) {
            return Optional.of("the call cache " + name() + " cannot be written: " + Secrets.redact(e.getMessage()));
        }
    }
}
