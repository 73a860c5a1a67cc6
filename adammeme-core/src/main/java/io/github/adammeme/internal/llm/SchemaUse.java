package io.github.adammeme.internal.llm;

import io.github.adammeme.internal.text.Console;

/**
 * Whether requests carry their JSON schema: always, never, or (auto) until the endpoint first
 * turns one down, after which answers are read as text for the rest of the run.
 */
final class SchemaUse {

    private final ChatModel model;
    private volatile StructuredOutput mode = StructuredOutput.OFF;
    private volatile boolean turnedDown;

    SchemaUse(ChatModel model) {
        this.model = model;
    }

    StructuredOutput mode() {
        return mode;
    }

    void mode(StructuredOutput mode) {
        this.mode = mode;
    }

    boolean sends() {
        return mode == StructuredOutput.ON || (mode == StructuredOutput.AUTO && !turnedDown);
    }

    boolean turnedDown() {
        return turnedDown;
    }

    /** Said once, so a user knows why the text format is in use. */
    void turnDown(String why) {
        if (mode == StructuredOutput.AUTO && !turnedDown) {
            turnedDown = true;
            Console.warn(model.model() + " at " + model.identity() + " turned down structured output (" + why
                    + "); its answers are read as text from now on");
        }
    }
}
