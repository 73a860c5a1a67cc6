package io.github.adammeme.report;

import io.github.adammeme.llm.CacheDatabase;
import io.github.adammeme.pipeline.Evaluation;
import java.io.IOException;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finished runs kept in the cache database (table {@code runs}), so a later run can name one as its
 * baseline without anyone keeping its output folder: {@code adammeme.baseline=cache:sim:keyword}
 * (that target's latest run) or {@code cache:<run id>}. On a PostgreSQL cache the runs of every
 * machine are there. Users can query the table like the calls.
 */
public final class RunRecords {

    /** A recorded run: its id ({@code target@startedAt}), target, and its summary and samples as written to files. */
    public record Run(String id, String target, String startedAt, String summary, String samples) {
    }

    private static final String RUN_COLUMNS = "id, target, started_at, summary, samples";

    private RunRecords() {
    }

    /**
     * Records a finished run (its summary and samples, redacted); a run of the same id is replaced.
     *
     * @param database the cache database
     * @param e the evaluation
     * @param startedAt when the run started
     * @return the run's id, {@code target@startedAt}
     * @throws IllegalStateException when the database cannot be written
     */
    public static String record(CacheDatabase database, Evaluation e, String startedAt) {
        String id = e.run().target() + "@" + startedAt;
        try (Connection c = database.connect(); PreparedStatement insert = c.prepareStatement(
                "INSERT INTO runs (" + RUN_COLUMNS + ") VALUES (?, ?, ?, ?, ?) ON CONFLICT (id)"
                        + " DO UPDATE SET target = excluded.target, started_at = excluded.started_at,"
                        + " summary = excluded.summary, samples = excluded.samples")) {
            StringWriter samples = new StringWriter();
            for (String line : EvaluationWriter.sampleLinesOf(e)) { // redacted, as the summary is
                samples.write(line);
                samples.write('\n');
            }
            insert.setString(1, id);
            insert.setString(2, e.run().target());
            insert.setString(3, startedAt);
            insert.setString(4, EvaluationWriter.summaryJson(e));
            insert.setString(5, samples.toString());
            insert.executeUpdate();
            return id;
        } catch (SQLException | IOException ex) {
            throw new IllegalStateException("cannot record the run in " + database.name() + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * The run a selector names: a run id, or a target's latest run. Reads only: a baseline writes nothing.
     *
     * @param database the cache database
     * @param selector a run id or a target
     * @return the run, or empty
     */
    public static Optional<Run> find(CacheDatabase database, String selector) {
        return read(database, Optional.empty(), c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT " + RUN_COLUMNS + " FROM runs WHERE id = ? OR target = ? "
                    + "ORDER BY CASE WHEN id = ? THEN 0 ELSE 1 END, started_at DESC LIMIT 1")) {
                q.setString(1, selector);
                q.setString(2, selector);
                q.setString(3, selector);
                try (ResultSet rs = q.executeQuery()) {
                    return rs.next() ? Optional.of(run(rs)) : Optional.empty();
                }
            }
        });
    }

    /**
     * Every recorded run, oldest first: the order of a history.
     *
     * @param database the cache database
     * @return the runs, none when the database records none
     */
    public static List<Run> all(CacheDatabase database) {
        return read(database, List.of(), c -> {
            List<Run> runs = new ArrayList<>();
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT " + RUN_COLUMNS + " FROM runs ORDER BY started_at, id")) {
                while (rs.next()) {
                    runs.add(run(rs));
                }
            }
            return runs;
        });
    }

    /**
     * Ids of the recorded runs, newest first.
     *
     * @param database the cache database
     * @return the ids
     */
    public static List<String> ids(CacheDatabase database) {
        return read(database, List.of(), c -> {
            List<String> ids = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM runs ORDER BY started_at DESC")) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        });
    }

    private static Run run(ResultSet rs) throws SQLException {
        return new Run(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5));
    }

    private interface Query<T> {
        T on(Connection c) throws SQLException;
    }

    /** A query on a read-only connection; {@code none} where the database holds no runs (or no file), creating nothing. */
    private static <T> T read(CacheDatabase database, T none, Query<T> query) {
        try (Connection c = database.connectToRead().orElse(null)) {
            return c == null || !hasRuns(c) ? none : query.on(c);
        } catch (SQLException ex) {
            throw new IllegalStateException("cannot read runs from " + database.name() + ": " + ex.getMessage(), ex);
        }
    }

    /** A file of an older release may hold calls and no runs table: it records no runs, and is not changed. */
    private static boolean hasRuns(Connection c) throws SQLException {
        try (ResultSet rs = c.getMetaData().getTables(null, null, "runs", null)) {
            return rs.next();
        }
    }
}
