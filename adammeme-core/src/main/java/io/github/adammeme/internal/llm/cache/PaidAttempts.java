package io.github.adammeme.internal.llm.cache;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which attempt of a run paid for a stored answer, in the {@code paid_by} column of {@code calls}: an
 * attempt's id is its run's key, a slash, then what sets it apart ({@code 3fa91c0a.../2026-11-25T10:00:00Z-5e1d}).
 * An attempt holds a lease (a claim, whose worker's liveness the store judges as it does a call's) while it
 * runs, and clears its mark when it finishes, since its results account for what it paid; the answers
 * still marked by another attempt of the same run whose lease is gone were paid by one that was killed or
 * lost, and the attempt that finishes counts them in its own results and takes them over. The same SQL serves SQLite and
 * PostgreSQL, on a connection of the store's.
 */
final class PaidAttempts {

    private PaidAttempts() {}

    /** The run an attempt belongs to: the part of its id before the slash. */
    static String runOf(String attempt) {
        int slash = attempt.indexOf('/');
        return slash < 0 ? attempt : attempt.substring(0, slash);
    }

    /** The claim an attempt holds while it runs: its worker's liveness, judged as a call's claim is. */
    static String lease(String attempt) {
        return "attempt " + attempt;
    }

    /** Whether an attempt is over without having finished, judged on the store's connection. */
    @FunctionalInterface
    interface Gone {
        boolean test(Connection c, String attempt) throws SQLException;
    }

    /**
     * The answers other attempts of this attempt's run stored and never finished, by role and model, taken
     * over by this attempt in the same transaction. An attempt still running (another worker on the same
     * shard, say) keeps its own: it counts them when it finishes.
     */
    static List<CallCache.Paid> adopt(Connection c, String attempt, Gone gone) throws SQLException {
        String others = like(runOf(attempt)) + "/%";
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            List<String> over = new ArrayList<>();
            try (PreparedStatement q = c.prepareStatement(
                    "SELECT DISTINCT paid_by FROM calls WHERE paid_by LIKE ? ESCAPE '\\'" + " AND paid_by <> ?")) {
                q.setString(1, others);
                q.setString(2, attempt);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        over.add(rs.getString(1));
                    }
                }
            }
            over.removeIf(other -> {
                try {
                    return !gone.test(c, other);
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            List<CallCache.Paid> paid = new ArrayList<>();
            for (String other : over) {
                try (PreparedStatement q = c.prepareStatement(
                                "SELECT role, model, count(*), sum(prompt_tokens),"
                                        + " sum(completion_tokens) FROM calls WHERE paid_by = ? GROUP BY role, model ORDER BY role, model");
                        PreparedStatement take = c.prepareStatement("UPDATE calls SET paid_by = ? WHERE paid_by = ?");
                        PreparedStatement end = c.prepareStatement("DELETE FROM claims WHERE key = ?")) {
                    q.setString(1, other);
                    try (ResultSet rs = q.executeQuery()) {
                        while (rs.next()) {
                            paid.add(new CallCache.Paid(
                                    rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)));
                        }
                    }
                    take.setString(1, attempt);
                    take.setString(2, other);
                    take.executeUpdate();
                    end.setString(1, lease(other));
                    end.executeUpdate();
                }
            }
            c.commit();
            return paid;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    /**
     * The newest attempt of this run that stored answers and ended without finishing (its lease gone: killed,
     * interrupted or lost), whose target answers a new attempt of the same run goes on with. Attempts still
     * running are not resumed: their answers are their own until they end.
     *
     * @param run  the run's key
     * @param gone whether an attempt is over without having finished
     * @return its id, or empty when no attempt of the run was left unfinished
     */
    static Optional<String> resumable(Connection c, String run, Gone gone) throws SQLException {
        List<String> left = new ArrayList<>();
        try (PreparedStatement q =
                c.prepareStatement("SELECT DISTINCT paid_by FROM calls WHERE paid_by LIKE ? ESCAPE '\\'")) {
            q.setString(1, like(run) + "/%");
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    left.add(rs.getString(1));
                }
            }
        }
        String newest = null;
        for (String attempt : left) {
            if ((newest == null || started(attempt).compareTo(started(newest)) > 0) && gone.test(c, attempt)) {
                newest = attempt;
            }
        }
        return Optional.ofNullable(newest);
    }

    /** When an attempt started, from the last part of its id (an ISO instant, which sorts as text). */
    private static String started(String attempt) {
        return attempt.substring(attempt.lastIndexOf('/') + 1);
    }

    /** The run's key as a LIKE pattern matches it literally. */
    private static String like(String run) {
        return run.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** The attempt finished: no later attempt counts its answers again, and its lease ends. */
    static void finished(Connection c, String attempt) throws SQLException {
        try (PreparedStatement u = c.prepareStatement("UPDATE calls SET paid_by = NULL WHERE paid_by = ?");
                PreparedStatement end = c.prepareStatement("DELETE FROM claims WHERE key = ?")) {
            u.setString(1, attempt);
            u.executeUpdate();
            end.setString(1, lease(attempt));
            end.executeUpdate();
        }
    }
}
