package io.github.adammeme.internal.llm.batch;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.ChatCompletions;
import io.github.adammeme.internal.llm.ChatModel;
import io.github.adammeme.internal.llm.ChatRequest;
import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.DataUrls;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelCallException;
import io.github.adammeme.internal.llm.OpenAiChatModel;
import io.github.adammeme.internal.llm.cache.CacheKey;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.text.Console;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ChatModel} port in batch mode: a call of a batched role joins the batch being gathered
 * and waits for its answer; the batch is sent (uploaded, recorded in the journal, created on OpenAI's
 * Batch API) once it is full or no call has joined it for a while, and {@link BatchFollower} follows
 * it to its end. Calls of other roles are made at once.
 *
 * <p>Each call's {@code custom_id} is its {@link CacheKey} (with the number of choices, for replicas
 * asked as one request), so answers are matched to calls whatever order the output file has, and a
 * call already in a batch (this process's, or one the journal remembers from a process that was
 * killed) is waited on, never sent again. What a batch leaves unanswered fails its call with the
 * batch's id and status, so the sample is recorded as ERROR rather than waited on forever.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class BatchChatModel implements ChatModel, AutoCloseable {

    /** How long closing waits for the batch thread's current step; a slow poll is abandoned, at no cost. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(5);

    private final OpenAiChatModel direct;
    private final Semaphore directSlots;
    private final BatchEndpoint endpoint;
    private final BatchJournal journal;
    private final BatchSettings settings;
    private final DataUrls dataUrls = DataUrls.SHARED;
    private final String who;
    /** One thread sends, polls and collects every batch of this model; calls only wait. */
    private final ScheduledThreadPoolExecutor clock;

    private final BatchWaiters waiters = new BatchWaiters();
    private final BatchFollower follower;

    /** Guards the batch being gathered. */
    private final Object lock = new Object();

    private @Nullable BatchSpool gathering;
    private long lastJoin;
    private boolean quietCheckScheduled;

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
    public BatchChatModel(
            Endpoint endpoint, int concurrency, CallCache cache, BatchJournal journal, BatchSettings settings) {
        this.direct = new OpenAiChatModel(endpoint, concurrency);
        this.directSlots = new Semaphore(concurrency);
        this.endpoint = new BatchEndpoint(endpoint, dataUrls);
        this.journal = journal;
        this.settings = settings;
        this.who = endpoint.model() + " at " + endpoint.identity();
        this.clock = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "adammeme-batches-" + endpoint.model());
            t.setDaemon(true);
            return t;
        });
        clock.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.follower = new BatchFollower(this.endpoint, journal, cache, waiters, settings, this, clock);
        List<BatchJournal.Entry> left = journal.pending(identity(), model());
        left.forEach(entry -> follower.follow(new PendingBatch(entry, true)));
        if (!left.isEmpty()) {
            Console.warn(left.size() + " batch(es) of " + who + " sent by an earlier run are pending" + " ("
                    + journal.file() + "); their calls are waited on, not sent again");
        }
    }

    @Override
    public String identity() {
        return direct.identity();
    }

    @Override
    public @Nullable String answerScope() {
        return direct.answerScope();
    }

    @Override
    public String model() {
        return direct.model();
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        return settings.batches(request.role()) ? batched(request, 1).get(0) : directly(() -> direct.complete(request));
    }

    @Override
    public List<ChatResponse> completeChoices(ChatRequest request, int n) {
        return settings.batches(request.role())
                ? batched(request, n)
                : directly(() -> direct.completeChoices(request, n));
    }

    private <T> T directly(Supplier<T> call) {
        try {
            directSlots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelCallException("interrupted before calling " + who);
        }
        try {
            return call.get();
        } finally {
            directSlots.release();
        }
    }

    private List<ChatResponse> batched(ChatRequest request, int choices) {
        String id = BatchLines.customId(CacheKey.of(this, request), choices);
        BatchWaiters.Ask ask = waiters.ask(id);
        if (ask.ready() != null) {
            return ask.ready();
        }
        CompletableFuture<List<ChatResponse>> answer =
                Objects.requireNonNull(ask.answer(), "a call with no answers ready has one to wait for");
        if (ask.join()) {
            try {
                join(id, request, choices);
            } catch (RuntimeException e) {
                waiters.forget(id, answer);
                throw new ModelCallException(who + ": the call could not join a batch: " + e.getMessage(), null);
            }
        }
        return await(id, answer);
    }

    /** Adds the call to the batch being gathered, which is sent when full. */
    private void join(String id, ChatRequest request, int choices) {
        byte[] line =
                BatchLines.request(id, ChatCompletions.params(model(), request, dataUrls, choices), dataUrls.mapper());
        synchronized (lock) {
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
                var unused =
                        clock.schedule(this::sendWhenQuiet, settings.quiet().toNanos(), TimeUnit.NANOSECONDS);
            }
        }
    }

    /** Under the lock. */
    private void send() {
        BatchSpool batch = Objects.requireNonNull(gathering, "sent only while a batch is gathered");
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
                var unused =
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
            ModelCallException unsent = e instanceof ModelCallException call
                    ? call
                    : new ModelCallException(
                            who + ": the batch could not be sent: " + e.getMessage(), null, -1, true, null);
            calls.keySet().forEach(id -> waiters.fail(id, unsent));
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
            calls.keySet().forEach(id -> waiters.fail(id, unsent));
            return;
        }
        follower.follow(new PendingBatch(entry, false));
    }

    /** The answers, or the batch's failure in the caller's thread; bounded so a lost batch never hangs a run. */
    private List<ChatResponse> await(String id, CompletableFuture<List<ChatResponse>> answer) {
        Duration bound = settings.maxWait()
                .plus(BatchFollower.CANCEL_GRACE)
                .plus(settings.quiet())
                .plus(settings.poll().multipliedBy(3))
                .plusMinutes(1);
        try {
            return answer.get(bound.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ModelCallException call) {
                throw new ModelCallException(
                        Objects.requireNonNull(call.getMessage(), "a failed call says why"),
                        null,
                        call.status(),
                        call.retryable(),
                        call.retryAfter());
            }
            throw new ModelCallException(who + ": " + cause, cause);
        } catch (TimeoutException e) {
            waiters.forget(id, answer);
            throw new ModelCallException(who + ": no answer from the Batch API within " + bound.toMinutes() + " min");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelCallException("interrupted while waiting for a batch of " + who);
        }
    }

    @Override
    public void close() {
        follower.stop();
        // Not interrupted: the batch being read is read to its end, and a journal line being written is
        // never torn by the run's end.
        clock.shutdown();
        try {
            clock.awaitTermination(CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        follower.close();
        synchronized (lock) {
            if (gathering != null) {
                gathering.delete();
                gathering = null;
            }
        }
        waiters.failAll(new ModelCallException(
                who + ": the run ended before its batch answered; the journal keeps the batch for the next run"));
        endpoint.close();
        direct.close();
    }
}
