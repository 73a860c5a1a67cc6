package io.github.adammeme.llm;

/** Tokens reported by the endpoint for one call. */
public record Usage(long promptTokens, long completionTokens) {

    /** No tokens. */
    public static final Usage NONE = new Usage(0, 0);

    /**
     * @param other another call's usage
     * @return the two summed
     */
    public Usage plus(Usage other) {
        return new Usage(promptTokens + other.promptTokens, completionTokens + other.completionTokens);
    }

    /** @return input and output tokens together */
    public long totalTokens() {
        return promptTokens + completionTokens;
    }
}
