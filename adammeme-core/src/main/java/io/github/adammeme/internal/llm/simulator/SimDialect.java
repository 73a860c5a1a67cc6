package io.github.adammeme.internal.llm.simulator;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How the simulator writes its answers ({@code adammeme.sim.dialect}). Either way an answer says the
 * same thing: the same rating, verdict, categories, misbelief, rewrite and analysis; only its form differs.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum SimDialect {

    /**
     * Answers in the forms real models write, each form drawn for the request at the share real models
     * write it: ratings with and without double brackets, misbeliefs without the word "misbelief", JSON
     * fenced, after a sentence or bare, Final Response headings of several kinds, Yes and No with
     * emphasis or a dash, analyses with a caveat before or after them. The default, so every run meets
     * the variety a real endpoint sends.
     */
    REAL,

    /** Every answer in exactly the form its prompt asks for: a run whose parsing no variety of form can fail. */
    STRICT;

    /**
     * Reads a configured value, {@code real} or {@code strict}, in any case.
     *
     * @param value the configured value
     * @return the dialect
     * @throws IllegalArgumentException for any other value
     */
    public static SimDialect parse(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "real" -> REAL;
            case "strict" -> STRICT;
            default ->
                throw new IllegalArgumentException("expected real (the forms real models write, the default)"
                        + " or strict (exactly the forms the prompts ask for)");
        };
    }
}
