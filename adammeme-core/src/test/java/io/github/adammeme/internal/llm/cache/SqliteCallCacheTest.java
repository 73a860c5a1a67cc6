package io.github.adammeme.internal.llm.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteCallCacheTest {

    @TempDir
    Path dir;

    private static final CallCache.Meta META = new CallCache.Meta("simulator", "sim:agent", "Miner");

    @Test
    void anAnswerSurvivesTheProcessThatStoredIt() {
        Path file = dir.resolve("cache.db");
        ChatResponse answer = new ChatResponse("{\"categories\": []}", null, "stop", new Usage(120, 8), false);
        try (SqliteCallCache cache = new SqliteCallCache(file)) {
            cache.put("k1", META, answer);
        }
        try (SqliteCallCache reopened = new SqliteCallCache(file)) {
            assertEquals(answer, reopened.get("k1").orElseThrow());
            assertTrue(reopened.get("k2").isEmpty());
            assertTrue(reopened.stats().contains("Miner"), reopened.stats());
        }
    }

    @Test
    void aFileOfAnotherSchemaIsRefusedNamingItAndWhatToDo() throws Exception {
        Path unversioned = dir.resolve("unversioned.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + unversioned);
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE calls (key TEXT PRIMARY KEY, content TEXT NOT NULL)");
        }
        IllegalStateException none = assertThrows(IllegalStateException.class, () -> new SqliteCallCache(unversioned));
        assertTrue(
                none.getMessage()
                        .contains("the cache " + unversioned + " has tables but no schema version, which this adammeme"
                                + " does not read (it reads version " + CacheSchema.VERSION + "): delete it, or set"
                                + " adammeme.cache to a new file or database"),
                none.getMessage());

        Path older = dir.resolve("older.db");
        try (SqliteCallCache cache = new SqliteCallCache(older)) {
            cache.put("k1", META, new ChatResponse("kept", null, "stop", new Usage(1, 1), false));
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + older);
                Statement s = c.createStatement()) {
            s.execute("UPDATE schema_version SET version = " + (CacheSchema.VERSION - 1));
        }
        IllegalStateException old = assertThrows(IllegalStateException.class, () -> new SqliteCallCache(older));
        assertTrue(
                old.getMessage()
                        .contains("the cache " + older + " has schema version " + (CacheSchema.VERSION - 1)
                                + ", which this adammeme does not read"),
                old.getMessage());
        assertTrue(old.getMessage().contains("delete it"), old.getMessage());
    }

    @Test
    void anAttemptLeftUnfinishedIsResumedAndAFinishedOneIsNot() {
        Path file = dir.resolve("cache.db");
        ChatResponse answer = new ChatResponse("an analysis", null, "stop", new Usage(300, 40), false);
        String killed = "run1/session-a/2026-11-28T06:00:00.000Z-01";
        String later = "run1/session-b/2026-11-28T07:00:00.000Z-02";
        try (SqliteCallCache first = new SqliteCallCache(file)) {
            assertTrue(first.resumable("run1").isEmpty(), "nothing to resume in an empty cache");
            first.paidBy(killed);
            first.put("t1", META, answer);
            try (SqliteCallCache running = new SqliteCallCache(file)) {
                assertTrue(running.resumable("run1").isEmpty(), "an attempt still running keeps its answers");
            }
        }
        // Interrupted: closed without finishing. A later attempt of another session was interrupted too: the newest
        // unfinished attempt is the one resumed.
        try (SqliteCallCache second = new SqliteCallCache(file)) {
            assertEquals(killed, second.resumable("run1").orElseThrow());
            second.paidBy(later);
            second.put("t2", META, answer);
        }
        try (SqliteCallCache third = new SqliteCallCache(file)) {
            assertEquals(later, third.resumable("run1").orElseThrow());
            assertTrue(third.resumable("run2").isEmpty(), "another run's attempts are not this run's");
            assertTrue(third.resumable("run").isEmpty(), "a run key is matched whole, not as a prefix");
            third.paidBy("run1/session-b/2026-11-28T08:00:00.000Z-03");
            third.unfinishedAttempts();
            third.attemptFinished();
            assertTrue(
                    third.resumable("run1").isEmpty(),
                    "a finished attempt leaves nothing to resume: the next run" + " asks the target afresh");
        }
    }

    @Test
    void aClaimIsExclusiveUntilAnsweredOrReleased() {
        Path file = dir.resolve("cache.db");
        try (SqliteCallCache one = new SqliteCallCache(file);
                SqliteCallCache two = new SqliteCallCache(file)) {
            assertTrue(one.claim("k"));
            assertTrue(one.claim("k"), "a claim is re-entrant for its owner");
            assertFalse(two.claim("k"));
            one.release("k");
            assertTrue(two.claim("k"));
            two.put("k", META, new ChatResponse("done", null, "stop", Usage.NONE, false));
            assertTrue(one.claim("k"), "an answered call holds no claim");
        }
    }

    @Test
    void aClosedCachesClaimsAreFreeForTheNextRunInTheSameProcess() {
        Path file = dir.resolve("cache.db");
        try (SqliteCallCache next = new SqliteCallCache(file)) {
            // An interrupted run closes its cache with calls still under way; its process lives on (an IDE, a build
            // daemon), so the claims' owner looks alive, and the next run would wait for answers that never come.
            SqliteCallCache interrupted = new SqliteCallCache(file);
            assertTrue(interrupted.claim("abandoned"));
            assertFalse(next.claim("abandoned"));
            interrupted.close();
            assertTrue(next.claim("abandoned"), "the closed cache's claim is gone");
        }
    }

    @Test
    void aClaimHeldLongerThanAnyCallCouldTakeIsTakenOver() throws Exception {
        Path file = dir.resolve("cache.db");
        try (SqliteCallCache mine = new SqliteCallCache(file)) {
            // Held by a process on another host, which this one cannot see die.
            try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + file);
                    PreparedStatement claim =
                            other.prepareStatement("INSERT INTO claims (key, owner, claimed_at) VALUES (?, ?, ?)")) {
                long now = System.currentTimeMillis();
                for (String[] row : new String[][] {
                    {"old", "" + (now - SqliteCallCache.STALE_CLAIM.toMillis() - 1000)}, {"young", "" + (now - 1000)}
                }) {
                    claim.setString(1, row[0]);
                    claim.setString(2, "4242@elsewhere/" + row[0]);
                    claim.setLong(3, Long.parseLong(row[1]));
                    claim.executeUpdate();
                }
            }
            assertTrue(mine.claim("old"), "a claim older than " + SqliteCallCache.STALE_CLAIM + " is stale");
            assertFalse(mine.claim("young"), "a live claim elsewhere is respected");
            mine.put("old", META, new ChatResponse("done", null, "stop", Usage.NONE, false));
            assertEquals(List.of("young"), claimedKeys(file), "storing the answer ends its claim");
        }
    }

    private static List<String> claimedKeys(Path file) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                ResultSet rs = c.createStatement().executeQuery("SELECT key FROM claims ORDER BY key")) {
            List<String> keys = new ArrayList<>();
            while (rs.next()) {
                keys.add(rs.getString(1));
            }
            return keys;
        }
    }

    @Test
    void pruningRemovesWhatWasNotUsedLately() {
        try (SqliteCallCache cache = new SqliteCallCache(dir.resolve("cache.db"))) {
            cache.put("a", META, new ChatResponse("a", null, "stop", Usage.NONE, false));
            cache.put(
                    "b",
                    new CallCache.Meta("simulator", "sim:keyword", "Target"),
                    new ChatResponse("b", null, "stop", Usage.NONE, false));
            assertEquals(0, cache.prune(Duration.ofDays(1), null), "both were used just now");
            assertEquals(1, cache.prune(Duration.ZERO.minusSeconds(1), "sim:keyword"));
            assertTrue(cache.get("a").isPresent());
            assertTrue(cache.get("b").isEmpty());
        }
    }

    @Test
    void twoProcessesSharingTheFilePayOnceForTheSameCall() throws Exception {
        Path file = dir.resolve("cache.db");
        AtomicInteger calls = new AtomicInteger();
        ChatModel slow = new ChatModel() {
            @Override
            public String identity() {
                return "slow";
            }

            @Override
            public String model() {
                return "m";
            }

            @Override
            public ChatResponse complete(ChatRequest request) {
                calls.incrementAndGet();
                try {
                    Thread.sleep(600);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new ChatResponse("the answer", null, "stop", new Usage(1, 1), false);
            }
        };
        ChatRequest request = new ChatRequest("Senior", List.of(ChatMessage.user("same question")), 0, 42, 64, 0, "t");
        // Two caches on one file, each with its own owner id: what two JVMs would have.
        try (SqliteCallCache a = new SqliteCallCache(file);
                SqliteCallCache b = new SqliteCallCache(file);
                ModelGateway first = new ModelGateway(slow, a, new UsageLedger(), 2);
                ModelGateway second = new ModelGateway(slow, b, new UsageLedger(), 2)) {
            CompletableFuture<ChatResponse> x = first.call(request);
            Thread.sleep(100);
            CompletableFuture<ChatResponse> y = second.call(request);
            assertEquals("the answer", x.join().content());
            assertEquals("the answer", y.join().content());
            assertTrue(y.join().fromCache(), "the second one waited for the first one's answer");
            assertEquals(1, calls.get());
        }
    }
}
