package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.adammeme.internal.text.Secrets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * A PostgreSQL database shared by runs on many machines: shards of a CI matrix pay each call once.
 * Its user and password come from environment variables (by default the {@code PGUSER} and
 * {@code PGPASSWORD} of libpq) and are never part of the URL, so no configuration, report or log
 * can carry them.
 *
 * @param url         {@code jdbc:postgresql://host[:port]/database[?options]}, without credentials
 * @param userEnv     the variable holding the user
 * @param passwordEnv the variable holding the password
 */
@API(status = INTERNAL, since = "0.1.0")
public record PostgresDatabase(String url, String userEnv, String passwordEnv) implements CacheDatabase {

    /** How a configured cache names a PostgreSQL database. */
    public static final String URL_PREFIX = "jdbc:postgresql:";
    /** The variable holding the user, unless configured otherwise (libpq's). */
    public static final String DEFAULT_USER_ENV = "PGUSER";
    /** The variable holding the password, unless configured otherwise (libpq's). */
    public static final String DEFAULT_PASSWORD_ENV = "PGPASSWORD";

    /**
     * Any way the driver takes a credential inside the URL: the user, user-info, and every parameter
     * that is a password (password, sslpassword, and whatever a later driver adds).
     */
    private static final Pattern CREDENTIAL_IN_URL =
            Pattern.compile("(?i)([?&]user=)|([?&][^=&#]*password[^=&#]*=)|(//[^/?#]*@)");
    /** Migrations of two shards starting at once wait for each other on this lock. */
    private static final long MIGRATION_LOCK = 0x4164616d4d656d65L;

    /**
     * @throws IllegalArgumentException naming what is wrong: credentials in the URL, or a variable name
     *                                  that cannot be one
     */
    static PostgresDatabase of(String url, String userEnv, String passwordEnv) {
        if (CREDENTIAL_IN_URL.matcher(url).find()) {
            throw new IllegalArgumentException("the URL must not carry a user or password (it is written to reports and"
                    + " logs): put them in the variables named by adammeme.cache.user-env and adammeme.cache.password-env"
                    + " (default " + DEFAULT_USER_ENV + " and " + DEFAULT_PASSWORD_ENV + ")");
        }
        if (!url.regionMatches(true, 0, URL_PREFIX + "//", 0, URL_PREFIX.length() + 2)) {
            throw new IllegalArgumentException("expected jdbc:postgresql://host[:port]/database");
        }
        for (String variable : new String[] {userEnv, passwordEnv}) {
            if (!variable.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("'" + variable + "' is not the name of an environment variable");
            }
        }
        Secrets.registerVariable(passwordEnv);
        return new PostgresDatabase(url, userEnv, passwordEnv);
    }

    private Properties credentials() {
        Properties p = new Properties();
        String user = System.getenv(userEnv);
        String password = System.getenv(passwordEnv);
        if (user != null && !user.isEmpty()) {
            p.setProperty("user", user);
        }
        if (password != null) {
            p.setProperty("password", password);
        }
        p.setProperty("ApplicationName", "adammeme");
        return p;
    }

    @Override
    public Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(url, credentials());
        try {
            migrate(c);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private void migrate(Connection c) throws SQLException {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            // Concurrent CREATE TABLE IF NOT EXISTS can collide in PostgreSQL's catalog: one migration at a time.
            s.execute("SELECT pg_advisory_xact_lock(" + MIGRATION_LOCK + ")");
            CacheSchema.migrate(c, name());
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    @Override
    public Optional<Connection> connectToRead() throws SQLException {
        Connection c = connect();
        c.setReadOnly(true);
        return Optional.of(c);
    }

    /**
     * Whether a failure says the server cannot be reached now (down, restarting, the connection lost) rather
     * than that it refused what was asked: the first is waited out, the second is an error.
     *
     * @param failure what a statement or a connection attempt threw
     * @return whether it is a lost or refused connection
     */
    static boolean unreachable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException
                    || t instanceof SQLNonTransientConnectionException
                    || t instanceof SQLRecoverableException) {
                return true;
            }
            if (t instanceof SQLException e && e.getSQLState() != null) {
                String state = e.getSQLState();
                // 08: connection exceptions; 57P01..57P03: the server shutting down, crashed, or not yet accepting
                if (state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")) {
                    return true;
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** A pool for a run's many threads; its connections are checked out per statement. */
    HikariDataSource pool(int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setDataSourceProperties(credentials());
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(1);
        config.setPoolName("adammeme-cache");
        // Short: a server that is down is waited out by the cache, which knows how long an outage may last.
        config.setConnectionTimeout(5_000);
        // Creating the pool fails at once on a wrong host or password, not on the first paid answer.
        config.setInitializationFailTimeout(30_000);
        return new HikariDataSource(config);
    }

    @Override
    public String name() {
        return Secrets.redact(url);
    }

    @Override
    public CallCache openDurable() {
        return new PostgresCallCache(this);
    }

    @Override
    public String toString() {
        return name();
    }
}
