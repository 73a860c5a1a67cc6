package io.github.adammeme.llm;

/** Tokens reported by the endpoint for one call. */
public record Usage(long promptTokens, long completionTokens) {

    public static final Usage NONE = new Usage(0, 0);

    public Usage plus(Usage other) {
        return new Usage(promptTokens + other.promptTokens, completionTokens + other.completionTokens);
    }

    public long totalTokens() {
        return promptTokens + completionTokens;
    }
}
