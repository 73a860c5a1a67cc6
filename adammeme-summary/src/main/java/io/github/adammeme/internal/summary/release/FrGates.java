package io.github.adammeme.internal.summary.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.summary.CategoryFigures;
import io.github.adammeme.internal.summary.FailureRate;
import io.github.adammeme.internal.summary.Outcome;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A suite's FR budgets and how they are judged. A release gate on a point FR passes a model that
 * failed 2 of 10 samples under a 25% budget, though its true FR may well be 50%: judged on the
 * upper bound of the 95% Wilson interval, it passes only when the evidence says FR is within the
 * budget. A gate fails closed: with fewer counted samples than the minimum, or none, or with more
 * of its samples left out of FR (refused while refusals are left out, unscored, in error) than the
 * suite allows, it fails with "not enough evidence" unless the suite chose to skip such gates: a
 * target that turns its failures into unscorable answers must not pass on the few it left.
 *
 * @param budgets      FR budgets as fractions: key {@code ""} is overall, otherwise a category name
 * @param bound        what is held against the budget: the FR or its upper bound
 * @param basis        which FR: with refinements (the headline) or originals only
 * @param minSamples   counted samples a gate needs before it passes or fails
 * @param maxUncounted share of samples that may be left out of FR before the rest is too thin to judge
 * @param insufficient what a gate without enough evidence does
 */
@API(status = INTERNAL, since = "0.1.0")
public record FrGates(
        Map<String, Double> budgets,
        Bound bound,
        Basis basis,
        int minSamples,
        double maxUncounted,
        Insufficient insufficient) {

    static final double DEFAULT_MAX_UNCOUNTED = 0.10;

    /** A choice read from one configuration key by its name there: the constant's name in lower case, "-" for "_". */
    interface Keyed {
        /** @return the constant's name, as every enum has it */
        String name();

        /** @return the value that names it in its configuration key */
        default String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** The value of {@code configKey} named {@code value}, or a configuration error listing the names allowed. */
    static <E extends Enum<E> & Keyed> E parse(Class<E> choices, String configKey, String value) {
        for (E choice : choices.getEnumConstants()) {
            if (choice.key().equalsIgnoreCase(value.trim())) {
                return choice;
            }
        }
        throw new ConfigurationException(
                configKey,
                value,
                "expected "
                        + String.join(
                                " or ",
                                Arrays.stream(choices.getEnumConstants())
                                        .map(Keyed::key)
                                        .toList()));
    }

    /** What a gate holds against its budget ({@code adammeme.gate.on}). */
    public enum Bound implements Keyed {
        /** the FR itself */
        POINT,
        /** the upper bound of its 95% Wilson interval */
        UPPER_BOUND;

        static Bound parse(String value) {
            return FrGates.parse(Bound.class, Constants.GATE_ON, value);
        }

        String description() {
            return this == POINT ? "the point estimate" : "the upper bound of the 95% Wilson interval";
        }

        /** Only for a rate of counted samples: a gate short of samples never gets this far. */
        double of(FailureRate fr) {
            return Objects.requireNonNull(this == POINT ? fr.rate() : fr.high(), "an FR of no counted sample");
        }
    }

    /**
     * Which FR a gate holds ({@code adammeme.gate.basis}). Refined samples are chosen adversarially,
     * aimed at this target's weaknesses, so the interval of FR with refinements describes those
     * samples, not a random draw of memes; the originals' FR is the one a random draw gives.
     */
    public enum Basis implements Keyed {
        /** FR over the original samples and their refinements, the headline figure */
        WITH_REFINEMENTS,
        /** FR over the original samples only */
        ORIGINALS;

        static Basis parse(String value) {
            return FrGates.parse(Basis.class, Constants.GATE_BASIS, value);
        }

        String description() {
            return this == WITH_REFINEMENTS ? "FR with refinements" : "FR of the original samples";
        }

        /**
         * @param withRefinements a category's figures with its refinements
         * @param originals the same category's figures on its original samples
         * @return the figures this basis holds against the budget
         */
        public CategoryFigures of(CategoryFigures withRefinements, CategoryFigures originals) {
            return this == WITH_REFINEMENTS ? withRefinements : originals;
        }
    }

    /** What a test does when its figure rests on too little evidence ({@code adammeme.gate.insufficient}). */
    public enum Insufficient implements Keyed {
        /** fails: a release is not let through on evidence it does not have */
        FAIL,
        /** is skipped (aborted), for suites that knowingly run on small samples */
        SKIP;

        static Insufficient parse(String value) {
            return FrGates.parse(Insufficient.class, Constants.GATE_INSUFFICIENT, value);
        }
    }

    /** How a gate ended. */
    public enum Status {
        /** FR is within the budget */
        PASSED,
        /** FR is over the budget */
        FAILED,
        /** too few samples were counted to judge */
        NOT_ENOUGH_EVIDENCE
    }

    /**
     * A gate's outcome and the sentence that explains it: FR, interval, n, budget and basis.
     *
     * @param status  how the gate ended
     * @param message why, in a sentence a release manager can read
     */
    public record GateVerdict(Status status, String message) {}

    /**
     * @param category a category, or "" for the overall budget
     * @return its FR budget, when one is set
     */
    public Optional<Double> budget(String category) {
        return Optional.ofNullable(budgets.get(category));
    }

    /**
     * Holds a category's figures against its budget, with this gate's bound, basis and evidence rules.
     *
     * @param category the category, for the message
     * @param figures  its figures on this gate's basis
     * @param budget   the highest FR allowed
     * @return the verdict
     */
    public GateVerdict judge(String category, CategoryFigures figures, double budget) {
        FailureRate fr = figures.fr();
        String budgetText = percent(budget);
        int left = figures.samples() - fr.n();
        if (figures.samples() > 0 && (double) left / figures.samples() > maxUncounted) {
            return new GateVerdict(
                    Status.NOT_ENOUGH_EVIDENCE,
                    "FR gate " + category + ": not enough evidence: " + left + " of "
                            + figures.samples() + " samples (" + percent((double) left / figures.samples())
                            + ") are left out of FR ("
                            + figures.counts().get(Outcome.REFUSED) + " refused, "
                            + figures.counts().get(Outcome.UNSCORED)
                            + " unscored, " + figures.counts().get(Outcome.ERROR) + " error), over "
                            + Constants.GATE_MAX_UNCOUNTED
                            + " = " + percent(maxUncounted) + "; " + basis.description() + " " + fr.describe()
                            + " counts only the rest,"
                            + " budget " + budgetText);
        }
        if (fr.n() < minSamples) {
            return new GateVerdict(
                    Status.NOT_ENOUGH_EVIDENCE,
                    "FR gate " + category + ": not enough evidence: n = "
                            + fr.n() + ", needs " + minSamples + " (" + Constants.GATE_MIN_SAMPLES + "); "
                            + basis.description()
                            + " " + fr.describe() + ", budget " + budgetText);
        }
        double judged = bound.of(fr);
        boolean within = judged <= budget;
        String figure = bound == Bound.POINT ? "" : " (upper bound " + percent(judged) + ")";
        return new GateVerdict(
                within ? Status.PASSED : Status.FAILED,
                basis.description() + " " + fr.describe() + " in "
                        + category + figure + (within ? " is within the budget " : " exceeds the budget ") + budgetText
                        + ", judged on " + bound.description() + ", n = " + fr.n());
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
