package io.github.adammeme.llm;

import com.openai.models.batches.Batch;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Follows batches to their end, on the one thread of their model: creates the batch of an uploaded
 * file (or finds the one a stopped process created), polls it, cancels it past the longest wait, reads
 * its output and error files, stores each answer and hands it to its call, and tells the journal once
 * the batch is done with. A batch that may still answer is never marked done, so a later run collects
 * what it was charged for.
 */
final class BatchFollower {

    /** OpenAI may take up to ten minutes to cancel a batch; past that its calls are failed regardless. */
    static final Duration CANCEL_GRACE = Duration.ofMinutes(10);
    /**
     * How long after its answers are handed over a batch is marked done. The replicas' answers of one
     * request are stored by the calls that receive them, moments later; a kill before the mark costs a
     * second download of the batch's output, never a call.
     */
    private static final Duration FINISH_GRACE = Duration.ofSeconds(30);

    /** A batch followed: sent by this process, or found in the journal. */
    static final class Pending {
        private BatchJournal.Entry entry;
        /** Whether a batch of its file may exist unrecorded (a process stopped, or a create call was lost). */
        private boolean mayExist;
        private final long since = System.nanoTime();
        private long cancelledAt = -1;
        /** Calls whose line has been read, or given up on. */
        private final Set<String> settled = new HashSet<>();
        /** Answers kept for calls that have not asked yet, and not stored: the batch stays open for them. */
        private int kept;

        Pending(BatchJournal.Entry entry, boolean mayExist) {
            this.entry = entry;
            this.mayExist = mayExist;
        }
    }

    private final BatchEndpoint endpoint;
    private final BatchJournal journal;
    private final CallCache cache;
    private final BatchWaiters waiters;
    private final BatchSettings settings;
    private final ChatModel model;
    private final String who;
    private final ScheduledExecutorService clock;
    /** Batches read to their end and not yet marked done. */
    private final Set<Pending> finishing = new HashSet<>();
    private volatile boolean closed;

    BatchFollower(BatchEndpoint endpoint, BatchJournal journal, CallCache cache, BatchWaiters waiters,
                  BatchSettings settings, ChatModel model, ScheduledExecutorService clock) {
        this.endpoint = endpoint;
        this.journal = journal;
        this.cache = cache;
        this.waiters = waiters;
        this.settings = settings;
        this.model = model;
        this.who = model.model() + " at " + model.identity();
        this.clock = clock;
    }

    /** Starts following a batch: its calls now wait on it. */
    void follow(Pending p) {
        p.entry.calls().keySet().forEach(waiters::inBatch);
        clock.execute(() -> poll(p));
    }

    /** Creates the batch if need be, then asks how it is doing; on the clock thread. */
    private void poll(Pending p) {
        if (closed) {
            return;
        }
        try {
            if (p.entry.batch() == null) {
                create(p);
            }
            Optional<Batch> found = endpoint.retrieve(p.entry.batch());
            if (found.isEmpty() || !found.get().inputFileId().equals(p.entry.file())) {
                end(p, new ModelCallException(who + ": batch " + p.entry.batch() + " is unknown to the endpoint (gone,"
                        + " or sent to another); its unanswered calls are asked again", null, -1, true, null));
                markDone(p);
                return;
            }
            Batch batch = found.get();
            String status = batch.status().asString();
            switch (status) {
                case "completed", "expired", "cancelled" -> collect(p, batch, status);
                case "failed" -> {
                    end(p, new ModelCallException(who + ": batch " + batch.id() + " failed" + errors(batch)));
                    markDone(p);
                }
                default -> waitMore(p, batch);
            }
        } catch (ModelCallException e) {
            if (closed) {
                return;
            }
            if (!e.retryable()) {
                end(p, e);
                if (p.entry.batch() == null) {
                    markDone(p); // the endpoint refused to create it: there is nothing to collect
                }
            } else if (System.nanoTime() - p.since > settings.maxWait().plus(CANCEL_GRACE).toNanos()) {
                end(p, new ModelCallException(who + ": gave up following " + name(p) + " after "
                        + settings.maxWait().toSeconds() + " s (adammeme.batch.max-wait-seconds): " + e.getMessage()));
            } else {
                later(p);
            }
        } catch (RuntimeException e) {
            if (!closed) {
                end(p, new ModelCallException(who + ": " + name(p) + " could not be followed: " + e, e));
            }
        }
    }

    private void create(Pending p) {
        String file = p.entry.file();
        Optional<Batch> existing = p.mayExist ? endpoint.findByInputFile(file) : Optional.empty();
        Batch made;
        try {
            made = existing.isPresent() ? existing.get() : endpoint.create(file);
        } catch (ModelCallException e) {
            // The endpoint may have made it and the answer been lost: look for it before making another.
            p.mayExist = true;
            throw e;
        }
        p.entry = p.entry.withBatch(made.id());
        try {
            journal.submitted(p.entry);
        } catch (UncheckedIOException e) {
            System.err.println("adammeme: batch " + made.id() + " could not be recorded (" + e.getMessage()
                    + "); a restart finds it by its input file " + file);
        }
    }

