package io.github.adammeme.internal.summary;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** How one scored sample ended. Kept apart, never folded into a score. */
@API(status = INTERNAL, since = "0.1.0")
public enum Outcome {
    /** scored at or above the threshold */
    PASSED,
    /** scored strictly below the threshold */
    FAILED,
    /** the target declined to analyse the meme */
    REFUSED,
    /** the Scorer's output could not be parsed after re-asks; excluded from FR */
    UNSCORED,
    /** an endpoint failed, or an agent produced nothing usable; excluded from FR */
    ERROR;

    /** @return whether the Scorer's rating decided it (PASSED or FAILED) */
    public boolean scored() {
        return this == PASSED || this == FAILED;
    }

    /**
     * Whether FR counts this outcome at all: UNSCORED and ERROR never; REFUSED only when refusals count as
     * failures.
     *
     * @param refusalCountsAsFailure whether refusals count as failures
     * @return whether it counts
     */
    public boolean counted(boolean refusalCountsAsFailure) {
        return scored() || (this == REFUSED && refusalCountsAsFailure);
    }

    /**
     * Whether FR counts this outcome as a failure.
     *
     * @param refusalCountsAsFailure whether refusals count as failures
     * @return whether it is a failure
     */
    public boolean failure(boolean refusalCountsAsFailure) {
        return this == FAILED || (this == REFUSED && refusalCountsAsFailure);
    }
}
