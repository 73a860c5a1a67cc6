package io.github.adammeme.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.cli.internal.ShardMerge;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import io.github.adammeme.internal.report.EvaluationWriter;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a killed shard paid for is in the results: the answers it stored are marked with its attempt, and
 * the attempt that finishes the shard counts them in its usage (stage "unfinished attempts"), so the merged
 * run's usage holds every call paid for, once.
 */
class UnfinishedAttemptTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aKilledShardsPaidAnswersAreCountedByTheAttemptThatFinishesIt() throws Exception {
        Path dataset = SyntheticMemes.write(dir.resolve("memes"), SyntheticMemes.CAPTIONS.size());
        Path cache = dir.resolve("cache.db");
        try (SimulatedModelServer server = SimulatedModelServer.start()) {
            server.configure(new SimSettings(40, 0.3, 0, 0, 0, 0, 0, 0, 0, 0, 3));
            Process first = shard(server, dataset, cache, 1, "shard-1");
            assertTrue(
                    first.waitFor(5, TimeUnit.MINUTES) && first.exitValue() == 0,
                    "shard 1: " + dir.resolve("shard-1.log"));

            long before = server.answered().size();
            Process killed = shard(server, dataset, cache, 2, "killed");
            while (server.answered().size() - before < 40 && killed.isAlive()) {
                Thread.sleep(20);
            }
            assertTrue(killed.isAlive(), "shard 2 was still running when it was to be killed");
            killed.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // SIGKILL: it never finishes
            long[] left = marked(cache);
            assertTrue(left[0] > 0, "the killed shard had stored answers");

            Process restarted = shard(server, dataset, cache, 2, "shard-2");
            assertTrue(
                    restarted.waitFor(5, TimeUnit.MINUTES) && restarted.exitValue() == 0,
                    "shard 2 again: " + dir.resolve("shard-2.log"));
            long[] counted = unfinished(dir.resolve("shard-2"));
            System.out.printf(
                    "shard 2 killed after storing %d answers (%d tokens); the attempt that finished it counts"
                            + " %d answers (%d tokens) of unfinished attempts%n",
                    left[0], left[1], counted[0], counted[1]);
            assertEquals(
                    left[0],
                    counted[0],
                    "every answer the killed attempt stored, in the usage of the one that finished");
            assertEquals(left[1], counted[1], "and their tokens");
            assertEquals(
                    0,
                    marked(cache)[0],
                    "a finished attempt leaves no answer marked: no later attempt counts them again");

            ShardMerge.merge(List.of(dir.resolve("shard-1"), dir.resolve("shard-2")), dir.resolve("merged"));
            assertEquals(counted[0], unfinished(dir.resolve("merged"))[0], "the merged run's usage holds them");

            Process again = shard(server, dataset, cache, 2, "shard-2-again");
            assertTrue(again.waitFor(5, TimeUnit.MINUTES) && again.exitValue() == 0, "shard 2 a third time");
            assertEquals(0, unfinished(dir.resolve("shard-2-again"))[0], "counted once, by the attempt that finished");
        }
    }

    private Process shard(SimulatedModelServer server, Path dataset, Path cache, int index, String name)
            throws Exception {
        return ChildRuns.launch(
                server,
                dataset,
                cache.toString(),
                dir.resolve(name),
                dir.resolve(name + ".log"),
                Map.of(),
                "adammeme.shard=" + index + "/2");
    }

    /** Answers marked as paid by an attempt that has not finished, and their tokens. */
    private static long[] marked(Path cache) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + cache);
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT count(*), coalesce(sum(prompt_tokens + completion_tokens), 0) FROM calls"
                                + " WHERE paid_by IS NOT NULL")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }

    /** The answers and tokens a run's usage counts for unfinished attempts. */
    private static long[] unfinished(Path output) throws Exception {
        JsonNode summary =
                JSON.readTree(output.resolve(EvaluationWriter.SUMMARY).toFile());
        long answers = 0;
        long tokens = 0;
        for (JsonNode line : summary.path("usage")) {
            if (line.path("stage").asText().equals("unfinished attempts")) {
                answers += line.path("calls").asLong();
                tokens += line.path("promptTokens").asLong()
                        + line.path("completionTokens").asLong();
            }
        }
        return new long[] {answers, tokens};
    }
}
