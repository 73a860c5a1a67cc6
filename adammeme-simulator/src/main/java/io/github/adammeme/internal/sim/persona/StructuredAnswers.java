package io.github.adammeme.internal.sim.persona;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The simulator's structured output: the answer a role gives in text, put in the JSON its schema
 * asks for, as an endpoint with constrained decoding would return it (bare JSON, nothing around it).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class StructuredAnswers {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern RATING = Pattern.compile("Rating: \\[\\[(\\d+)]]\\s*$");
    private static final Pattern VERDICT =
            Pattern.compile("^[\\s*]*(yes|no)[\\s*]*[.,:;]?\\s*(.*)$", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    private StructuredAnswers() {}

    /**
     * The answer in the named schema, or null when the simulator does not know that schema. An answer
     * that does not fit its schema (a prompt that never asked for a rating, say) goes back as it is,
     * as from an endpoint that does not hold its output to the schema.
     *
     * @param schema the name of the schema the request asks for
     * @param text   the answer as the role gives it in text
     * @return the answer in the schema, or null for a schema the simulator does not know
     */
    public static @Nullable String of(String schema, String text) {
        try {
            return switch (schema) {
                case "scorer_rating" -> rating(text);
                case "verdict" -> verdict(text);
                case "miner_vote" -> minerVote(text);
                default -> null;
            };
        } catch (IOException | RuntimeException doesNotFit) {
            return text;
        }
    }

    private static String rating(String text) throws IOException {
        Matcher m = RATING.matcher(text);
        if (!m.find()) {
            throw new IOException("no rating");
        }
        String body = text.substring(0, m.start()).strip();
        int split = body.indexOf("\n\nExplanation: ");
        ObjectNode out = JSON.createObjectNode();
        out.put(
                "mistakes",
                split < 0
                        ? ""
                        : body.substring(0, split)
                                .replaceFirst("^Mistakes:\\s*", "")
                                .strip());
        out.put(
                "explanation",
                split < 0
                        ? body
                        : body.substring(split + "\n\nExplanation: ".length()).strip());
        out.put("rating", Integer.parseInt(m.group(1)));
        return JSON.writeValueAsString(out);
    }

    private static String verdict(String text) throws IOException {
        Matcher m = VERDICT.matcher(text.strip());
        if (!m.matches()) {
            throw new IOException("no verdict");
        }
        ObjectNode out = JSON.createObjectNode();
        out.put("verdict", m.group(1).toLowerCase(Locale.ROOT));
        out.put("reason", m.group(2).strip());
        return JSON.writeValueAsString(out);
    }

    private static String minerVote(String text) throws IOException {
        int start = text.indexOf('{');
        JsonNode vote = JSON.readTree(text.substring(start, text.lastIndexOf('}') + 1));
        ObjectNode out = JSON.createObjectNode();
        out.set("categories", vote.path("categories"));
        out.set("new_category", vote.has("new_category") ? vote.get("new_category") : JSON.nullNode());
        return JSON.writeValueAsString(out);
    }
}
