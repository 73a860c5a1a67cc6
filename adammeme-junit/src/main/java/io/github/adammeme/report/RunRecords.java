package io.github.adammeme.report;

import io.github.adammeme.pipeline.Evaluation;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.sqlite.SQLiteConfig;

/**
 * Finished runs kept in the cache database (table {@code runs}), so a later run can name one as its
 * baseline without anyone keeping its output folder: {@code adammeme.baseline=cache:sim:keyword}
 * (that target's latest run) or {@code cache:<run id>}. Users can query the table like the calls.
 */
public final class RunRecords {

    /** A recorded run: its id ({@code target@startedAt}), target, and its summary and samples as written to files. */
    public record Run(String id, String target, String startedAt, String summary, String samples) {
    }

    private RunRecords() {
    }

    public static String record(Path database, Evaluation e, String startedAt) {
        String id = e.run().target() + "@" + startedAt;
        try (Connection c = open(database); PreparedStatement insert = c.prepareStatement(
                "INSERT OR REPLACE INTO runs (id, target, started_at, summary, samples) VALUES (?, ?, ?, ?, ?)")) {
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
            throw new IllegalStateException("cannot record the run in " + database + ": " + ex.getMessage(), ex);
        }
    }

    /** The run a selector names: a run id, or a target's latest run. Reads only: a baseline writes nothing. */
    public static Optional<Run> find(Path database, String selector) {
        if (!Files.isRegularFile(database)) {
            return Optional.empty();
        }
        try (Connection c = openToRead(database)) {
            if (c == null) {
                return Optional.empty();
            }
            return find(c, selector);
        } catch (SQLException ex) {
            throw new IllegalStateException("cannot read runs from " + database + ": " + ex.getMessage(), ex);
        }
    }

    private static Optional<Run> find(Connection c, String selector) throws SQLException {
        try (PreparedStatement q = c.prepareStatement(
                "SELECT id, target, started_at, summary, samples FROM runs WHERE id = ? OR target = ? "
                        + "ORDER BY id = ? DESC, started_at DESC LIMIT 1")) {
            q.setString(1, selector);
            q.setString(2, selector);
            q.setString(3, selector);
            try (ResultSet rs = q.executeQuery()) {
                return rs.next() ? Optional.of(new Run(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5))) : Optional.empty();
            }
        }
    }

    /** Ids of the recorded runs, newest first. */
    public static List<String> ids(Path database) {
        List<String> ids = new ArrayList<>();
        try (Connection c = openToRead(database)) {
            if (c == null) {
                return ids;
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM runs ORDER BY started_at DESC")) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        } catch (SQLException ex) {
            throw new IllegalStateException("cannot read runs from " + database + ": " + ex.getMessage(), ex);
        }
        return ids;
    }

    /** A read-only connection, or null when the file holds no recorded runs: nothing is created or changed. */
    private static Connection openToRead(Path database) throws SQLException {
        if (!Files.isRegularFile(database)) {
            return null;
        }
        SQLiteConfig readOnly = new SQLiteConfig();
        readOnly.setReadOnly(true);
        readOnly.setBusyTimeout(30_000);
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + database, readOnly.toProperties());
        try (PreparedStatement q = c.prepareStatement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'runs'");
             ResultSet rs = q.executeQuery()) {
            if (!rs.next()) {
                c.close();
                return null;
            }
        }
        return c;
    }

    private static Connection open(Path database) throws SQLException, IOException {
        Path parent = database.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + database);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 30000");
            s.execute("CREATE TABLE IF NOT EXISTS runs (id TEXT PRIMARY KEY, target TEXT NOT NULL, started_at TEXT NOT NULL, "
                    + "summary TEXT NOT NULL, samples TEXT NOT NULL)");
        }
        return c;
    }
}
