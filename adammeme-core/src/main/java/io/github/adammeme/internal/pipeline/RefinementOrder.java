package io.github.adammeme.internal.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The order in which Algorithm 1's chains take their steps within one category. Both orders make
 * the same steps with the same transitions; they differ in what the history H and the pool P hold
 * when a step retrieves, so they may refine different cases from different examples.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum RefinementOrder {

    /**
     * The default: within a category all chains advance together in rounds; a round's retrievals see H as
     * it stood when the round began and its additions land in chain order: fast, and deterministic at any
     * concurrency.
     */
    ROUNDS,

    /**
     * The paper's exact sequential order of Algorithm 1: seed after seed, each chain runs to its end before
     * the next begins; every retrieval sees H with every step made before it, and the pool P loses the cases
     * earlier chains took.
     */
    PAPER;

    /**
     * Reads a configured value, {@code rounds} or {@code paper}, in any case.
     *
     * @param value the configured value
     * @return the order
     * @throws IllegalArgumentException for any other value
     */
    public static RefinementOrder parse(String value) {
        String name = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        return switch (name) {
            case "rounds" -> ROUNDS;
            case "paper" -> PAPER;
            default -> throw new IllegalArgumentException("expected rounds or paper");
        };
    }
}
