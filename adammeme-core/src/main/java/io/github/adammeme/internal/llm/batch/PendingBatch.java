package io.github.adammeme.internal.llm.batch;

import io.github.adammeme.internal.llm.ModelCallException;
import java.util.HashSet;
import java.util.Set;

/** A batch followed: sent by this process, or found in the journal. */
final class PendingBatch {

    BatchJournal.Entry entry;
    /** Whether a batch of its file may exist unrecorded (a process stopped, or a create call was lost). */
    boolean mayExist;

    final long since = System.nanoTime();
    long cancelledAt = -1;
    /** Calls whose line has been read, or given up on. */
    final Set<String> settled = new HashSet<>();
    /** Answers kept for calls that have not asked yet, and not stored: the batch stays open for them. */
    int kept;

    PendingBatch(BatchJournal.Entry entry, boolean mayExist) {
        this.entry = entry;
        this.mayExist = mayExist;
    }

    /** Fails every call of the batch whose line has not been read; the journal still holds the batch. */
    void failUnsettled(BatchWaiters waiters, ModelCallException why) {
        for (String id : entry.calls().keySet()) {
            if (settled.add(id)) {
                waiters.fail(id, why);
            }
        }
    }

    String name() {
        return entry.batch() != null ? "batch " + entry.batch() : "the batch of input file " + entry.file();
    }
}
