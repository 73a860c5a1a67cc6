package io.github.adammeme.internal.pipeline.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.cache.CacheStore;
import io.github.adammeme.internal.llm.cache.FailSafeCache;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.llm.resilience.RunStop;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an interrupted run says of the answers it paid for: where they are, and never a store that did not keep them. */
class InterruptionLineTest {

    @TempDir
    Path dir;

    private static Interruption of(CacheStore cache) {
        return new Interruption(new RunStop(), cache, new PrintStream(OutputStream.nullOutputStream()), line -> {});
    }

    @Test
    void aCacheFileThatKeepsTheAnswersIsNamedWithHowToResume() {
        SqliteDatabase db = new SqliteDatabase(dir.resolve("kept.db"));
        FailSafeCache.open(db::openDurable, db.name(), false).close();
        String line = of(db).line();
        assertTrue(
                line.endsWith("0 answers paid for, kept in the call cache "
                        + db.file().toAbsolutePath() + "; run the same command again to resume from the cache"),
                line);
    }

    @Test
    void aCacheFileThatCouldNotOpenIsNotNamedAsKeepingThem() {
        SqliteDatabase db = new SqliteDatabase(dir.resolve("unopened.db"));
        FailSafeCache.open(
                        () -> {
                            throw new IllegalStateException("SQLite's native library cannot be loaded");
                        },
                        db.name(),
                        false)
                .close();
        String line = of(db).line();
        assertTrue(
                line.contains(
                        "paid for, not kept: the call cache " + db.name() + " cannot open answers: SQLite's native"
                                + " library cannot be loaded; a run again pays for them again"),
                line);
        // Opened again, it keeps them again.
        FailSafeCache.open(db::openDurable, db.name(), false).close();
        assertTrue(of(db).line().contains("kept in the call cache"), of(db).line());
    }

    @Test
    void aMemoryCacheSaysTheAnswersAreNotKept() {
        assertEquals(
                "interrupted before its first call; 0 answers paid for, not kept (adammeme.cache=memory): a run again"
                        + " pays for them again",
                of(new CacheStore.Memory()).line());
    }
}
