package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The taxonomy T of harmfulness categories. Immutable: an admitted category yields a new
 * taxonomy, so a batch of Miners all see the same T however their calls interleave.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Taxonomy {

    private final Map<String, Category> byName;

    private Taxonomy(Map<String, Category> byName) {
        this.byName = byName;
    }

    /**
     * A taxonomy of the given categories, in their order; a later one with the same normalised name replaces
     * an earlier.
     *
     * @param categories the categories
     * @return the taxonomy
     */
    public static Taxonomy of(List<Category> categories) {
        Map<String, Category> map = new LinkedHashMap<>();
        for (Category c : categories) {
            map.put(Category.normalise(c.name()), c);
        }
        return new Taxonomy(map);
    }

    /**
     * Reads a taxonomy file's categories.
     *
     * @param json   {@code {"categories": [{"name": ..., "description": ...}, ...]}}
     * @param origin where the text came from, as an error names it
     * @return the taxonomy
     * @throws IllegalArgumentException naming the origin when the text is not such a file
     */
    public static Taxonomy fromJson(String json, String origin) {
        try {
            JsonNode root = new ObjectMapper().readTree(json);
            JsonNode list = root == null ? null : root.get("categories");
            if (list != null && list.isArray() && list.isEmpty()) {
                throw new IllegalArgumentException(
                        origin + " holds no categories: mining maps each meme to categories of"
                                + " the taxonomy, so a run needs at least one");
            }
            if (list == null || !list.isArray()) {
                throw new IllegalArgumentException(
                        origin + ": expected {\"categories\": [{\"name\": ..., \"description\": ...}, ...]}");
            }
            List<Category> categories = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                JsonNode c = list.get(i);
                if (!c.path("name").isTextual() || !c.path("description").isTextual()) {
                    throw new IllegalArgumentException(
                            origin + ": categories[" + i + "] needs a string name and description");
                }
                if (Category.normalise(c.get("name").asText()).equals(Category.OVERALL)) {
                    throw new IllegalArgumentException(
                            origin + ": categories[" + i + "] is named 'overall', the name of the"
                                    + " figures of all categories together; give it another name");
                }
                categories.add(new Category(
                        Category.normalise(c.get("name").asText()),
                        c.get("description").asText(),
                        null));
            }
            return of(categories);
        } catch (IOException e) {
            throw new IllegalArgumentException(origin + ": malformed JSON: " + e.getMessage(), e);
        }
    }

    /**
     * A new taxonomy with a category added (or replacing one of the same normalised name); this one is left
     * as it was.
     *
     * @param added the admitted category
     * @return the new taxonomy
     */
    public Taxonomy with(Category added) {
        Map<String, Category> map = new LinkedHashMap<>(byName);
        map.put(Category.normalise(added.name()), added);
        return new Taxonomy(map);
    }

    /**
     * @param name a category name, in any case or spacing
     * @return the category of that name, or empty
     */
    public Optional<Category> find(String name) {
        return Optional.ofNullable(byName.get(Category.normalise(name)));
    }

    /**
     * @param name a category name, in any case or spacing
     * @return whether the taxonomy has it
     */
    public boolean contains(String name) {
        return byName.containsKey(Category.normalise(name));
    }

    /** @return the categories, in the order they were added */
    public List<Category> categories() {
        return List.copyOf(byName.values());
    }

    /** @return the normalised names, in the order they were added */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /**
     * One line per category, as the prompts show it.
     *
     * @return a "- name: description" line per category
     */
    public String render() {
        StringBuilder sb = new StringBuilder();
        for (Category c : byName.values()) {
            sb.append("- ")
                    .append(c.name())
                    .append(": ")
                    .append(c.description())
                    .append('\n');
        }
        return sb.toString().strip();
    }
}
