package io.github.adammeme.internal.agent.prompt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.agent.Analysis;
import io.github.adammeme.internal.agent.Category;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the Candidates and the target are told to look for in each category when
 * {@code adammeme.category-instructions} is on ({@code category-instructions.json}): the paper's reference code
 * asks a different question per category, the paper's figure 10 one question for all. The instruction follows
 * the paper's question, so the question itself, and the category it names, stay the same either way.
 */
final class CategoryInstructions {

    /** Far above any instruction a model needs; a longer one would crowd the meme out of a small model's window. */
    static final int MAX_LENGTH = 600;

    private final Map<String, String> byCategory;

    private CategoryInstructions(Map<String, String> byCategory) {
        this.byCategory = byCategory;
    }

    /**
     * @param json   {@code {"instructions": {"<category>": "<what to look for>", ...}}}
     * @param origin the file, for messages
     * @return the instructions
     * @throws IllegalArgumentException naming the file and the entry that is not an instruction
     */
    static CategoryInstructions fromJson(String json, String origin) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(origin + " is not JSON: " + e.getOriginalMessage());
        }
        JsonNode all = root == null ? null : root.get("instructions");
        if (all == null || !all.isObject()) {
            throw new IllegalArgumentException(
                    origin + ": expected {\"instructions\": {\"<category>\": \"<what to look" + " for>\", ...}}");
        }
        Map<String, String> byCategory = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) all::fields) {
            JsonNode text = e.getValue();
            if (!text.isTextual() || text.asText().isBlank() || text.asText().length() > MAX_LENGTH) {
                throw new IllegalArgumentException(origin + ": the instruction for '" + e.getKey() + "' must be a"
                        + " non-empty string of at most " + MAX_LENGTH + " characters");
            }
            byCategory.put(Category.normalise(e.getKey()), text.asText().strip());
        }
        return new CategoryInstructions(byCategory);
    }

    /**
     * The question with what to look for in this category: the paper's question alone for a category the file
     * has no instruction for (one the Miners found), as the paper asks it of every category.
     *
     * @param category the category the meme is judged on
     * @return the question, as the Candidates, the target and the Scorer are given it
     */
    String question(String category) {
        String instruction = byCategory.get(Category.normalise(category));
        return instruction == null ? Analysis.question(category) : Analysis.question(category) + "\n" + instruction;
    }
}
