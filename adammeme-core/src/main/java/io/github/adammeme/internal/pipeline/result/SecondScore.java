package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.summary.JudgeAgreement;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A sample's score from a second, independent judge: a Scorer replica asked with its own seed, or
 * a second judge model. It never changes the sample's outcome; it measures how far the first
 * judge's verdicts can be trusted ({@link JudgeAgreement}).
 *
 * @param judge   which judge: {@code replica 1 of <model>} or the second model's name
 * @param score   its rating 1..10, or null when it gave none
 * @param failure why there is no rating, or null
 */
@API(status = INTERNAL, since = "0.1.0")
public record SecondScore(
        String judge, @Nullable Integer score, @Nullable String failure) {}
