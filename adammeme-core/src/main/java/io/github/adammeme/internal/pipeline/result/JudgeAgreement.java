package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How far the judge can be trusted, measured in every run: the samples a second, independent judge
 * scored again ({@link SecondScore}), compared with the first judge's scores. Pass/fail agreement is
 * Cohen's kappa, which discounts the agreement two judges would reach by chance given how often each
 * passes samples. Its 95% interval comes from the Wilson interval of the observed agreement p_o,
 * with p_e held fixed: kappa = (p_o - p_e) / (1 - p_e) at each bound. Unlike the large-sample
 * standard error, which is zero whenever the judges agree on every sample, this interval stays wide
 * on few samples: 6 agreements of 6 say little. Beside it, the mean absolute difference of the two
 * scores and the samples the two judges put on opposite sides of the threshold, which are the
 * verdicts a release gate would read differently.
 *
 * @param secondJudge who judged again, e.g. {@code replica 1 of gpt-4o}, or null when nobody did
 * @param drawn       samples drawn for a second score
 * @param compared    of them, those both judges rated (a second judge may fail, as any call may)
 * @param agreements  compared samples both judges put on the same side of the threshold
 * @param kappa       Cohen's kappa, or null when nothing was compared or every sample fell on one side
 *                    for both judges (where chance explains every agreement and kappa is undefined)
 * @param kappaLow    lower bound of its 95% interval, or null
 * @param kappaHigh   upper bound of its 95% interval, or null
 * @param meanAbsoluteDifference mean |first - second| score, or null
 * @param opposite    ids of the samples on opposite sides of the threshold, in sample order
 */
@API(status = INTERNAL, since = "0.1.0")
public record JudgeAgreement(
        String secondJudge,
        int drawn,
        int compared,
        int agreements,
        Double kappa,
        Double kappaLow,
        Double kappaHigh,
        Double meanAbsoluteDifference,
        List<String> opposite) {

    /**
     * Keeps its own copy of the opposite samples.
     *
     * @param secondJudge who judged again, or null
     * @param drawn samples drawn for a second score
     * @param compared of them, those both judges rated
     * @param agreements compared samples both judges put on the same side of the threshold
     * @param kappa Cohen's kappa, or null
     * @param kappaLow lower bound of its 95% interval, or null
     * @param kappaHigh upper bound of its 95% interval, or null
     * @param meanAbsoluteDifference mean |first - second| score, or null
     * @param opposite ids of the samples on opposite sides of the threshold
     */
    public JudgeAgreement {
        opposite = List.copyOf(opposite);
    }

    /**
     * The agreement measured on the samples that have a second score.
     *
     * @param samples a run's scored samples, originals and refinements
     * @param threshold the score below which a sample fails
     * @return the agreement
     */
    public static JudgeAgreement of(List<ScoredSample> samples, double threshold) {
        String judge = null;
        int drawn = 0;
        int bothPass = 0;
        int bothFail = 0;
        int firstPasses = 0;
        int secondPasses = 0;
        long difference = 0;
        List<String> opposite = new ArrayList<>();
        for (ScoredSample s : samples) {
            if (s.secondScore() == null) {
                continue;
            }
            drawn++;
            judge = s.secondScore().judge();
            if (s.score() == null || s.secondScore().score() == null) {
                continue;
            }
            boolean first = s.score() >= threshold;
            boolean second = s.secondScore().score() >= threshold;
            firstPasses += first ? 1 : 0;
            secondPasses += second ? 1 : 0;
            bothPass += first && second ? 1 : 0;
            bothFail += !first && !second ? 1 : 0;
            difference += Math.abs(s.score() - s.secondScore().score());
            if (first != second) {
                opposite.add(s.id());
            }
        }
        int n = bothPass + bothFail + opposite.size();
        if (n == 0) {
            return new JudgeAgreement(judge, drawn, 0, 0, null, null, null, null, opposite);
        }
        double po = (double) (bothPass + bothFail) / n;
        double p1 = (double) firstPasses / n;
        double p2 = (double) secondPasses / n;
        double pe = p1 * p2 + (1 - p1) * (1 - p2);
        double mad = (double) difference / n;
        if (pe >= 1) {
            // Both judges put every sample on one side: chance explains every agreement, so kappa says nothing.
            return new JudgeAgreement(judge, drawn, n, bothPass + bothFail, null, null, null, mad, opposite);
        }
        FailureRate agreed = FailureRate.of(bothPass + bothFail, n);
        return new JudgeAgreement(
                judge,
                drawn,
                n,
                bothPass + bothFail,
                kappa(po, pe),
                Math.max(-1, kappa(agreed.low(), pe)),
                Math.min(1, kappa(agreed.high(), pe)),
                mad,
                opposite);
    }

    private static double kappa(double po, double pe) {
        return (po - pe) / (1 - pe);
    }

    /**
     * "kappa 0.71 [0.42, 0.93], 9 of 10 pass/fail verdicts agree, mean |score difference| 0.80, 1 on opposite
     * sides ...".
     *
     * @param threshold the score below which a sample fails
     * @return one line
     */
    public String describe(double threshold) {
        if (compared == 0) {
            return drawn == 0 ? "no sample was scored twice" : "no sample got both scores (" + drawn + " drawn)";
        }
        String figure = kappa == null
                ? "kappa undefined (every sample on one side for both judges)"
                : String.format(Locale.ROOT, "kappa %.2f [%.2f, %.2f]", kappa, kappaLow, kappaHigh);
        return String.format(
                Locale.ROOT,
                "%s, %d of %d pass/fail verdicts agree, mean |score difference| %.2f,"
                        + " %d on opposite sides of %s (%s)",
                figure,
                agreements,
                compared,
                meanAbsoluteDifference,
                opposite.size(),
                threshold,
                secondJudge);
    }
}
