package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** What people do to a cache database, in SQL both stores speak: statistics, pruning, copying. */
@API(status = INTERNAL, since = "0.1.0")
public final class CacheMaintenance {

    static final String RUN_COLUMNS = "id, target, started_at, summary, samples";

    /**
     * What a copy moved: rows new to the destination, and rows it already held (left as they were).
     *
     * @param calls        calls copied
     * @param runs         run records copied
     * @param callsPresent calls the destination held already
     * @param runsPresent  run records the destination held already
     */
    public record Copied(long calls, long runs, long callsPresent, long runsPresent) {}

    private CacheMaintenance() {}

    /**
     * The calls a cache holds by role and model, with their tokens, and its recorded runs.
     *
     * @param c a connection to the cache database
     * @return the table, one line a role and model, then the count of runs
     * @throws SQLException when the database cannot be read
     */
    public static String stats(Connection c) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT role, model, count(*), sum(prompt_tokens), sum(completion_tokens) FROM calls GROUP BY 1, 2 ORDER BY 1, 2")) {
            sb.append(String.format(
                    "%-12s %-24s %8s %14s %14s%n", "role", "model", "calls", "prompt tokens", "completion"));
            while (rs.next()) {
                sb.append(String.format(
                        "%-12s %-24s %8d %14d %14d%n",
                        rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)));
            }
        }
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM runs")) {
            rs.next();
            sb.append(rs.getLong(1)).append(" recorded runs").append(System.lineSeparator());
        }
        return sb.toString();
    }

    /**
     * Deletes calls not used for {@code age}, or only those of one model.
     *
     * @param c     a connection to the cache database
     * @param age   how long a call may go unused and stay
     * @param model the one model whose calls go, or null for every model
     * @return how many calls went
     * @throws SQLException when the database cannot be changed
     */
    public static int prune(Connection c, Duration age, @Nullable String model) throws SQLException {
        String sql = "DELETE FROM calls WHERE last_used_at < ?" + (model == null ? "" : " AND model = ?");
        try (PreparedStatement d = c.prepareStatement(sql)) {
            d.setString(1, Instant.now().minus(age).toString());
            if (model != null) {
                d.setString(2, model);
            }
            return d.executeUpdate();
        }
    }

    /**
     * Copies every call and run record the destination lacks, in one transaction: a copy that fails half
     * way leaves the destination as it was. Rows the destination holds already are kept, so copying
     * twice, or both ways, is safe.
     *
     * @param from the database read
     * @param to   the database written
     * @return what moved, and what was there already
     * @throws SQLException when either database fails; the destination is left as it was
     */
    public static Copied copy(Connection from, Connection to) throws SQLException {
        boolean autoCommit = to.getAutoCommit();
        to.setAutoCommit(false);
        try {
            long[] calls = copyTable(from, to, "calls", CallRows.COLUMNS, CallRows.COUNT);
            long[] runs = copyTable(from, to, "runs", RUN_COLUMNS, 5);
            to.commit();
            return new Copied(calls[0], runs[0], calls[1], runs[1]);
        } catch (SQLException | RuntimeException e) {
            to.rollback();
            throw e;
        } finally {
            to.setAutoCommit(autoCommit);
        }
    }

    private static long[] copyTable(Connection from, Connection to, String table, String columns, int count)
            throws SQLException {
        String placeholders = "?" + ", ?".repeat(count - 1);
        long added = 0;
        long present = 0;
        try (Statement read = from.createStatement();
                PreparedStatement write = to.prepareStatement("INSERT INTO " + table + " (" + columns + ") VALUES ("
                        + placeholders + ") ON CONFLICT DO NOTHING")) {
            read.setFetchSize(500); // PostgreSQL streams in pages only outside auto-commit; SQLite streams anyway
            try (ResultSet rs = read.executeQuery("SELECT " + columns + " FROM " + table)) {
                while (rs.next()) {
                    for (int i = 1; i <= count; i++) {
                        write.setObject(i, rs.getObject(i));
                    }
                    if (write.executeUpdate() == 1) {
                        added++;
                    } else {
                        present++;
                    }
                }
            }
        }
        return new long[] {added, present};
    }
}
