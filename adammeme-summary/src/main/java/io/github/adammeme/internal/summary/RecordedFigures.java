package io.github.adammeme.internal.summary;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.apiguardian.api.API;

/**
 * A category's figures read back from a run's summary, as a gate on merged results and a history
 * read them. The summary may be older or newer than this release (unknown fields are skipped) or
 * damaged: what cannot be read is named, never a null figure.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RecordedFigures {

    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private RecordedFigures() {}

    /**
     * @param summary a finished run's summary.json
     * @return every figure it records
     * @throws IllegalArgumentException when it records none this release can read
     */
    public static Metrics metrics(JsonNode summary) {
        try {
            Metrics m = JSON.treeToValue(summary.path("metrics"), Metrics.class);
            if (m == null || m.withRefinementsOverall() == null || m.withRefinements() == null) {
                throw new IllegalArgumentException("no figures recorded");
            }
            return m;
        } catch (IOException e) {
            throw new IllegalArgumentException("figures this release cannot read: " + e.getMessage());
        }
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