    private void waitMore(Pending p, Batch batch) {
        long now = System.nanoTime();
        if (p.cancelledAt < 0 && now - p.since > settings.maxWait().toNanos()) {
            p.cancelledAt = now;
            String outcome;
            try {
                endpoint.cancel(batch.id());
                outcome = "is cancelled; what it answered is kept";
            } catch (ModelCallException e) {
                outcome = "could not be cancelled (" + e.getMessage() + "); it is followed a while longer";
            }
            System.err.println("adammeme: batch " + batch.id() + " of " + who + " did not finish within "
                    + settings.maxWait().toSeconds() + " s (adammeme.batch.max-wait-seconds) and " + outcome);
        } else if (p.cancelledAt >= 0 && now - p.cancelledAt > CANCEL_GRACE.toNanos()) {
            end(p, new ModelCallException(who + ": batch " + batch.id() + " was cancelled after "
                    + settings.maxWait().toSeconds() + " s (adammeme.batch.max-wait-seconds) and has not stopped;"
                    + " a later run collects what it answers"));
            return;
        }
        later(p);
    }

    private void later(Pending p) {
        clock.schedule(() -> poll(p), settings.poll().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Reads what an ended batch answered, both files; a call no line mentions was never answered. */
    private void collect(Pending p, Batch batch, String status) {
        String about = "batch " + batch.id() + " (" + status + ")";
        for (Optional<String> file : List.of(batch.outputFileId(), batch.errorFileId())) {
            if (file.isPresent()) {
                endpoint.read(file.get(), lines -> {
                    for (String line = lines.next(); line != null; line = lines.next()) {
                        BatchLines.Result result = BatchLines.read(line, who, about, endpoint.mapper());
                        if (result != null && p.entry.calls().containsKey(result.customId())
                                && p.settled.add(result.customId())) {
                            deliver(p, result);
                        }
                    }
                });
            }
        }
        end(p, new ModelCallException(who + ": " + about + " ended without answering this call"));
        finishLater(p);
    }

    /** A single call's answer is stored before it is handed over, so no answer paid for is lost to a kill. */
    private void deliver(Pending p, BatchLines.Result result) {
        String id = result.customId();
        if (result.failure() != null) {
            waiters.fail(id, result.failure());
            return;
        }
        String key = BatchLines.cacheKey(id);
        if (key != null) {
            try {
                cache.put(key, new CallCache.Meta(model.identity(), model.model(), p.entry.calls().get(id)),
                        result.answers().get(0));
            } catch (RuntimeException notStored) {
                // The waiting call stores it again, and its failure is reported there as the cache's policy says.
            }
            waiters.answer(id, result.answers(), () -> { });
            return;
        }
        // The answers of several choices are stored by the call that receives them, under its replicas' keys:
        // until it has, the batch stays open.
        synchronized (finishing) {
            p.kept++;
        }
        if (waiters.answer(id, result.answers(), () -> claimed(p))) {
            claimed(p);
        }
    }

    /** A kept answer of several choices reached its call, which stores it. */
    private void claimed(Pending p) {
        synchronized (finishing) {
            p.kept--;
            if (p.kept == 0 && finishing.contains(p)) {
                clock.schedule(() -> finish(p), FINISH_GRACE.toNanos(), TimeUnit.NANOSECONDS);
            }
        }
    }

    /** Once every answer is stored or handed over, and a moment more, the batch is done with. */
    private void finishLater(Pending p) {
        synchronized (finishing) {
            finishing.add(p);
            if (p.kept == 0) {
                clock.schedule(() -> finish(p), FINISH_GRACE.toNanos(), TimeUnit.NANOSECONDS);
            }
        }
    }

    private void finish(Pending p) {
        synchronized (finishing) {
            if (p.kept > 0 || !finishing.remove(p)) {
                return;
            }
        }
        markDone(p);
    }

    /** Fails every call of the batch whose line has not been read; the journal still holds the batch. */
    private void end(Pending p, ModelCallException why) {
        for (String id : p.entry.calls().keySet()) {
            if (p.settled.add(id)) {
                waiters.fail(id, why);
            }
        }
    }

    private void markDone(Pending p) {
        try {
            journal.finished(p.entry);
        } catch (UncheckedIOException e) {
            System.err.println("adammeme: " + e.getMessage() + "; a restart will look at " + name(p) + " again, at no cost");
        }
    }

    /** The run is ending: no batch is polled again, and none is given up because its thread stops. */
    void stop() {
        closed = true;
    }

    /**
     * The run is over and the batch thread idle: batches read to their end are marked done now rather than
     * after their grace. Their answers have reached their calls, which stored them before the run could
     * end; an answer still kept was not needed by this run.
     */
    void close() {
        List<Pending> done;
        synchronized (finishing) {
            done = List.copyOf(finishing);
            finishing.clear();
        }
        done.forEach(this::markDone);
    }

    private static String name(Pending p) {
        return p.entry.batch() != null ? "batch " + p.entry.batch() : "the batch of input file " + p.entry.file();
    }

    private static String errors(Batch batch) {
        StringBuilder why = new StringBuilder();
        batch.errors().flatMap(Batch.Errors::data).ifPresent(list -> list.forEach(e -> why.append(why.length() == 0
                ? ": " : "; ").append(e.code().orElse("error")).append(": ").append(e.message().orElse(""))
                .append(e.line().map(l -> " (line " + l + ")").orElse(""))));
        return why.toString();
    }
}
