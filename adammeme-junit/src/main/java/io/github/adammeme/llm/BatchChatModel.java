package io.github.adammeme.llm;

import com.openai.models.batches.Batch;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The {@link ChatModel} port in batch mode: a call of a batched role joins the batch being gathered
 * and waits for its answer; the batch is uploaded and created on OpenAI's Batch API once it is full
 * or no call has joined it for a while, polled until it ends, and its answers are stored in the call
 * cache and handed to the waiting calls as they are read. Calls of other roles are made at once.
 *
 * <p>Each call's {@code custom_id} is its {@link CacheKey}, so answers are matched to calls whatever
 * order the output file has, and a call already in a batch (this process's, or one the journal
 * remembers from a process that was killed) is waited on, never sent again. What a batch leaves
 * unanswered (expired, cancelled, failed, or a line's own error) fails its call with the batch's id
 * and status, so the sample is recorded as ERROR rather than waited on forever.
 */
public final class BatchChatModel implements ChatModel, AutoCloseable {

    /** OpenAI may take up to ten minutes to cancel a batch; past that its calls are failed regardless. */
    private static final Duration CANCEL_GRACE = Duration.ofMinutes(10);
    /** How long closing waits for the batch thread's current step; a slow poll is abandoned, at no cost. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(5);

    /** A batch this process follows: sent by it, or found in the journal. */
    private static final class Pending {
        BatchJournal.Entry entry;
        /** Whether a batch of its file may exist unrecorded (a process stopped, or a create call was lost). */
        boolean mayExist;
        final long since = System.nanoTime();
        long cancelledAt = -1;
        final Set<String> delivered = new HashSet<>();

        Pending(BatchJournal.Entry entry, boolean mayExist) {
            this.entry = entry;
            this.mayExist = mayExist;
        }
    }

    private final OpenAiChatModel direct;
    private final Semaphore directSlots;
    private final BatchEndpoint endpoint;
    private final BatchJournal journal;
    private final CallCache cache;
    private final BatchSettings settings;
    private final DataUrls dataUrls = DataUrls.SHARED;
    private final String who;
    /** One thread sends, polls and collects every batch of this model; calls only wait. */
    private final ScheduledExecutorService clock;

    private final Object lock = new Object();
    private final Map<String, CompletableFuture<ChatResponse>> waiting = new HashMap<>();
    private final Map<String, ChatResponse> unclaimed = new HashMap<>();
    private final Map<String, Pending> byCall = new HashMap<>();
    private BatchSpool gathering;
    private long lastJoin;
    private boolean quietCheckScheduled;
    /** Once the run closes, pending batches are left to the journal: nothing is failed or marked finished. */
    private volatile boolean closed;

    /**
     * Follows the batches the journal holds for this endpoint and model at once, so their answers reach
     * the cache even before the run asks for them again.
     *
     * @param endpoint where the model is reached
     * @param concurrency calls of roles that are not batched, in flight at once
     * @param cache where answers are stored as they are read
     * @param journal where batches are remembered across restarts
     * @param settings what is batched, and how
     */
    public BatchChatModel(Endpoint endpoint, int concurrency, CallCache cache, BatchJournal journal,
                          BatchSettings settings) {
        this.direct = new OpenAiChatModel(endpoint, concurrency);
        this.directSlots = new Semaphore(concurrency);
        this.endpoint = new BatchEndpoint(endpoint, dataUrls);
        this.journal = journal;
        this.cache = cache;
        this.settings = settings;
        this.who = endpoint.model() + " at " + endpoint.identity();
        ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "adammeme-batches-" + endpoint.model());
            t.setDaemon(true);
            return t;
        });
        thread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.clock = thread;
        List<BatchJournal.Entry> left = journal.pending(identity(), model());
        for (BatchJournal.Entry entry : left) {
            Pending pending = new Pending(entry, true);
            entry.calls().keySet().forEach(id -> byCall.put(id, pending));
            clock.execute(() -> poll(pending));
        }
        if (!left.isEmpty()) {
            System.err.println("adammeme: " + left.size() + " batch(es) of " + who + " sent by an earlier run are pending"
                    + " (" + journal.file() + "); their calls are waited on, not sent again");
        }
    }

    @Override
    public String identity() {
        return direct.identity();
    }

    @Override
    public String model() {
        return direct.model();
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        if (!settings.batches(request.role())) {
            return directly(request);
        }
        String id = CacheKey.of(this, request);
        CompletableFuture<ChatResponse> answer;
        synchronized (lock) {
            ChatResponse ready = unclaimed.remove(id);
            if (ready != null) {
                return ready;
            }
            answer = waiting.get(id);
            if (answer == null) {
                answer = new CompletableFuture<>();
                waiting.put(id, answer);
                if (!byCall.containsKey(id)) {
                    try {
                        join(id, request);
                    } catch (RuntimeException e) {
                        waiting.remove(id);
                        throw new ModelCallException(who + ": the call could not join a batch: " + e.getMessage(), null);
                    }
                }
            }
        }
        return await(id, answer);
    }

    private ChatResponse directly(ChatRequest request) {
        try {
            directSlots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelCallException("interrupted before calling " + who);
        }
        try {
            return direct.complete(request);
        } finally {
            directSlots.release();
        }
    }

    /** Adds the call to the batch being gathered, which is sent when full; under the lock. */
    private void join(String id, ChatRequest request) {
        byte[] line = BatchLines.request(id, ChatCompletions.params(model(), request, dataUrls, 1), dataUrls.mapper());
        if (gathering != null && !gathering.fits(line.length)) {
            send();
        }
        if (gathering == null) {
            gathering = BatchSpool.create();
        }
        gathering.add(id, request.role(), line);
        lastJoin = System.nanoTime();
        if (gathering.size() >= settings.maxRequests()) {
            send();
        } else if (!quietCheckScheduled) {
            quietCheckScheduled = true;
            clock.schedule(this::sendWhenQuiet, settings.quiet().toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** Under the lock. */
    private void send() {
        BatchSpool batch = gathering;
        gathering = null;
        clock.execute(() -> submit(batch));
    }

    private void sendWhenQuiet() {
        synchronized (lock) {
            quietCheckScheduled = false;
            if (gathering == null) {
                return;
            }
            long idle = System.nanoTime() - lastJoin;
            if (idle >= settings.quiet().toNanos()) {
                send();
            } else {
                quietCheckScheduled = true;
                clock.schedule(this::sendWhenQuiet, settings.quiet().toNanos() - idle, TimeUnit.NANOSECONDS);
            }
        }
    }

    /** Uploads the batch's file and records it in the journal before the batch is created. */
    private void submit(BatchSpool batch) {
        Map<String, String> calls = batch.calls();
        String file;
        try {
            file = endpoint.upload(batch.finish());
        } catch (RuntimeException e) {
            calls.keySet().forEach(id -> fail(id, asCallFailure(e)));
            return;
        } finally {
            batch.delete();
        }
        BatchJournal.Entry entry = new BatchJournal.Entry(identity(), model(), file, null, calls);
        try {
            journal.uploaded(entry);
        } catch (UncheckedIOException e) {
            ModelCallException unsent = new ModelCallException(who + ": " + e.getMessage() + "; the batch was not sent,"
                    + " since a restart could not know of it and would pay for its calls again");
            calls.keySet().forEach(id -> fail(id, unsent));
            return;
        }
        Pending pending = new Pending(entry, false);
        synchronized (lock) {
            calls.keySet().forEach(id -> byCall.put(id, pending));
        }
        poll(pending);
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
                        + " or sent to another); its unanswered calls are asked again", null, -1, true, null), true);
                return;
            }
            Batch batch = found.get();
            String status = batch.status().asString();
            switch (status) {
                case "completed", "expired", "cancelled" -> collect(p, batch, status);
                case "failed" -> end(p, new ModelCallException(who + ": batch " + batch.id() + " failed" + errors(batch)), true);
                default -> waitMore(p, batch);
            }
        } catch (ModelCallException e) {
            if (closed) {
                return;
            }
            if (!e.retryable()) {
                // A batch the endpoint refused to create is done with; one that exists stays in the journal,
                // so a later run (with its key mended, say) still collects what it was charged for.
                end(p, e, p.entry.batch() == null);
            } else if (System.nanoTime() - p.since > settings.maxWait().plus(CANCEL_GRACE).toNanos()) {
                end(p, new ModelCallException(who + ": gave up following " + name(p) + " after "
                        + settings.maxWait().toSeconds() + " s (adammeme.batch.max-wait-seconds): " + e.getMessage()), false);
            } else {
                later(p);
            }
        } catch (RuntimeException e) {
            if (!closed) {
                end(p, new ModelCallException(who + ": " + name(p) + " could not be followed: " + e, e), false);
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
                    + " a later run collects what it answers"), false);
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
                        BatchLines.Result result = BatchLines.read(line, who, about, dataUrls.mapper());
                        if (result != null && p.entry.calls().containsKey(result.customId())
                                && p.delivered.add(result.customId())) {
                            deliver(p, result);
                        }
                    }
                });
            }
        }
        end(p, new ModelCallException(who + ": " + about + " ended without answering this call"), true);
    }

    /** Stored before it is handed over, so no answer paid for is lost to a kill. */
    private void deliver(Pending p, BatchLines.Result result) {
        String id = result.customId();
        if (result.answer() == null) {
            fail(id, result.failure());
            return;
        }
        try {
            cache.put(id, new CallCache.Meta(identity(), model(), p.entry.calls().get(id)), result.answer());
        } catch (RuntimeException notStored) {
            // The waiting call stores it again, and its failure is reported there as the cache's policy says.
        }
        CompletableFuture<ChatResponse> call;
        synchronized (lock) {
            byCall.remove(id);
            call = waiting.remove(id);
            if (call == null) {
                unclaimed.put(id, result.answer());
            }
        }
        if (call != null) {
            call.complete(result.answer());
        }
    }

    private void fail(String id, ModelCallException why) {
        CompletableFuture<ChatResponse> call;
        synchronized (lock) {
            byCall.remove(id);
            call = waiting.remove(id);
        }
        if (call != null) {
            call.completeExceptionally(why);
        }
    }

    /**
     * Fails every call of the batch not yet answered and, when the batch has ended (or never began), tells the
     * journal it is done with; a batch that may still answer stays there for a later run to collect.
     */
    private void end(Pending p, ModelCallException why, boolean done) {
        for (String id : p.entry.calls().keySet()) {
            if (p.delivered.add(id)) {
                fail(id, why);
            }
        }
        if (!done) {
            return;
        }
        try {
            journal.finished(p.entry);
        } catch (UncheckedIOException e) {
            System.err.println("adammeme: " + e.getMessage() + "; a restart will look at " + name(p) + " again, at no cost");
        }
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

    private ModelCallException asCallFailure(RuntimeException e) {
        return e instanceof ModelCallException call ? call
                : new ModelCallException(who + ": the batch could not be sent: " + e.getMessage(), null, -1, true, null);
    }

    /** The answer, or the batch's failure in the caller's thread; bounded so a lost batch never hangs a run. */
    private ChatResponse await(String id, CompletableFuture<ChatResponse> answer) {
        Duration bound = settings.maxWait().plus(CANCEL_GRACE).plus(settings.quiet()).plus(settings.poll().multipliedBy(3))
                .plusMinutes(1);
        try {
            return answer.get(bound.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ModelCallException call) {
                throw new ModelCallException(call.getMessage(), null, call.status(), call.retryable(), call.retryAfter());
            }
            throw new ModelCallException(who + ": " + cause, cause);
        } catch (TimeoutException e) {
            synchronized (lock) {
                waiting.remove(id, answer);
            }
            throw new ModelCallException(who + ": no answer from the Batch API within " + bound.toMinutes() + " min");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelCallException("interrupted while waiting for a batch of " + who);
        }
    }

    @Override
    public void close() {
        closed = true;
        // Not interrupted: the batch being collected is marked finished in the journal (its answers are
        // handed over before that line is written), and a line being written is never torn by the run's end.
        clock.shutdown();
        try {
            clock.awaitTermination(CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<CompletableFuture<ChatResponse>> left;
        synchronized (lock) {
            if (gathering != null) {
                gathering.delete();
                gathering = null;
            }
            left = List.copyOf(waiting.values());
            waiting.clear();
        }
        left.forEach(call -> call.completeExceptionally(new ModelCallException(who
                + ": the run ended before its batch answered; the journal keeps the batch for the next run")));
        endpoint.close();
        direct.close();
    }
}
