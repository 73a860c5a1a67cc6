package io.github.adammeme.pipeline;

/** How one scored sample ended. Kept apart, never folded into a score (DESIGN.md §1). */
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

    public boolean scored() {
        return this == PASSED || this == FAILED;
    }
}
