package io.github.adammeme.internal.llm.batch;

import com.openai.models.batches.Batch;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.text.Console;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Follows batches to their end, on the one thread of their model: creates the batch of an uploaded
 * file (or finds the one a stopped process created), polls it, cancels it past the longest wait, and
 * hands an ended batch to its {@link BatchCollector}. A batch that may still answer is never marked
 * done, so a later run collects what it was charged for.
 */
final class BatchFollower {

    /** How far past the longest wait the poll that cancels is made, so that it finds the wait exceeded. */
    private static final Duration PAST_DEADLINE = Duration.ofMillis(10);
    /** Polls of a cancelled batch, until it says it is: soon, as what it answered is kept and the rest fail. */
    private static final Duration AFTER_CANCEL = Duration.ofSeconds(1);
    /** OpenAI may take up to ten minutes to cancel a batch; past that its calls are failed regardless. */
    static final Duration CANCEL_GRACE = Duration.ofMinutes(10);

    private final BatchEndpoint endpoint;
    private final BatchJournal journal;
    private final BatchWaiters waiters;
    private final BatchSettings settings;
    private final String who;
    private final ScheduledExecutorService clock;
    private final BatchCollector collector;
    private volatile boolean closed;

    BatchFollower(
            BatchEndpoint endpoint,
            BatchJournal journal,
            CallCache cache,
            BatchWaiters waiters,
            BatchSettings settings,
            ChatModel model,
            ScheduledExecutorService clock) {
        this.endpoint = endpoint;
        this.journal = journal;
        this.waiters = waiters;
        this.settings = settings;
        this.who = model.model() + " at " + model.identity();
        this.clock = clock;
        this.collector = new BatchCollector(endpoint, journal, cache, waiters, model, clock);
    }

    /** Starts following a batch: its calls now wait on it. */
    void follow(PendingBatch p) {
        p.entry.calls().keySet().forEach(waiters::inBatch);
        clock.execute(() -> poll(p));
    }

    /** Creates the batch if need be, then asks how it is doing; on the clock thread. */
    private void poll(PendingBatch p) {
        if (closed) {
            return;
        }
        try {
            if (p.entry.batch() == null) {
                create(p);
            }
            Optional<Batch> found =
                    endpoint.retrieve(Objects.requireNonNull(p.entry.batch(), "made above when there was none"));
            if (found.isEmpty() || !found.get().inputFileId().equals(p.entry.file())) {
                p.failUnsettled(
                        waiters,
                        new ModelCallException(
                                who + ": batch " + p.entry.batch() + " is unknown to the"
                                        + " endpoint (gone, or sent to another); its unanswered calls are asked again",
                                null,
                                -1,
                                true,
                                null));
                collector.markDone(p);
                return;
            }
            Batch batch = found.get();
            String status = batch.status().asString();
            switch (status) {
                case "completed", "expired", "cancelled" -> collector.collect(p, batch, status);
                case "failed" -> {
                    p.failUnsettled(
                            waiters, new ModelCallException(who + ": batch " + batch.id() + " failed" + errors(batch)));
                    collector.markDone(p);
                }
                default -> waitMore(p, batch);
            }
        } catch (ModelCallException e) {
            if (closed) {
                return;
            }
            if (!e.retryable()) {
                p.failUnsettled(waiters, e);
                if (p.entry.batch() == null) {
                    collector.markDone(p); // the endpoint refused to create it: there is nothing to collect
                }
            } else if (System.nanoTime() - p.since
                    > settings.maxWait().plus(CANCEL_GRACE).toNanos()) {
                p.failUnsettled(
                        waiters,
                        new ModelCallException(who + ": gave up following " + p.name() + " after "
                                + settings.maxWait().toSeconds() + " s (adammeme.batch.max-wait-seconds): "
                                + e.getMessage()));
            } else {
                later(p);
            }
        } catch (RuntimeException e) {
            if (!closed) {
                p.failUnsettled(
                        waiters, new ModelCallException(who + ": " + p.name() + " could not be followed: " + e, e));
            }
        }
    }

    private void create(PendingBatch p) {
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
            Console.warn("batch " + made.id() + " could not be recorded (" + e.getMessage()
                    + "); a restart finds it by its input file " + file);
        }
    }

    private void waitMore(PendingBatch p, Batch batch) {
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
            Console.warn("batch " + batch.id() + " of " + who + " did not finish within "
                    + settings.maxWait().toSeconds() + " s (adammeme.batch.max-wait-seconds) and " + outcome);
        } else if (p.cancelledAt >= 0 && now - p.cancelledAt > CANCEL_GRACE.toNanos()) {
            p.failUnsettled(
                    waiters,
                    new ModelCallException(who + ": batch " + batch.id() + " was cancelled after "
                            + settings.maxWait().toSeconds()
                            + " s (adammeme.batch.max-wait-seconds) and has not stopped;"
                            + " a later run collects what it answers"));
            return;
        }
        later(p);
    }

    private void later(PendingBatch p) {
        long delay = settings.poll().toNanos();
        if (p.cancelledAt < 0) {
            // Woken at the longest wait rather than at the first poll past it: with polls 30 s apart, a
            // one-second wait would otherwise run half a minute.
            long untilLongestWait = p.since + settings.maxWait().toNanos() - System.nanoTime();
            delay = Math.min(delay, Math.max(0, untilLongestWait) + PAST_DEADLINE.toNanos());
        } else {
            delay = Math.min(delay, AFTER_CANCEL.toNanos()); // a cancelled batch settles within moments
        }
        var unused = clock.schedule(() -> poll(p), delay, TimeUnit.NANOSECONDS);
    }

    /** The run is ending: no batch is polled again, and none is given up because its thread stops. */
    void stop() {
        closed = true;
    }

    /** The run is over and the batch thread idle: batches read to their end are marked done now. */
    void close() {
        collector.close();
    }

    private static String errors(Batch batch) {
        StringBuilder why = new StringBuilder();
        batch.errors()
                .flatMap(Batch.Errors::data)
                .ifPresent(list -> list.forEach(e -> why.append(why.length() == 0 ? ": " : "; ")
                        .append(e.code().orElse("error"))
                        .append(": ")
                        .append(e.message().orElse(""))
                        .append(e.line().map(l -> " (line " + l + ")").orElse(""))));
        return why.toString();
    }
}
