package io.github.adammeme.internal.pipeline.progress;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.EndpointUnusableException;
import io.github.adammeme.internal.llm.cache.CacheDatabase;
import io.github.adammeme.internal.llm.cache.CacheStore;
import io.github.adammeme.internal.llm.cache.FailSafeCache;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.resilience.RunStop;
import io.github.adammeme.internal.text.Secrets;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.channels.ClosedByInterruptException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * An interrupted run (Ctrl-C or SIGTERM ending the JVM, or a thread interrupt) said as such, once: how far it
 * got, how many calls it paid for and where their answers are kept, and that the same command resumes from
 * there. It hears the pipeline to know how far it got; on a shutdown of the JVM its hook stops the run's calls,
 * gives those under way a moment (never long enough to hold the JVM up) and writes the record before the JVM
 * is gone, since the console that started the run may be gone already.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Interruption extends ProgressCounts implements AutoCloseable {

    /** How long the calls under way get to finish and be stored once the run is interrupted. */
    static final Duration GRACE = Duration.ofMillis(1500);

    private final RunStop stop;
    private final CacheStore cache;
    private final PrintStream err;
    private final Consumer<String> record;
    private final AtomicBoolean said = new AtomicBoolean();
    private final CountDownLatch written = new CountDownLatch(1);
    private volatile @Nullable Future<?> pipeline;
    private volatile @Nullable Thread hook;

    /**
     * @param stop   the run's stop: pulled on an interruption, so no further call is made
     * @param cache  where the run's answers are kept
     * @param err    where the one line goes
     * @param record writes the interrupted run's record (summary.json) with the line as its reason
     */
    public Interruption(RunStop stop, CacheStore cache, PrintStream err, Consumer<String> record) {
        this.stop = stop;
        this.cache = cache;
        this.err = err;
        this.record = record;
    }

    /**
     * Watches the JVM's shutdown while the run goes on: Ctrl-C or SIGTERM interrupts the run.
     *
     * @param run the pipeline's run, waited for (a moment) before the record is written
     * @return this
     */
    public Interruption onShutdown(Future<?> run) {
        this.pipeline = run;
        Thread h =
                new Thread(() -> interrupted("the JVM is shutting down (Ctrl-C or SIGTERM)"), "adammeme-interrupted");
        Runtime.getRuntime().addShutdownHook(h);
        hook = h;
        return this;
    }

    /**
     * Whether a failure is an interruption rather than a fault: an interrupted wait or read, or a run stopped
     * because it was interrupted.
     *
     * @param failure what ended the run
     * @return whether it was an interruption
     */
    public static boolean isInterruption(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InterruptedException
                    || t instanceof InterruptedIOException
                    || t instanceof ClosedByInterruptException
                    || (t instanceof EndpointUnusableException e
                            && e.when() == EndpointUnusableException.When.INTERRUPTED)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Stops the run, waits up to {@link #GRACE} for its calls under way, then says so on stderr and in the
     * record, unless that was said already.
     *
     * @param how what interrupted it
     * @return the line said
     */
    public String interrupted(String how) {
        stop.stop(new EndpointUnusableException(
                "the run was interrupted: " + how + "; no further call is made",
                EndpointUnusableException.When.INTERRUPTED));
        Future<?> run = pipeline;
        if (run != null && !run.isDone()) {
            try {
                run.get(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                // Ended as a stopped run does, or still in a call: either way what is paid is in the cache.
            }
        }
        String line = line();
        if (said.compareAndSet(false, true)) {
            try {
                // The file first: on a shutdown, stderr may lead to a console that is gone already.
                record.accept(line);
            } catch (RuntimeException e) {
                err.println("adammeme: and the interruption could not be recorded: "
                        + Secrets.redact(String.valueOf(e.getMessage())));
            } finally {
                err.println("adammeme: " + line);
                err.flush();
                written.countDown();
            }
        } else {
            // Said by the run's own thread: the hook waits for it, or the JVM would halt that thread mid-write.
            try {
                written.await(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return line;
    }

    /** @return how far the run got, what it paid for, where that is kept and how to resume */
    String line() {
        UsageLedger usage = usage();
        long paid = usage == null ? 0 : usage.totalCalls();
        // A file named relative to a Surefire fork's folder is no help to a reader at a shell: the whole path.
        String name = cache instanceof SqliteDatabase sqlite
                ? sqlite.file().toAbsolutePath().toString()
                : cache instanceof CacheDatabase database ? database.name() : null;
        Optional<String> notKept =
                cache instanceof CacheDatabase database ? FailSafeCache.notKeeping(database.name()) : Optional.empty();
        String where = notKept.isPresent()
                ? "not kept: " + notKept.get() + "; a run again pays for them again"
                : name != null
                        ? "kept in the call cache " + name + "; run the same command again to resume from the cache"
                        : "not kept (" + Constants.CACHE + "=" + cache + "): a run again pays for them again";
        return Secrets.redact(
                "interrupted " + progress() + "; " + paid + " answer" + (paid == 1 ? "" : "s") + " paid for, " + where);
    }

    private String progress() {
        if (!hasStarted()) {
            return "before its first call";
        }
        if (!selected()) {
            return "in the mining stage, after " + mined() + " of " + memes() + " memes";
        }
        if (scored() < pairs() || !refining()) {
            return "in the scoring stage, after " + scored() + " of " + pairs() + " pairs";
        }
        return "in the refinement stage, after all " + pairs() + " pairs and " + chainsDone() + " of " + chains()
                + " chains";
    }

    /** Removes the hook once the run is over; the JVM may already be shutting down, which keeps it. */
    @Override
    public void close() {
        Thread h = hook;
        if (h != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(h);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or about to: it says what it has to.
            }
        }
    }
}
