package io.github.adammeme.internal.llm.batch;

import com.openai.models.batches.Batch;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.text.Console;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Collects an ended batch: reads its output and error files, stores each answer and hands it to its
 * call, and tells the journal once the batch is done with. A batch whose answers of several choices
 * have not reached their calls yet stays open, so a kill never loses an answer paid for.
 */
final class BatchCollector {

    /**
     * How long after its answers are handed over a batch is marked done. The replicas' answers of one
     * request are stored by the calls that receive them, moments later; a kill before the mark costs a
     * second download of the batch's output, never a call.
     */
    private static final Duration FINISH_GRACE = Duration.ofSeconds(30);

    private final BatchEndpoint endpoint;
    private final BatchJournal journal;
    private final CallCache cache;
    private final BatchWaiters waiters;
    private final ChatModel model;
    private final String who;
    private final ScheduledExecutorService clock;
    /** Batches read to their end and not yet marked done. */
    private final Set<PendingBatch> finishing = new HashSet<>();

    BatchCollector(
            BatchEndpoint endpoint,
            BatchJournal journal,
            CallCache cache,
            BatchWaiters waiters,
            ChatModel model,
            ScheduledExecutorService clock) {
        this.endpoint = endpoint;
        this.journal = journal;
        this.cache = cache;
        this.waiters = waiters;
        this.model = model;
        this.who = model.model() + " at " + model.identity();
        this.clock = clock;
    }

    /** Reads what an ended batch answered, both files; a call no line mentions was never answered. */
    void collect(PendingBatch p, Batch batch, String status) {
        String about = "batch " + batch.id() + " (" + status + ")";
        for (Optional<String> file : List.of(batch.outputFileId(), batch.errorFileId())) {
            if (file.isPresent()) {
                endpoint.read(file.get(), lines -> {
                    for (String line = lines.next(); line != null; line = lines.next()) {
                        BatchLines.Result result = BatchLines.read(line, who, about, endpoint.mapper());
                        if (result != null
                                && p.entry.calls().containsKey(result.customId())
                                && p.settled.add(result.customId())) {
                            deliver(p, result);
                        }
                    }
                });
            }
        }
        p.failUnsettled(waiters, new ModelCallException(who + ": " + about + " ended without answering this call"));
        finishLater(p);
    }

    /** A single call's answer is stored before it is handed over, so no answer paid for is lost to a kill. */
    private void deliver(PendingBatch p, BatchLines.Result result) {
        String id = result.customId();
        if (result.failure() != null) {
            waiters.fail(id, result.failure());
            return;
        }
        List<ChatResponse> answers = Objects.requireNonNull(result.answers(), "a result without a failure has answers");
        String key = BatchLines.cacheKey(id);
        if (key != null) {
            try {
                cache.put(
                        key,
                        new CallCache.Meta(
                                model.identity(),
                                model.model(),
                                Objects.requireNonNull(
                                        p.entry.calls().get(id), "delivered only for the batch's calls")),
                        answers.get(0));
            } catch (RuntimeException notStored) {
                // The waiting call stores it again, and its failure is reported there as the cache's policy says.
            }
            waiters.answer(id, answers, () -> {});
            return;
        }
        // The answers of several choices are stored by the call that receives them, under its replicas' keys:
        // until it has, the batch stays open.
        synchronized (finishing) {
            p.kept++;
        }
        if (waiters.answer(id, answers, () -> claimed(p))) {
            claimed(p);
        }
    }

    /** A kept answer of several choices reached its call, which stores it. */
    private void claimed(PendingBatch p) {
        synchronized (finishing) {
            p.kept--;
            finishIfIdle(p);
        }
    }

    /** Once every answer is stored or handed over, and a moment more, the batch is done with. */
    private void finishLater(PendingBatch p) {
        synchronized (finishing) {
            finishing.add(p);
            finishIfIdle(p);
        }
    }

    /** Called holding {@code finishing}: a batch that is read and has no answer left to claim finishes soon. */
    private void finishIfIdle(PendingBatch p) {
        if (p.kept == 0 && finishing.contains(p)) {
            var unused = clock.schedule(() -> finish(p), FINISH_GRACE.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    private void finish(PendingBatch p) {
        synchronized (finishing) {
            if (p.kept > 0 || !finishing.remove(p)) {
                return;
            }
        }
        markDone(p);
    }

    void markDone(PendingBatch p) {
        try {
            journal.finished(p.entry);
        } catch (UncheckedIOException e) {
            Console.warn(e.getMessage() + "; a restart will look at " + p.name() + " again, at no cost");
        }
    }

    /**
     * The run is over and the batch thread idle: batches read to their end are marked done now rather than
     * after their grace. Their answers have reached their calls, which stored them before the run could
     * end; an answer still kept was not needed by this run.
     */
    void close() {
        List<PendingBatch> done;
        synchronized (finishing) {
            done = List.copyOf(finishing);
            finishing.clear();
        }
        done.forEach(this::markDone);
    }
}
