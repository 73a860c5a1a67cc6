package io.github.adammeme.internal.report.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.llm.cache.CacheDatabase;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.summary.release.ReleaseDecision;
import java.io.IOException;
import java.io.StringWriter;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Finished runs kept in the cache database (table {@code runs}), so a later run can name one as its
 * baseline without anyone keeping its output folder: {@code adammeme.baseline=cache:sim:keyword}
 * (that target's latest whole run that scored) or {@code cache:<run id>}. On a PostgreSQL cache the
 * runs of every machine are there. Users can query the table like the calls.
 *
 * <p>A run's id is its target, its start and a random part ({@code sim:keyword@2026-11-23T10:00:00Z-3fa91c}):
 * the shards of a CI matrix start in the same second, and each keeps a record of its own. An id already
 * taken is never overwritten: another random part is drawn.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RunRecords {

    /** A recorded run: its id ({@code target@startedAt-random}), target, and its summary and samples as written to files. */
    public record Run(String id, String target, String startedAt, String summary, String samples) {}

    private static final String RUN_COLUMNS = "id, target, started_at, summary, samples";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Draws of a random part before giving up: a clash of 24 random bits is one in millions, two in a row unheard of. */
    private static final int DRAWS = 8;

    private RunRecords() {}

    /**
     * Records a finished run (its summary and samples, redacted) under an id of its own.
     *
     * @param database the cache database
     * @param e the evaluation
     * @param startedAt when the run started
     * @return the run's id, {@code target@startedAt-random}
     * @throws IllegalStateException when the database cannot be written
     */
    public static String record(CacheDatabase database, Evaluation e, String startedAt) {
        return record(database, e, null, startedAt);
    }

    /**
     * Records a finished run with its release decision, so a later run's {@code cache:<target>} baseline is its last
     * release, not a rejected one.
     *
     * @param database the cache database
     * @param e the evaluation
     * @param decision what its figures decided, or null for none
     * @param startedAt when the run started
     * @return the run's id, {@code target@startedAt-random}
     * @throws IllegalStateException when the database cannot be written
     */
    public static String record(
            CacheDatabase database, Evaluation e, @Nullable ReleaseDecision decision, String startedAt) {
        try (Connection c = database.connect();
                PreparedStatement insert = c.prepareStatement(
                        "INSERT INTO runs (" + RUN_COLUMNS + ") VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")) {
            StringWriter samples = new StringWriter();
            for (String line : EvaluationWriter.sampleLinesOf(e)) { // redacted, as the summary is
                samples.write(line);
                samples.write('\n');
            }
            insert.setString(2, e.run().target());
            insert.setString(3, startedAt);
            insert.setString(4, EvaluationWriter.summaryJson(e, decision));
            insert.setString(5, samples.toString());
            for (int draw = 0; draw < DRAWS; draw++) {
                String id = newId(e.run().target(), startedAt);
                insert.setString(1, id);
                if (insert.executeUpdate() == 1) {
                    return id;
                }
            }
            throw new SQLException(
                    DRAWS + " run ids drawn for " + e.run().target() + " at " + startedAt + " were all taken");
        } catch (SQLException | IOException ex) {
            throw new IllegalStateException("cannot record the run in " + database.name() + ": " + ex.getMessage(), ex);
        }
    }

    /** The target, the start, and 24 random bits as six hexadecimal digits: readable, and apart from any other run's. */
    static String newId(String target, String startedAt) {
        return target + "@" + startedAt + "-"
                + HexFormat.of().toHexDigits(RANDOM.nextInt()).substring(2);
    }

    /**
     * The run a selector names: a run id, or a target's last release, its latest run that can stand as its
     * baseline: a whole run that scored samples (a shard's record holds part of a run, a run that scored nothing
     * holds no figures) and whose release decision did not fail (a rejected release is no baseline: held against
     * it, the same regressed model run again would pass). Reads only: a baseline writes nothing.
     *
     * @param database the cache database
     * @param selector a run id or a target
     * @return the run, or empty
     */
    public static Optional<Run> find(CacheDatabase database, String selector) {
        return find(database, selector, null);
    }

    /**
     * As {@link #find(CacheDatabase, String)}, a target's last release taken among its runs on this dataset only:
     * a run on other memes pairs no sample with this one, and its FR is another population's.
     *
     * @param database the cache database
     * @param selector a run id or a target
     * @param dataset  the datasets a target's release must have evaluated, as {@code EvaluationConfig.datasetKey()} names
     *                 them; null for any
     * @return the run, or empty
     */
    public static Optional<Run> find(CacheDatabase database, String selector, @Nullable String dataset) {
        return read(database, Optional.empty(), c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT " + RUN_COLUMNS + " FROM runs WHERE id = ?")) {
                q.setString(1, selector);
                try (ResultSet rs = q.executeQuery()) {
                    if (rs.next()) {
                        return Optional.of(run(rs));
                    }
                }
            }
            try (PreparedStatement q = c.prepareStatement(
                    "SELECT " + RUN_COLUMNS + " FROM runs WHERE target = ?" + " ORDER BY started_at DESC, id DESC")) {
                q.setString(1, selector);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        Run run = run(rs);
                        if (baselineCandidate(run) && (dataset == null || dataset.equals(datasetOf(run)))) {
                            return Optional.of(run);
                        }
                    }
                }
            }
            return Optional.empty();
        });
    }

    /** The datasets a recorded run evaluated, as its summary names them for another checkout of the project. */
    static @Nullable String datasetOf(Run run) {
        try {
            JsonNode r = JSON.readTree(run.summary()).path("run");
            return r.path("datasetKey").isTextual()
                    ? r.path("datasetKey").asText()
                    : r.path("dataset").asText(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** A whole run (not one shard's part) that counted at least one sample in its figures, and was not rejected. */
    static boolean baselineCandidate(Run run) {
        JsonNode summary;
        try {
            summary = JSON.readTree(run.summary());
        } catch (IOException e) {
            return false;
        }
        return summary != null
                && Baseline.unfit(summary).isEmpty()
                && !ReleaseDecision.Verdict.FAILED
                        .name()
                        .equals(summary.at("/decision/verdict").asText());
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
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id FROM runs ORDER BY started_at DESC")) {
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

    /** A file no run has made its tables in (empty, or another program's) records no runs, and is not changed. */
    private static boolean hasRuns(Connection c) throws SQLException {
        try (ResultSet rs = c.getMetaData().getTables(null, null, "runs", null)) {
            return rs.next();
        }
    }
}
