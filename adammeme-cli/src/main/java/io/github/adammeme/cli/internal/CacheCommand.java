package io.github.adammeme.cli.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.cache.CacheDatabase;
import io.github.adammeme.internal.llm.cache.CacheMaintenance;
import io.github.adammeme.internal.llm.cache.CacheStore;
import io.github.adammeme.internal.llm.cache.PostgresDatabase;
import io.github.adammeme.internal.llm.cache.SqliteCallCache;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.text.Secrets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Looks after a cache database, SQLite file or PostgreSQL, from the command line. A database is a
 * {@code .db} file or a {@code jdbc:postgresql://} URL (credentials from {@code PGUSER} and
 * {@code PGPASSWORD}, or the variables named by {@code -Dadammeme.cache.user-env} and
 * {@code -Dadammeme.cache.password-env}); without one, {@code .adammeme/cache.db}.
 * The command line's {@code cache}:
 * <pre>
 * cache stats  [database]
 * cache prune  &lt;days&gt; [model] [database]
 * cache export &lt;to-database&gt; [database]     copies calls and run records the destination lacks
 * cache import &lt;from-database&gt; [database]
 * </pre>
 */
@API(status = INTERNAL, since = "0.1.0")
public final class CacheCommand {

    private static final String USAGE = "usage: cache stats [database] | prune <days> [model] [database]"
            + " | export <to-database> [database] | import <from-database> [database]"
            + "  (a database is a .db file or a jdbc:postgresql:// URL)";

    private CacheCommand() {}

    /**
     * Runs one command.
     *
     * @param args     the command and its arguments, as in the usage above
     * @param settings {@code adammeme.*} settings: the variables a PostgreSQL cache's user and password are read from
     * @return what the command prints
     * @throws IllegalArgumentException naming a bad argument
     * @throws SQLException when the database fails
     */
    public static String run(String[] args, Map<String, String> settings) throws SQLException {
        if (args.length == 0) {
            throw new IllegalArgumentException(USAGE);
        }
        List<String> rest = new ArrayList<>(List.of(args).subList(1, args.length));
        boolean mayCreate = args[0].equals("import");
        if (args[0].equals("stats") && (rest.size() > 1 || (rest.size() == 1 && !isDatabase(rest.get(0))))) {
            // The default cache's figures, shown for a file the user named, would answer another question.
            throw new IllegalArgumentException(
                    "stats takes at most a database, a .db file or a jdbc:postgresql:// URL; '"
                            + Secrets.redact(rest.get(0)) + "' is neither");
        }
        CacheDatabase database = rest.isEmpty() || !isDatabase(rest.get(rest.size() - 1))
                ? database(SqliteDatabase.DEFAULT_FILE.toString(), mayCreate, settings)
                : database(rest.remove(rest.size() - 1), mayCreate, settings);
        return switch (args[0]) {
            case "stats" -> {
                try (Connection c = database.connect()) {
                    yield CacheMaintenance.stats(c);
                }
            }
            case "prune" -> {
                if (rest.isEmpty() || !rest.get(0).matches("\\d{1,6}")) {
                    throw new IllegalArgumentException(
                            "prune needs a number of days: calls not used for that long are removed");
                }
                String model = rest.size() > 1 ? rest.get(1) : null;
                Duration age = Duration.ofDays(Long.parseLong(rest.get(0)));
                int removed;
                if (database instanceof SqliteDatabase file) {
                    try (SqliteCallCache cache = new SqliteCallCache(file)) {
                        removed = cache.prune(age, model); // and gives the space back to the file system
                    }
                } else {
                    try (Connection c = database.connect()) {
                        removed = CacheMaintenance.prune(c, age, model);
                    }
                }
                yield "removed " + removed + " calls from " + database.name() + System.lineSeparator();
            }
            case "export", "import" -> {
                if (rest.size() != 1 || !isDatabase(rest.get(0))) {
                    throw new IllegalArgumentException(
                            args[0] + " needs the other database: a .db file or a" + " jdbc:postgresql:// URL");
                }
                CacheDatabase other = database(rest.get(0), args[0].equals("export"), settings);
                CacheDatabase from = args[0].equals("export") ? database : other;
                CacheDatabase to = args[0].equals("export") ? other : database;
                CacheMaintenance.Copied copied;
                try (Connection source = from.connectToRead()
                                .orElseThrow(
                                        () -> new IllegalArgumentException("no cache database at " + from.name()));
                        Connection destination = to.connect()) {
                    copied = CacheMaintenance.copy(source, destination);
                }
                yield String.format(
                        "%s -> %s: %d calls and %d run records copied; %d calls and %d runs were there already%n",
                        from.name(),
                        to.name(),
                        copied.calls(),
                        copied.runs(),
                        copied.callsPresent(),
                        copied.runsPresent());
            }
            default -> throw new IllegalArgumentException(USAGE);
        };
    }

    private static boolean isDatabase(String arg) {
        return arg.endsWith(".db")
                || arg.regionMatches(true, 0, PostgresDatabase.URL_PREFIX, 0, PostgresDatabase.URL_PREFIX.length());
    }

    /** The database an argument names; a SQLite file that is only read must exist. */
    private static CacheDatabase database(String arg, boolean mayCreate, Map<String, String> settings) {
        CacheStore store = CacheStore.parse(
                arg,
                settings.getOrDefault(Constants.CACHE_USER_ENV, PostgresDatabase.DEFAULT_USER_ENV),
                settings.getOrDefault(Constants.CACHE_PASSWORD_ENV, PostgresDatabase.DEFAULT_PASSWORD_ENV));
        if (!(store instanceof CacheDatabase database)) {
            throw new IllegalArgumentException("'" + arg + "' is not a cache database");
        }
        if (database instanceof SqliteDatabase s && !mayCreate && !Files.isRegularFile(s.file())) {
            throw new IllegalArgumentException("no call cache at " + s.file().toAbsolutePath());
        }
        return database;
    }
}
