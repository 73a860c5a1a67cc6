package io.github.adammeme.internal.llm.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal of pending batches, read back after a restart: what it keeps, drops and refuses. */
class BatchJournalTest {

    @TempDir
    Path dir;

    private static BatchJournal.Entry entry(String file, String... calls) {
        Map<String, String> roles = new LinkedHashMap<>();
        for (String call : calls) {
            roles.put(call, "Target");
        }
        return new BatchJournal.Entry("https://api.example/v1", "gpt-4o", file, null, roles);
    }

    @Test
    void aPendingBatchIsReadBackAndAFinishedOneIsDroppedFromTheFile() throws Exception {
        Path file = dir.resolve("state").resolve("batches.jsonl");
        BatchJournal journal = BatchJournal.open(file);
        BatchJournal.Entry pending = entry("file-1", "a", "b");
        BatchJournal.Entry finished = entry("file-2", "c");
        journal.uploaded(pending);
        journal.submitted(pending.withBatch("batch_1"));
        journal.uploaded(finished);
        journal.submitted(finished.withBatch("batch_2"));
        journal.finished(finished.withBatch("batch_2"));
        assertEquals(5, Files.readAllLines(file).size(), "each event appended");

        BatchJournal reopened = BatchJournal.open(file);
        assertEquals(List.of(pending.withBatch("batch_1")), reopened.pending("https://api.example/v1", "gpt-4o"));
        assertEquals(
                List.of(),
                reopened.pending("https://api.example/v1", "gpt-4o-mini"),
                "another model's are not its own");
        assertEquals(
                2,
                Files.readAllLines(file).size(),
                "rewritten with the pending batch alone: " + Files.readAllLines(file));

        reopened.finished(pending.withBatch("batch_1"));
        BatchJournal.open(file);
        assertEquals(List.of(), Files.readAllLines(file), "nothing pending, nothing kept");
    }

    @Test
    void aLastLineCutShortByAKillIsDroppedAndTheJournalStaysUsable() throws Exception {
        Path file = dir.resolve("batches.jsonl");
        BatchJournal journal = BatchJournal.open(file);
        journal.uploaded(entry("file-1", "a"));
        Files.write(
                file,
                "{\"event\":\"uploaded\",\"endpoint\":\"https://api.exa".getBytes(StandardCharsets.UTF_8),
                StandardOpenOption.APPEND);

        BatchJournal reopened = BatchJournal.open(file);
        assertEquals(List.of(entry("file-1", "a")), reopened.pending("https://api.example/v1", "gpt-4o"));
        reopened.uploaded(entry("file-3", "z"));
        assertEquals(
                2,
                BatchJournal.open(file)
                        .pending("https://api.example/v1", "gpt-4o")
                        .size());
    }

    @Test
    void aDamagedLineIsNamedByFileAndLineNeverSkipped() throws Exception {
        Path file = dir.resolve("batches.jsonl");
        BatchJournal.open(file).uploaded(entry("file-1", "a"));
        String first = Files.readString(file);
        for (String[] damage : new String[][] {
            {"not json at all", "not JSON"},
            {
                "{\"event\":\"uploaded\",\"endpoint\":\"e\",\"model\":\"m\",\"file\":\"f\"}",
                "an uploaded batch without its calls"
            },
            {"{\"event\":\"submitted\",\"endpoint\":\"e\",\"batch\":\"b\"}", "no 'file'"},
            {"{\"event\":\"forgotten\",\"endpoint\":\"e\",\"file\":\"f\"}", "an unknown event 'forgotten'"}
        }) {
            Files.writeString(file, first + damage[0] + "\n" + first);
            BatchJournal.DamagedJournalException e =
                    assertThrows(BatchJournal.DamagedJournalException.class, () -> BatchJournal.open(file));
            assertTrue(
                    e.getMessage().contains(file.toAbsolutePath() + " is damaged at line 2: " + damage[1]),
                    e.getMessage());
        }
    }

    @Test
    void aLineLongerThanAnyBatchRecordIsNamedWithoutBeingHeld() throws Exception {
        Path file = dir.resolve("batches.jsonl");
        Files.writeString(file, "{\"calls\":\"" + "x".repeat(17 << 20) + "\"}\n");
        BatchJournal.DamagedJournalException e =
                assertThrows(BatchJournal.DamagedJournalException.class, () -> BatchJournal.open(file));
        assertTrue(e.getMessage().contains("damaged at line 1: the line is over"), e.getMessage());
    }
}
