package io.github.adammeme.internal.llm.cache;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where a run keeps its calls ({@code adammeme.cache}): nowhere, in memory, in a SQLite file (the
 * embedded default) or in a PostgreSQL database that shards on many machines share.
 */
@API(status = INTERNAL, since = "0.1.0")
public sealed interface CacheStore permits CacheStore.None, CacheStore.Memory, CacheDatabase {

    /** Nothing is kept: every run pays for every call. */
    record None() implements CacheStore {
        @Override
        public CallCache open(boolean required) {
            return CallCache.NONE;
        }

        @Override
        public String toString() {
            return "none";
        }
    }

    /** Kept for this process only. */
    record Memory() implements CacheStore {
        @Override
        public CallCache open(boolean required) {
            return new InMemoryCallCache();
        }

        @Override
        public String toString() {
            return "memory";
        }
    }

    /**
     * The store a configuration value names: {@code none}, {@code memory}, a {@code jdbc:postgresql:}
     * URL (its user and password read from the variables {@code userEnv} and {@code passwordEnv}), or
     * else a SQLite file.
     *
     * @param value the configured store
     * @param userEnv the variable holding a PostgreSQL user
     * @param passwordEnv the variable holding a PostgreSQL password
     * @return the store, not yet opened
     * @throws IllegalArgumentException when the value cannot name a store; the message says why
     */
    static CacheStore parse(String value, String userEnv, String passwordEnv) {
        String v = value.trim();
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "none" -> new None();
            case "memory" -> new Memory();
            default ->
                v.regionMatches(true, 0, PostgresDatabase.URL_PREFIX, 0, PostgresDatabase.URL_PREFIX.length())
                        ? postgres(v, userEnv, passwordEnv)
                        : new SqliteDatabase(Path.of(v));
        };
    }

    /**
     * PostgreSQL's driver and pool are optional dependencies, which only users of a shared cache add: what is missing
     * is named before PostgresDatabase, which links against both, is loaded.
     */
    private static CacheStore postgres(String url, String userEnv, String passwordEnv) {
        List<String> missing = new ArrayList<>();
        for (String[] needed : new String[][] {
            {"org.postgresql.Driver", "org.postgresql:postgresql"},
            {"com.zaxxer.hikari.HikariDataSource", "com.zaxxer:HikariCP"}
        }) {
            try {
                Class.forName(needed[0], false, CacheStore.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError absent) {
                missing.add(needed[1]);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("a PostgreSQL cache needs " + String.join(" and ", missing)
                    + " on the classpath, which the build does not have; add them to its test dependencies");
        }
        return PostgresDatabase.of(url, userEnv, passwordEnv);
    }

    /**
     * The call cache, never losing a paid answer to its store: when the store fails, answers are kept in
     * memory (or the run stops, if {@code required}). The caller closes it.
     *
     * @param required whether the run must stop rather than go on without the store
     * @return the cache
     */
    CallCache open(boolean required);

    /**
     * The database that also records finished runs, if this store is one.
     *
     * @return the database, or empty
     */
    default Optional<CacheDatabase> database() {
        return Optional.empty();
    }

    /**
     * Why the store cannot take answers, found before a paid call: empty when it can.
     *
     * @return the problem, or empty
     */
    default Optional<String> problem() {
        return Optional.empty();
    }
}
