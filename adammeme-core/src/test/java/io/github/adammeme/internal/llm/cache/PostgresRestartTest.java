package io.github.adammeme.internal.llm.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.cost.Prices;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.testing.EmbeddedPostgresServer;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PostgreSQL cache across a restart of its server, on a server of its own that is stopped and started
 * again: a worker's claims stay its own, an answer paid for while the server is down is stored when it is
 * back (or left in the local spool for the next run), and a server that cannot be reached is named as such.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresRestartTest {

    private static final CallCache.Meta META = new CallCache.Meta("simulator", "sim:agent", "Miner");
    private static final ChatResponse ANSWER =
            new ChatResponse("{\"categories\": [\"race\"]}", null, "stop", new Usage(120, 8), false);
    private static final Duration OUTAGE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private EmbeddedPostgresServer.Restartable server;
    private int databases;

    @BeforeAll
    void startServer(@TempDir Path data) {
        server = EmbeddedPostgresServer.Restartable.start(data.resolve("pgdata"));
    }

    @AfterAll
    void stopServer() {
        server.close();
    }

    private PostgresDatabase newDatabase() {
        String url = server.newDatabase("restart_" + ++databases);
        return (PostgresDatabase) CacheStore.parse(url, "ADAMMEME_TEST_NO_SUCH_USER", "ADAMMEME_TEST_NO_SUCH_PASSWORD");
    }

    private PostgresCallCache open(PostgresDatabase db, String worker) {
        return new PostgresCallCache(db, dir.resolve(worker).resolve("unstored.jsonl"), OUTAGE);
    }

    @Test
    void aWorkersClaimOutlivesARestartAndIsStampedWithItsNewSession() throws Exception {
        PostgresDatabase db = newDatabase();
        try (PostgresCallCache holder = open(db, "holder");
                PostgresCallCache other = open(db, "other")) {
            assertTrue(holder.claim("k"));
            server.stop();
            server.start();
            // The holder's lifeline comes back by itself; the other worker, asking at once, finds the claim held
            // (stamped before the restart, its owner's grace not over, or already re-stamped with a live session).
            assertFalse(other.claim("k"), "a living worker's claim is not taken over after a restart");
            long restamped =
                    waitFor(() -> sessionOf(db, "k") != null && alive(db, sessionOf(db, "k")), Duration.ofSeconds(10));
            System.out.printf(
                    "the holder's claim was re-stamped with a live session %d ms after the restart%n", restamped);
            assertFalse(other.claim("k"), "a re-stamped claim holds");
            holder.put("k", META, ANSWER);
            // Stored at once, or, put while the lifeline was still being handed its new session, a moment later.
            waitFor(() -> other.get("k").isPresent(), Duration.ofSeconds(10));
            assertEquals(ANSWER, other.get("k").orElseThrow(), "the answer reaches the other worker");
        }
    }

    @Test
    void anAnswerPaidForWhileTheServerIsDownIsStoredWhenItIsBackAndNeverPaidAgain() throws Exception {
        PostgresDatabase db = newDatabase();
        Path spool = dir.resolve("payer").resolve("unstored.jsonl");
        try (PostgresCallCache payer = open(db, "payer");
                PostgresCallCache waiter = open(db, "waiter")) {
            assertTrue(payer.claim("paid"));
            server.stop();
            long start = System.nanoTime();
            payer.put("paid", META, ANSWER);
            long putMillis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(
                    putMillis < 10_000,
                    "an answer waits for the server without holding up its caller: " + putMillis + " ms");
            assertEquals(
                    ANSWER, payer.get("paid").orElseThrow(), "the payer reads its own answer while the server is down");
            assertTrue(Files.exists(spool), "the answer is in the local spool while the server is down");
            Thread.sleep(2_000);
            server.start();
            // The waiter asks meanwhile: the claim is still the payer's, so it waits rather than paying; it can take
            // the claim only once the answer is there (and then gives it back, as the gateway does).
            boolean claimed = waiter.claim("paid");
            boolean answered = waiter.get("paid").isPresent();
            if (claimed) {
                waiter.release("paid");
            }
            assertTrue(
                    !claimed || answered, "the waiter got the claim with no answer stored: it would have paid again");
            waitFor(() -> waiter.get("paid").isPresent(), Duration.ofSeconds(10));
            assertEquals(ANSWER, waiter.get("paid").orElseThrow());
            waitFor(() -> !Files.exists(spool), Duration.ofSeconds(5));
            assertEquals(0, count(db, "SELECT count(*) FROM claims"), "no claim is left behind");
        }
    }

    @Test
    @SuppressWarnings("try") // the second cache only has to be open while the first one drains
    void aWorkerThatEndsWhileTheServerIsDownLeavesItsAnswersToTheNextRunOnItsMachine() throws Exception {
        PostgresDatabase db = newDatabase();
        Path spool = dir.resolve("same-machine").resolve("unstored.jsonl");
        PostgresCallCache first = new PostgresCallCache(db, spool, OUTAGE);
        assertTrue(first.claim("left"));
        server.stop();
        first.put("left", META, ANSWER);
        first.close();
        assertTrue(Files.readString(spool).contains("\"key\":\"left\""), "the answer is kept in " + spool);
        server.start();
        try (PostgresCallCache next = new PostgresCallCache(db, spool, OUTAGE);
                PostgresCallCache elsewhere = open(db, "elsewhere")) {
            waitFor(() -> elsewhere.get("left").isPresent(), Duration.ofSeconds(10));
            assertEquals(ANSWER, elsewhere.get("left").orElseThrow(), "stored by the next run that opened the cache");
            // The spool goes once the flush that stored its answers has finished, a moment after they are readable.
            waitFor(() -> !Files.exists(spool), Duration.ofSeconds(5));
        }
    }

    @Test
    void aSpoolLineCutShortByAKillIsDroppedAndADamagedOneIsNamed() throws Exception {
        Path spool = dir.resolve("damaged.jsonl");
        Files.writeString(
                spool, "{\"database\":\"db\",\"key\":\"whole\",\"content\":\"a\"}\n{\"database\":\"db\",\"key\":\"cu");
        UnstoredAnswers read = UnstoredAnswers.open(spool, "db");
        assertEquals(1, read.size(), "the whole line is read, the one cut short is not");
        Files.writeString(
                spool, "{\"database\":\"db\",\"key\":\"whole\"}\nnot json\n{\"database\":\"db\",\"key\":\"x\"}\n");
        IllegalStateException damaged = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalStateException.class, () -> UnstoredAnswers.open(spool, "db"));
        assertTrue(
                damaged.getMessage().contains(spool.toAbsolutePath() + " is damaged at line 2"), damaged.getMessage());
    }

    @Test
    void aDatabaseThatCannotBeReachedIsNamedAsSuchNotAsACacheWithoutTheMining() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        PostgresDatabase db = (PostgresDatabase) CacheStore.parse(
                "jdbc:postgresql://localhost:" + closedPort + "/nowhere",
                "ADAMMEME_TEST_NO_SUCH_USER",
                "ADAMMEME_TEST_NO_SUCH_PASSWORD");
        CallCache cache = FailSafeCache.open(
                () -> new PostgresCallCache(db, dir.resolve("unreachable.jsonl"), Duration.ofSeconds(1)),
                db.name(),
                false);
        ChatModel never = new ChatModel() {
            @Override
            public String identity() {
                return "never";
            }

            @Override
            public String model() {
                return "m";
            }

            @Override
            public ChatResponse complete(ChatRequest request) {
                throw new AssertionError("a stage answered only from the cache paid for a call");
            }
        };
        try (ModelGateway gateway = new ModelGateway(never, cache, new UsageLedger(Prices.NONE), 1)) {
            gateway.answerOnlyFromCache("mining", "scoring pays for no mining", "run the mining on this cache first");
            ChatRequest miner =
                    new ChatRequest("Miner", List.of(ChatMessage.user("meme")), 1.0, 42, 100, 0, "digest", "mining");
            CompletionException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    CompletionException.class, () -> gateway.call(miner).join());
            String message = refused.getCause().getMessage();
            assertTrue(message.contains("cannot be reached") && message.contains(db.name()), message);
            assertFalse(
                    message.contains("on this cache first"), "the remedy for a cache without the mining: " + message);
        }
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    /** Waits until the check holds; returns how long that took, in milliseconds. */
    private static long waitFor(Check check, Duration limit) throws Exception {
        long start = System.nanoTime();
        while (!check.holds()) {
            assertTrue(System.nanoTime() - start < limit.toNanos(), "not within " + limit);
            Thread.sleep(50);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static Long sessionOf(PostgresDatabase db, String key) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT session FROM claims WHERE key = '" + key + "'")) {
            return rs.next() ? rs.getLong(1) : null;
        }
    }

    private static boolean alive(PostgresDatabase db, long session) throws Exception {
        return count(db, "SELECT count(*) FROM pg_stat_activity WHERE pid = " + session) == 1;
    }

    private static long count(PostgresDatabase db, String query) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
