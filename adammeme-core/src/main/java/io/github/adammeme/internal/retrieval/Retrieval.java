package io.github.adammeme.internal.retrieval;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How the refinement retrieves samples by misbelief ({@code adammeme.refinement.retrieval}). The paper says
 * only "BM25 over misbelief sentences"; its reference code ({@code bm25_retrieve}: rank_bm25's BM25Okapi over
 * NLTK's lower-cased tokens) fills in the rest.
 */
@API(status = INTERNAL, since = "0.1.0")
public enum Retrieval {

    /**
     * The default: the words that carry a belief, without function words or the Narrator's framing ("The
     * misbelief is that ..."), so two Narrators stating one belief in other frames retrieve the same samples;
     * and the case being rewritten is never among its own examples, which would show the Refiner its own text.
     */
    CONTENT_WORDS(true, 1.2f),

    /**
     * The reference code's: every word counts, the case itself is a candidate (its own best match, usually the
     * first of its three examples), and BM25's k1 is rank_bm25's 1.5 rather than Lucene's 1.2.
     */
    PAPER(false, 1.5f);

    private final boolean contentWords;
    private final float k1;

    Retrieval(boolean contentWords, float k1) {
        this.contentWords = contentWords;
        this.k1 = k1;
    }

    /** @return whether function and framing words are left out, and the case itself with them */
    boolean contentWords() {
        return contentWords;
    }

    /** @return BM25's term-frequency saturation */
    float k1() {
        return k1;
    }

    /**
     * Reads a configured value, {@code content-words} or {@code paper}, in any case.
     *
     * @param value the configured value
     * @return the retrieval
     * @throws IllegalArgumentException for any other value
     */
    public static Retrieval parse(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "content-words" -> CONTENT_WORDS;
            case "paper" -> PAPER;
            default ->
                throw new IllegalArgumentException("expected content-words (the default) or paper (every word,"
                        + " the case itself included, as the paper's reference code retrieves)");
        };
    }

    /** @return the value as it is configured */
    public String value() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
