package io.github.adammeme.internal.llm.cache;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The tables of a cache database, the same in SQLite and PostgreSQL so that calls, claims and run
 * records move between them unchanged. The version is kept in the database: a file or database made by
 * an older release is brought up to date on first use, and one made by a newer release is refused
 * rather than written in a shape its owner's release would misread.
 *
 * <ol>
 *   <li>calls and claims (a claim's owner is "pid@host/uuid");</li>
 *   <li>claims carry the owner's database session, so a worker on another machine that died (its
 *       session gone) loses its claims at once instead of after {@link #STALE_CLAIM_MINUTES};
 *       run records in the same database.</li>
 *   <li>calls carry the attempt of a run that paid for them until it finishes, so a later attempt of the
 *       same run (or shard) counts what an attempt that was killed had paid.</li>
 * </ol>
 */
final class CacheSchema {

    static final int VERSION = 3;
    /** A claim older than this is taken to belong to a worker that died without anyone noticing. */
    static final int STALE_CLAIM_MINUTES = 10;

    private CacheSchema() {}

    /** Creates the tables or brings them to {@link #VERSION}; run in one transaction where the database allows. */
    static void migrate(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
            int found = version(s);
            if (found > VERSION) {
                throw new SQLException("the cache " + name + " has schema version " + found + ", written by a newer"
                        + " adammeme; this one reads versions up to " + VERSION);
            }
            if (found == VERSION) {
                return;
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
            // Files of versions 1 and 2 have calls without the attempt that paid for them.
            if (!hasColumn(c, "calls", "paid_by")) {
                s.execute("ALTER TABLE calls ADD COLUMN paid_by TEXT");
            }
            s.execute("CREATE INDEX IF NOT EXISTS calls_paid_by ON calls (paid_by)");
            s.execute("CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, owner TEXT NOT NULL, "
                    + "claimed_at BIGINT NOT NULL, session BIGINT)");
            // Files of version 1 (no version row) have claims without a session.
            if (!hasColumn(c, "claims", "session")) {
                s.execute("ALTER TABLE claims ADD COLUMN session BIGINT");
            }
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

    private static boolean hasColumn(Connection c, String table, String column) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        try (ResultSet rs = meta.getColumns(null, null, table, null)) {
            while (rs.next()) {
                if (rs.getString("COLUMN_NAME").equalsIgnoreCase(column)) {
                    return true;
                }
            }
        }
        return false;
    }
}
