package io.github.adammeme.internal.pipeline.progress;

import io.github.adammeme.internal.pipeline.AdamMeme;

/**
 * The calls a run still makes: the run's {@link RunPlan}, followed by what the run shows as it goes. Mining's calls
 * per meme and the pairs its memes yield; scoring's calls per pair; and refinement's steps, which a plan can only
 * guess: a category's chains end at the first step whose score does not drop, and never take more steps than the
 * category has usable originals, as every step rewrites one no other step has. How often a step ends its chain is
 * measured, so are the steps per pair of the categories refined so far, which stand for those not yet refined. Each
 * measured ratio starts from the plan's, weighed as {@value #PRIOR_UNITS} units measured, so that the first few memes,
 * pairs or steps do not swing it.
 *
 * @param plan the run's plan
 */
record CallsLeft(RunPlan plan) {

    /** How much the plan's ratios weigh against the run's: as many memes, pairs or steps measured. */
    static final double PRIOR_UNITS = 10;
    /** The plan's role that makes one call per refinement step. */
    private static final String STEP_ROLE = "Refiner";

    /**
     * @param p how far the run has got
     * @return the calls the run still makes
     */
    double of(TimeLeft.Progress p) {
        double pairs = pairsExpected(p);
        double mining = p.pairs() >= 0
                ? 0
                : Math.max(
                        0,
                        perUnit(
                                                (double) p.done(AdamMeme.MINING),
                                                p.mined(),
                                                ratio((double) plan.expectedCalls(AdamMeme.MINING), plan.memes()))
                                        * p.memes()
                                - p.done(AdamMeme.MINING));
        double scoring = Math.max(
                0,
                perUnit(
                                        (double) p.done(AdamMeme.SCORING),
                                        p.scored(),
                                        ratio((double) plan.expectedCalls(AdamMeme.SCORING), (double) plan.pairs()))
                                * pairs
                        - p.done(AdamMeme.SCORING));
        return mining + scoring + refinement(p, pairs);
    }

    /** Pairs the run scores: once chosen, their number; before, as many per meme as the memes mined so far yielded. */
    private double pairsExpected(TimeLeft.Progress p) {
        if (p.pairs() >= 0) {
            return p.pairs();
        }
        double yielded = perUnit(p.minedPairs(), p.mined(), ratio((double) plan.pairs(), plan.memes())) * p.memes();
        // A plan with fewer pairs than memes has met adammeme.samples-per-category's cap, which holds whatever they
        // yield.
        return plan.pairs() < plan.memes() ? Math.min((double) plan.pairs(), yielded) : yielded;
    }

    private double refinement(TimeLeft.Progress p, double pairs) {
        long plannedSteps = plan.lines().stream()
                .filter(l -> l.stage().equals(AdamMeme.REFINEMENT) && l.role().equals(STEP_ROLE))
                .mapToLong(RunPlan.Line::expected)
                .sum();
        if (plannedSteps == 0) {
            return 0;
        }
        int steps = p.categories().stream().mapToInt(TimeLeft.Category::steps).sum();
        int ended = p.categories().stream().mapToInt(TimeLeft.Category::ended).sum();
        double endShare = perUnit(ended, steps, 1.0 / Planner.STEPS_PER_CHAIN);
        double stepsLeft = 0;
        double underWay = 0;
        double refinedSteps = 0;
        double refinedPairs = 0;
        double pairsToRefine = p.pairs() >= 0 ? 0 : pairs;
        for (TimeLeft.Category c : p.categories()) {
            if (c.chains() < 0) {
                pairsToRefine += c.pairs();
                continue;
            }
            if (!c.finished()) {
                int running = Math.max(0, c.chains() - c.ended());
                int possible = Math.max(0, c.usable() - c.steps());
                double left = Math.min(running / endShare, possible);
                stepsLeft += left;
                underWay += Math.min(running, possible);
                refinedSteps += left;
            }
            refinedSteps += c.steps();
            refinedPairs += c.pairs();
        }
        stepsLeft += pairsToRefine
                * perUnit(refinedSteps, refinedPairs, ratio((double) plannedSteps, (double) plan.pairs()));
        // A chain still running has a step under way, whose first calls are answered before the step is counted: half
        // a step each, on average, as far as the calls beyond the counted steps go at the plan's calls per step (steps
        // planned but queued behind other categories' scoring have none). Left out, they made the calls per step come
        // out up to twice what they are while many chains ran.
        double plannedPerStep = ratio((double) plan.expectedCalls(AdamMeme.REFINEMENT), (double) plannedSteps);
        long done = p.done(AdamMeme.REFINEMENT);
        double paidFor = plannedPerStep <= 0 ? 0 : Math.max(0, done - steps * plannedPerStep) / plannedPerStep;
        double perStep = perUnit((double) done, steps + Math.min(underWay / 2, paidFor), plannedPerStep);
        return Math.max(0, perStep * (steps + stepsLeft) - done);
    }

    /** The run's ratio of what it measured, starting from the plan's as if {@value #PRIOR_UNITS} units had been measured. */
    private static double perUnit(double measured, double units, double planned) {
        return (measured + PRIOR_UNITS * planned) / (units + PRIOR_UNITS);
    }

    private static double ratio(double a, double b) {
        return b <= 0 ? 0 : a / b;
    }
}
