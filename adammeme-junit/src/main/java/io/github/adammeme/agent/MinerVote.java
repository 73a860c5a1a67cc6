package io.github.adammeme.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.llm.ResponseSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * One Miner's answer: the existing categories it names, and the new category it proposes, if any.
 *
 * @param proposal null when the Miner proposed nothing
 */
public record MinerVote(List<String> categories, Proposal proposal) {

    /** A new category as a Miner proposed it. */
    public record Proposal(String name, String description) {
    }

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
     * {@code new_category}, null or empty when nothing is proposed.
     */
    public static final AnswerParser<MinerVote> PARSER = AnswerParser.withSchema(SCHEMA, answer -> {
        JsonNode json = JsonAnswers.firstObject(answer);
        JsonNode list = json.get("categories");
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
        JsonNode proposed = json.get("new_category");
        if (proposed != null && !proposed.isNull() && !(proposed.isObject() && proposed.isEmpty())) {
            if (!proposed.isObject()) {
                throw new ParseException("field 'new_category' must be an object with name and description");
            }
            proposal = new Proposal(JsonAnswers.requiredString(proposed, "name"),
                    JsonAnswers.requiredString(proposed, "description"));
        }
        return new MinerVote(names, proposal);
    });
}
