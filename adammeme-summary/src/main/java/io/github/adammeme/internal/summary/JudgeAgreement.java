package io.github.adammeme.internal.summary;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * How far the judge can be trusted, measured in every run: the samples a second, independent judge
 * scored again, compared with the first judge's scores. Pass/fail agreement is
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
        @Nullable String secondJudge,
        int drawn,
        int compared,
        int agreements,
        @Nullable Double kappa,
        @Nullable Double kappaLow,
        @Nullable Double kappaHigh,
        @Nullable Double meanAbsoluteDifference,
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
