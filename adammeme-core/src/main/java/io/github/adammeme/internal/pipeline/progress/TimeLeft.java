package io.github.adammeme.internal.pipeline.progress;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;

/**
 * The time (and money) a whole run still needs: the calls it still makes ({@link CallsLeft}) at the pace calls are
 * answered now ({@link CallRate}). Both follow the run as it goes, so the estimate holds from mining, when the plan is
 * all there is to go by, to the last chains. An estimate made on few calls is said to be rough.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class TimeLeft {

    /** Fewer calls than this, and the pace is not yet known well enough to say anything. */
    static final long FIRST_ESTIMATE = 20;
    /** Calls must have been answered for this long before their pace means anything. */
    static final long FIRST_PACE_SECONDS = 3;
    /** Below this share of the expected calls, an estimate is called rough. */
    static final double ROUGH_SHARE = 0.1;
    /** The pace's window: at least this long, */
    static final long MIN_WINDOW_SECONDS = 60;
    /** or this share of the time calls have been answered, when that is longer. */
    static final double WINDOW_SHARE = 0.5;

    /**
     * One category's refinement as far as it has got.
     *
     * @param pairs    pairs drawn in it to score
     * @param usable   its originals scored with a misbelief, which its chains can rewrite
     * @param chains   its chains, or -1 before its refinement is planned (its originals are still being scored)
     * @param ended    chains a step has ended (its score did not drop, or it had none)
     * @param steps    steps taken
     * @param finished whether every chain of it has ended
     */
    public record Category(int pairs, int usable, int chains, int ended, int steps, boolean finished) {}

    /**
     * How far the run has got.
     *
     * @param memes      memes to mine
     * @param mined      memes mined
     * @param minedPairs pairs the mined memes yielded
     * @param pairs      pairs chosen to score, or -1 before mining ends
     * @param scored     pairs scored
     * @param categories the refinement of each category with pairs chosen
     * @param calls      calls made or answered from the cache, by stage
     */
    record Progress(
            int memes,
            int mined,
            int minedPairs,
            int pairs,
            int scored,
            List<Category> categories,
            Map<String, Long> calls) {
        long done(String stage) {
            return calls.getOrDefault(stage, 0L);
        }

        long total() {
            return calls.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final CallsLeft callsLeft;
    private final CallRate pace;

    /**
     * @param plan the run's plan
     */
    TimeLeft(RunPlan plan) {
        this(plan, new CallRate(MIN_WINDOW_SECONDS, WINDOW_SHARE));
    }

    TimeLeft(RunPlan plan, CallRate pace) {
        this.callsLeft = new CallsLeft(plan);
        this.pace = pace;
    }

    /**
     * Takes in the calls answered so far, for the pace: about once a second.
     *
     * @param elapsedNanos the run's clock
     * @param p            how far the run has got
     */
    void observe(long elapsedNanos, Progress p) {
        pace.observe(elapsedNanos, p.total());
    }

    /**
     * @param p        how far the run has got, as last observed
     * @param spentUsd what it has cost so far
     * @return " · about 12:30 and ~$1.20 left in the run (...)", or empty while the pace is unknown or nothing is left
     */
    Optional<String> describe(Progress p, double spentUsd) {
        long done = p.total();
        double left = callsLeft.of(p);
        OptionalDouble seconds = secondsLeft(done, left);
        if (seconds.isEmpty()) {
            return Optional.empty();
        }
        boolean rough = done < ROUGH_SHARE * (done + left);
        String money = spentUsd > 0 ? String.format(Locale.ROOT, " and ~$%.4f", spentUsd / done * left) : "";
        return Optional.of(String.format(
                Locale.ROOT,
                " · about %s%s left in the run (%d calls of ~%d%s)",
                clock(Math.round(seconds.getAsDouble())),
                money,
                done,
                Math.round(done + left),
                rough ? ", rough: early in the run" : ""));
    }

    /**
     * @param p how far the run has got, as last observed
     * @return the seconds the run still needs at the present pace, or empty while that is unknown or nothing is left
     */
    OptionalDouble secondsLeft(Progress p) {
        return secondsLeft(p.total(), callsLeft.of(p));
    }

    private OptionalDouble secondsLeft(long done, double left) {
        double perSecond = pace.perSecond();
        if (done < FIRST_ESTIMATE
                || pace.answeringNanos() < TimeUnit.SECONDS.toNanos(FIRST_PACE_SECONDS)
                || perSecond <= 0
                || left < 1) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(left / perSecond);
    }

    /** @return the calls the run still makes */
    double callsLeft(Progress p) {
        return callsLeft.of(p);
    }

    private static String clock(long seconds) {
        return String.format(Locale.ROOT, "%02d:%02d", seconds / 60, seconds % 60);
    }
}
