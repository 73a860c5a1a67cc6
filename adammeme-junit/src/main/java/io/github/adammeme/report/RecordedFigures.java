package io.github.adammeme.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.pipeline.CategoryFigures;
import java.io.IOException;

/**
 * A category's figures read back from a run's summary, as a gate on merged results and a history
 * read them. The summary may be older or newer than this release (unknown fields are skipped) or
 * damaged: what cannot be read is named, never a null figure.
 */
final class RecordedFigures {

    static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private RecordedFigures() {
    }

    /**
     * @param node    one entry of a summary's {@code metrics}
     * @param subject what holds it, for messages: "run X records", "path/summary.json holds"
     * @return the figures
     * @throws IllegalArgumentException naming the subject when the figures are missing or unreadable
     */
    public static CategoryFigures of(JsonNode node, String subject) {
        try {
            CategoryFigures f = JSON.treeToValue(node, CategoryFigures.class);
            if (f == null || f.fr() == null) {
                throw new IllegalArgumentException(subject + " figures without an FR");
            }
            return f;
        } catch (IOException e) {
            throw new IllegalArgumentException(subject + " figures this release cannot read: " + e.getMessage());
        }
    }
}
