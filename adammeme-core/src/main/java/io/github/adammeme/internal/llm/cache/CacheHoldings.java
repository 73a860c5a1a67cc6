package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a call cache already holds, by role and model: the answers a run could find there instead of paying for
 * them. Read without writing: a database that does not exist yet is not created, and an unreachable one holds
 * nothing as far as a plan knows.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class CacheHoldings {

    private CacheHoldings() {}

    /**
     * @param store the configured cache
     * @return answers held, by {@code role + " " + model}; empty for a cache in memory, none, or one not there yet
     */
    public static Map<String, Long> of(CacheStore store) {
        Map<String, Long> held = new LinkedHashMap<>();
        if (!(store instanceof CacheDatabase database)) {
            return held;
        }
        try {
            Optional<Connection> read = database.connectToRead();
            if (read.isEmpty()) {
                return held;
            }
            try (Connection c = read.get();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT role, model, count(*) FROM calls GROUP BY 1, 2")) {
                while (rs.next()) {
                    held.put(rs.getString(1) + " " + rs.getString(2), rs.getLong(3));
                }
            }
        } catch (SQLException | RuntimeException e) {
            // A plan is an estimate: a cache it cannot read is one it counts as empty, which only overstates the cost.
            held.clear();
        }
        return held;
    }
}
