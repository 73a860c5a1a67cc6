package io.github.adammeme.internal.llm.cache;

import io.github.adammeme.Constants;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The tables of a cache database, the same in SQLite and PostgreSQL so that calls, claims and run
 * records move between them unchanged: calls, each with the attempt of a run that paid for it until
 * that attempt finishes, so a later attempt of the same run (or shard) counts what a killed one had
 * paid; claims, each with its owner ("pid@host/uuid") and the owner's database session, so a worker on
 * another machine that died (its session gone) loses its claims at once instead of after
 * {@link #STALE_CLAIM_MINUTES}; and run records. The version is kept in the database, and a database
 * of any other version is refused, naming it, rather than written in a shape its maker would misread.
 */
final class CacheSchema {

    static final int VERSION = 3;
    /** A claim older than this is taken to belong to a worker that died without anyone noticing. */
    static final int STALE_CLAIM_MINUTES = 10;

    private CacheSchema() {}

    /**
     * Creates the tables of a new database, or checks that one has {@link #VERSION}; run in one transaction where
     * the database allows.
     */
    static void migrate(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
            int found = version(s);
            if (found > VERSION) {
                throw new SQLException("the cache " + name + " has schema version " + found + ", written by a newer"
                        + " adammeme; this one reads version " + VERSION + ": use that adammeme, or set "
                        + Constants.CACHE + " to a new file or database");
            }
            if (found == VERSION) {
                return;
            }
            if (found != 0 || hasTable(c, "calls")) {
                throw new SQLException("the cache " + name + " has "
                        + (found == 0 ? "tables but no schema version" : "schema version " + found)
                        + ", which this adammeme does not read (it reads version " + VERSION + "): delete it, or set "
                        + Constants.CACHE + " to a new file or database");
            }
            s.execute("""
                    CREATE TABLE IF NOT EXISTS calls (
                      key TEXT PRIMARY KEY,
                      endpoint TEXT NOT NULL,
                      model TEXT NOT NULL,
                      role TEXT NOT NULL,
                      content TEXT NOT NULL,
                      refusal TEXT,
                      finish_reason TEXT,
                      prompt_tokens BIGINT NOT NULL,
                      completion_tokens BIGINT NOT NULL,
                      created_at TEXT NOT NULL,
                      last_used_at TEXT NOT NULL,
                      paid_by TEXT)""");
            s.execute("CREATE INDEX IF NOT EXISTS calls_paid_by ON calls (paid_by)");
            s.execute("CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, owner TEXT NOT NULL, "
                    + "claimed_at BIGINT NOT NULL, session BIGINT)");
            s.execute("CREATE TABLE IF NOT EXISTS runs (id TEXT PRIMARY KEY, target TEXT NOT NULL, "
                    + "started_at TEXT NOT NULL, summary TEXT NOT NULL, samples TEXT NOT NULL)");
            s.execute("DELETE FROM schema_version");
            s.execute("INSERT INTO schema_version (version) VALUES (" + VERSION + ")");
        }
    }

    private static int version(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT max(version) FROM schema_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    private static boolean hasTable(Connection c, String table) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        // This connection's own schema only: a shared PostgreSQL database may hold another tool's "calls" elsewhere.
        try (ResultSet rs = meta.getTables(null, c.getSchema(), null, new String[] {"TABLE"})) {
            while (rs.next()) {
                if (rs.getString("TABLE_NAME").equalsIgnoreCase(table)) {
                    return true;
                }
            }
        }
        return false;
    }
}
