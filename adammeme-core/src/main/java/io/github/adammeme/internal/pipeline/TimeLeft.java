package io.github.adammeme.internal.pipeline;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The time (and money) a whole run still needs: the calls left in every stage, at the pace calls have gone so far.
 * The calls left come from the run's {@link RunPlan}, corrected by what the run has learnt since: once memes are
 * mined, mining's calls per meme; once the pairs are chosen, their number and the calls per scored pair; refinement's
 * calls as planned, or, past the plan, per chain still running. An estimate made on few calls is said to be rough.
 *
 * @param plan the run's plan
 */
record TimeLeft(RunPlan plan) {

    /** Fewer calls than this, and the pace is not yet known well enough to say anything. */
    static final long FIRST_ESTIMATE = 20;
    /** Below this share of the expected calls, an estimate is called rough. */
    static final double ROUGH_SHARE = 0.1;

    /**
     * How far the run has got.
     *
     * @param memes      memes to mine
     * @param mined      memes mined
     * @param pairs      pairs chosen to score, or -1 before mining ends
     * @param scored     pairs scored
     * @param chains     refinement chains planned so far
     * @param chainsDone chains finished
     * @param calls      calls made or answered from the cache, by stage
     */
    record Progress(int memes, int mined, int pairs, int scored, int chains, int chainsDone, Map<String, Long> calls) {
        long done(String stage) {
            return calls.getOrDefault(stage, 0L);
        }

        long total() {
            return calls.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * @param p            how far the run has got
     * @param elapsedNanos how long it has run
     * @param spentUsd     what it has cost so far
     * @return " · about 12:30 and $1.20 left in the run", or empty while the pace is unknown or nothing is left
     */
    Optional<String> describe(Progress p, long elapsedNanos, double spentUsd) {
        long done = p.total();
        if (done < FIRST_ESTIMATE) {
            return Optional.empty();
        }
        double left = callsLeft(p);
        if (left < 1) {
            return Optional.empty();
        }
        double perCall = (double) elapsedNanos / done;
        boolean rough = done < ROUGH_SHARE * plan.expectedCalls();
        String money = spentUsd > 0 ? String.format(Locale.ROOT, " and ~$%.4f", spentUsd / done * left) : "";
        return Optional.of(String.format(Locale.ROOT, " · about %s%s left in the run (%d calls of ~%d%s)",
                clock((long) (perCall * left)), money, done, Math.round(done + left), rough ? ", rough: early in the run" : ""));
    }

    /** Calls the run still makes, by the plan and what the run has shown since. */
    double callsLeft(Progress p) {
        double mining = 0;
        long miningDone = p.done(AdamMeme.MINING);
        if (p.pairs() < 0) {
            mining = p.mined() == 0 ? Math.max(0, plan.expectedCalls(AdamMeme.MINING) - miningDone)
                    : (double) miningDone / p.mined() * (p.memes() - p.mined());
        }
        double scoringPerPair = (double) plan.expectedCalls(AdamMeme.SCORING) / Math.max(1, plan.pairs());
        long scoringDone = p.done(AdamMeme.SCORING);
        double scoring;
        double scale = 1;
        if (p.pairs() < 0) {
            scoring = Math.max(0, plan.expectedCalls(AdamMeme.SCORING) - scoringDone);
        } else {
            scale = (double) p.pairs() / Math.max(1, plan.pairs());
            double perPair = p.scored() > 0 ? (double) scoringDone / p.scored() : scoringPerPair;
            scoring = perPair * (p.pairs() - p.scored());
        }
        long refinementDone = p.done(AdamMeme.REFINEMENT);
        double refinement = Math.max(0, plan.expectedCalls(AdamMeme.REFINEMENT) * scale - refinementDone);
        int running = p.chains() - p.chainsDone();
        if (refinement == 0 && running > 0) {
            refinement = (double) refinementDone / Math.max(1, p.chainsDone()) * running;
        }
        if (p.pairs() >= 0 && p.scored() >= p.pairs() && p.chains() > 0 && running == 0) {
            refinement = 0;
        }
        return mining + scoring + refinement;
    }

    private static String clock(long nanos) {
        long s = TimeUnit.NANOSECONDS.toSeconds(nanos);
        return String.format(Locale.ROOT, "%02d:%02d", s / 60, s % 60);
    }
}
