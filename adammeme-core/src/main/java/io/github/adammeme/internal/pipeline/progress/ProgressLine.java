package io.github.adammeme.internal.pipeline.progress;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.ChainCounts;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MemeOutcome;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.text.PrintableStream;
import java.io.Console;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A status line on stderr during long runs: memes mined, pairs scored, refinement steps, calls,
 * elapsed time and what the whole run still needs at its present pace (given the run's {@link RunPlan};
 * without one, what the current stage still needs). On a terminal it
 * rewrites itself in place; in a CI log it prints a new line when something changed.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class ProgressLine extends ProgressCounts implements AutoCloseable {

    /**
     * Whether the process writes to a terminal, where the line may be redrawn in place. From JDK 22 on,
     * {@code System.console()} is never null, so it is asked {@code isTerminal()} (JDK 22), found by reflection
     * since the build targets 17; before 22 a console at all means a terminal.
     *
     * @return whether standard output and error are a terminal
     */
    @SuppressWarnings("SystemConsoleNull") // null before JDK 22; isTerminal() is asked from 22 on, below
    public static boolean onTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException beforeJdk22) {
            return true;
        }
    }

    /** On a log, a line at most this often, and only when something but the clocks changed. */
    static final long LOG_EVERY_SECONDS = 10;

    private final PrintStream out;
    private final boolean terminal;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService ticker;

    private volatile boolean finished;
    private volatile long stageStart = System.nanoTime();
    private volatile double stageCost;
    private volatile @Nullable TimeLeft timeLeft;
    private final ChainCounts chainCounts = new ChainCounts();
    private final AtomicInteger minedPairs = new AtomicInteger();
    private String last = "";
    private long lastPrinted;

    /**
     * Starts the line's clock.
     *
     * @param out      where the line goes, stderr in practice
     * @param terminal whether it may rewrite itself in place (a console), or prints new lines (a log)
     */
    public ProgressLine(PrintStream out, boolean terminal) {
        // Its own words and figures only, and a carriage return to redraw itself, which a printable stream escapes.
        this.out = PrintableStream.raw(out);
        this.terminal = terminal;
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "adammeme-progress");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Estimates the time left for the whole run from this plan's expected calls per stage.
     *
     * @param plan the run's plan, or null for estimates of the current stage only
     * @return this line
     */
    public ProgressLine planned(@Nullable RunPlan plan) {
        timeLeft = plan == null ? null : new TimeLeft(plan);
        return this;
    }

    /**
     * The line starts with the pipeline: a run that stops at its settings or dataset shows only why. It looks at the
     * run every second, on a log too, where it prints only every {@value #LOG_EVERY_SECONDS} seconds: the pace of the
     * time left is measured on what it sees.
     */
    @Override
    public void started(int memeCount, UsageLedger ledger) {
        super.started(memeCount, ledger);
        var unused = ticker.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    @Override
    public void memeMined(MemeOutcome outcome) {
        super.memeMined(outcome);
        if (outcome != null && outcome.status() == MemeOutcome.Status.MINED) {
            minedPairs.addAndGet(outcome.categories().size());
        }
    }

    @Override
    public void samplesSelected(List<String> categories, List<MinedSample> samples) {
        stageStart = System.nanoTime();
        stageCost = cost();
        chainCounts.selected(samples);
        super.samplesSelected(categories, samples);
    }

    @Override
    public void sampleScored(ScoredSample sample) {
        chainCounts.scored(sample);
        super.sampleScored(sample);
    }

    @Override
    public void refinementPlanned(String category, List<String> seedIds) {
        chainCounts.planned(category, seedIds.size());
        super.refinementPlanned(category, seedIds);
    }

    @Override
    public void refinementStep(ScoredSample step) {
        chainCounts.step(step);
        super.refinementStep(step);
    }

    @Override
    public void chainFinished(Chain chain) {
        chainCounts.finished(chain.category());
        super.chainFinished(chain);
    }

    @Override
    public void finished(Evaluation evaluation) {
        print();
        finished = true;
    }

    String line() {
        StringBuilder sb = new StringBuilder("adammeme: ");
        sb.append("mined ").append(mined()).append('/').append(memes()).append(" memes");
        if (selected()) {
            sb.append(" · scored ").append(scored()).append('/').append(pairs()).append(" pairs");
        }
        if (chains() > 0) {
            sb.append(" · refinement ")
                    .append(steps())
                    .append(" steps, ")
                    .append(chainsDone())
                    .append('/')
                    .append(chains())
                    .append(" chains done");
        }
        UsageLedger ledger = usage();
        if (ledger != null) {
            double seconds = Math.max(1e-3, (System.nanoTime() - start) / 1e9);
            sb.append(" · ")
                    .append(ledger.totalCalls())
                    .append(" calls (")
                    .append(ledger.totalCacheHits())
                    .append(" cached, ")
                    .append(String.format(Locale.ROOT, "%.1f/s", ledger.totalCalls() / seconds))
                    .append(")")
                    .append(" · ")
                    .append(ledger.totalTokens())
                    .append(" tokens")
                    .append(String.format(Locale.ROOT, " · $%.4f", ledger.totalCostUsd()));
        }
        sb.append(" · ").append(clock(System.nanoTime() - start)).append(" elapsed");
        estimate(progress()).ifPresent(sb::append);
        return sb.toString();
    }

    /** How far the run has got, as the time left reads it; null before the run's first call is counted. */
    private TimeLeft.@Nullable Progress progress() {
        UsageLedger ledger = usage();
        if (ledger == null) {
            return null;
        }
        Map<String, Long> calls = new HashMap<>();
        ledger.lines().forEach(l -> calls.merge(l.stage(), l.calls() + l.cacheHits(), Long::sum));
        return new TimeLeft.Progress(
                memes(), mined(), minedPairs.get(), pairs(), scored(), chainCounts.snapshot(), calls);
    }

    /**
     * The whole run's time left, with a plan; without one, the time and money the current stage still needs at its
     * pace so far: mining until every meme is mined, then scoring of the originals. Refinement has no fixed length,
     * so it gets no estimate.
     */
    private Optional<String> estimate(TimeLeft.@Nullable Progress progress) {
        TimeLeft whole = timeLeft;
        if (whole != null && progress != null) {
            return whole.describe(progress, cost());
        }
        long elapsed;
        int done;
        int total;
        double spent;
        if (selected()) {
            done = scored();
            total = pairs();
            elapsed = System.nanoTime() - stageStart;
            spent = cost() - stageCost;
        } else {
            done = mined();
            total = memes();
            elapsed = System.nanoTime() - start;
            spent = cost();
        }
        if (done == 0 || total <= done) {
            return Optional.empty();
        }
        double left = (double) (total - done) / done;
        return Optional.of(String.format(
                Locale.ROOT,
                " · ~%s and ~$%.4f left in %s",
                clock((long) (elapsed * left)),
                spent * left,
                selected() ? "scoring" : "mining"));
    }

    private double cost() {
        UsageLedger ledger = usage();
        return ledger == null ? 0 : ledger.totalCostUsd();
    }

    private static String clock(long nanos) {
        long s = TimeUnit.NANOSECONDS.toSeconds(nanos);
        return String.format("%02d:%02d", s / 60, s % 60);
    }

    private synchronized void tick() {
        TimeLeft whole = timeLeft;
        TimeLeft.Progress progress = progress();
        if (whole != null && progress != null) {
            whole.observe(System.nanoTime() - start, progress);
        }
        if (terminal || System.nanoTime() - lastPrinted >= TimeUnit.SECONDS.toNanos(LOG_EVERY_SECONDS)) {
            print();
        }
    }

    private synchronized void print() {
        String line = line();
        lastPrinted = System.nanoTime();
        if (terminal) {
            out.print("\r" + line + "   ");
            out.flush();
        } else if (!line.replaceAll("\\d\\d:\\d\\d", "").equals(last.replaceAll("\\d\\d:\\d\\d", ""))) {
            out.println(line);
        }
        last = line;
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        if (usage() == null) {
            return;
        }
        // A finished run's line is already out; on a log, printing it again would only repeat it.
        if (!finished) {
            print();
        }
        if (terminal) {
            out.println();
        }
    }
}
