package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.agent.answer.AnswerParser;
import io.github.adammeme.internal.agent.answer.JsonAnswers;
import io.github.adammeme.internal.agent.answer.ParseException;
import io.github.adammeme.internal.llm.ResponseSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * One Miner's answer: the existing categories it names, and the new category it proposes, if any.
 *
 * @param proposal null when the Miner proposed nothing
 */
@API(status = INTERNAL, since = "0.1.0")
public record MinerVote(List<String> categories, @Nullable Proposal proposal) {

    /** A new category as a Miner proposed it. */
    public record Proposal(String name, String description) {}

    /**
     * Keeps its own copy of the category names.
     *
     * @param categories the existing categories the Miner names
     * @param proposal   the new category it proposes, or null
     */
    public MinerVote {
        categories = List.copyOf(categories);
    }

    static final ResponseSchema SCHEMA = ResponseSchema.of("miner_vote", """
            {"type": "object",
             "properties": {
               "categories": {"type": "array", "items": {"type": "string"}},
               "new_category": {"anyOf": [
                 {"type": "object",
                  "properties": {"name": {"type": "string"}, "description": {"type": "string"}},
                  "required": ["name", "description"],
                  "additionalProperties": false},
                 {"type": "null"}]}},
             "required": ["categories", "new_category"],
             "additionalProperties": false}""");

    /**
     * Reads the Miner's JSON object: {@code categories} (names are normalised, blank ones dropped) and
     * {@code new_category}, null, empty or a word for nothing when nothing is proposed.
     */
    static final AnswerParser<MinerVote> PARSER = AnswerParser.withSchema(SCHEMA, answer -> {
        JsonNode json = JsonAnswers.firstObject(answer);
        JsonNode list = JsonAnswers.field(json, "categories");
        if (list == null || list.isNull()) {
            throw new ParseException("field 'categories' is missing");
        }
        if (!list.isArray()) {
            throw new ParseException("field 'categories' must be a list, was " + list.getNodeType());
        }
        List<String> names = new ArrayList<>();
        for (JsonNode item : list) {
            if (!item.isTextual()) {
                throw new ParseException("field 'categories' must hold names, found " + item);
            }
            if (!item.asText().isBlank()) {
                names.add(Category.normalise(item.asText()));
            }
        }
        Proposal proposal = null;
        JsonNode proposed = JsonAnswers.field(json, "new_category");
        if (proposed != null && !proposesNothing(proposed)) {
            if (!proposed.isObject()) {
                throw new ParseException("field 'new_category' must be an object with name and description");
            }
            proposal = new Proposal(
                    JsonAnswers.requiredString(proposed, "name"), JsonAnswers.requiredString(proposed, "description"));
        }
        return new MinerVote(names, proposal);
    });

    /**
     * How Miners say they propose nothing: null, an empty object, an object whose name and description
     * are both left empty, or a word for nothing in place of the object ("None", "", "N/A").
     */
    private static boolean proposesNothing(JsonNode proposed) {
        if (proposed.isNull()) {
            return true;
        }
        if (proposed.isTextual()) {
            return proposed.asText().strip().toLowerCase(Locale.ROOT).matches("|none|null|n/?a|no|nothing|-");
        }
        return proposed.isObject()
                && blank(JsonAnswers.field(proposed, "name"))
                && blank(JsonAnswers.field(proposed, "description"));
    }

    private static boolean blank(@Nullable JsonNode value) {
        return value == null
                || value.isNull()
                || (value.isTextual() && value.asText().isBlank());
    }
}
