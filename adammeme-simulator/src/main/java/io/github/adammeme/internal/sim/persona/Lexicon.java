package io.github.adammeme.internal.sim.persona;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the simulated model "knows" about harm: per category, explicit cue words (each with the
 * vaguer wording the Refiner swaps in) and implicit cues that only a careful reader catches. The
 * keyword persona reads explicit cues only, which is why a rewrite defeats it. The words are data,
 * {@code lexicon.json} beside this class, read once; a lexicon missing or malformed is named with
 * what is wrong in it.
 */
final class Lexicon {

    /** A word or phrase that signals harm in one category. */
    record Cue(
            String phrase,
            String category,
            boolean explicit,
            @Nullable String euphemism,
            @Nullable String group) {}

    /** A category the simulator knows, with the predicates its misbeliefs draw on. */
    record Topic(String name, String description, boolean initial, List<String> predicates) {}

    /** The lexicon's data: one section per category, read once, when the simulator first answers. */
    static final String RESOURCE = "/io/github/adammeme/internal/sim/persona/lexicon.json";

    private static final Map<String, Topic> TOPICS = new LinkedHashMap<>();
    private static final List<Cue> CUES = new ArrayList<>();

    static {
        load(RESOURCE, TOPICS, CUES);
    }

    /**
     * Reads a lexicon.
     *
     * @param resource the lexicon's path on the class path
     * @param topics where its topics go, by name
     * @param cues where its cues go, in the order they are written
     * @throws IllegalStateException naming the resource when it is missing, not JSON, or not a lexicon
     */
    static void load(String resource, Map<String, Topic> topics, List<Cue> cues) {
        try (InputStream in = Lexicon.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the simulator's lexicon " + resource + " is missing from the jar");
            }
            read(new ObjectMapper().readTree(in), topics, cues);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "the simulator's lexicon " + resource + " is not JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the simulator's lexicon " + resource, e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "the simulator's lexicon " + resource + " is malformed: " + e.getMessage(), e);
        }
    }

    /**
     * Each topic's name, whether it is in the initial taxonomy, the group it aims at and its predicates; then its
     * explicit cues (phrase, euphemism, group) and its implicit phrases, kept in the order they are written.
     */
    private static void read(JsonNode lexicon, Map<String, Topic> topics, List<Cue> cues) {
        for (JsonNode t : array(lexicon, "topics", "")) {
            String name = text(t, "name", "topics[]");
            String where = "topic " + name;
            if (topics.containsKey(name)) {
                throw malformed(where + " is given twice");
            }
            if (!t.path("initial").isBoolean()) {
                throw malformed(where + ": \"initial\" is not true or false");
            }
            List<String> predicates = new ArrayList<>();
            array(t, "predicates", where).forEach(p -> predicates.add(text(p, where + ", a predicate")));
            if (predicates.isEmpty()) {
                throw malformed(where + " has no predicates");
            }
            topics.put(
                    name,
                    new Topic(
                            name,
                            "harm aimed at " + text(t, "group", where),
                            t.get("initial").booleanValue(),
                            List.copyOf(predicates)));
            for (JsonNode c : array(t, "explicit", where)) {
                String phrase = text(c, "phrase", where + ", an explicit cue");
                cues.add(new Cue(
                        phrase,
                        name,
                        true,
                        text(c, "euphemism", where + ", cue " + phrase),
                        text(c, "group", where + ", cue " + phrase)));
            }
            array(t, "implicit", where)
                    .forEach(p -> cues.add(new Cue(text(p, where + ", an implicit cue"), name, false, null, null)));
        }
        if (topics.isEmpty()) {
            throw malformed("no topics");
        }
    }

    private static Iterable<JsonNode> array(JsonNode node, String field, String where) {
        JsonNode a = node.path(field);
        if (!a.isArray()) {
            throw malformed((where.isEmpty() ? "" : where + ": ") + "\"" + field + "\" is not a list");
        }
        return a;
    }

    private static String text(JsonNode node, String field, String where) {
        return text(node.path(field), where + ": \"" + field + "\"");
    }

    private static String text(JsonNode value, String what) {
        if (!value.isTextual() || value.textValue().isBlank()) {
            throw malformed(what + " is not a text");
        }
        return value.textValue();
    }

    private static IllegalArgumentException malformed(String problem) {
        return new IllegalArgumentException(problem);
    }

    private Lexicon() {}

    static @Nullable Topic topic(String category) {
        return TOPICS.get(category.toLowerCase(Locale.ROOT).trim());
    }

    /** The cues of a category found in a text, in the order they first occur. */
    static List<Cue> find(String text, String category, boolean explicitOnly) {
        String lower = " " + text.toLowerCase(Locale.ROOT) + " ";
        List<Map.Entry<Integer, Cue>> hits = new ArrayList<>();
        for (Cue cue : CUES) {
            if (!cue.category().equals(category) || (explicitOnly && !cue.explicit())) {
                continue;
            }
            Matcher m = pattern(cue.phrase()).matcher(lower);
            if (m.find()) {
                hits.add(Map.entry(m.start(), cue));
            }
        }
        hits.sort(Map.Entry.comparingByKey());
        List<Cue> out = new ArrayList<>();
        for (Map.Entry<Integer, Cue> hit : hits) {
            // "the hood" and "hood" both match once; keep the first phrase at each position
            if (out.stream()
                    .noneMatch(c -> c.phrase().contains(hit.getValue().phrase())
                            || hit.getValue().phrase().contains(c.phrase()))) {
                out.add(hit.getValue());
            }
        }
        return out;
    }

    /** Every category with a cue in the text, explicit or implicit. */
    static List<String> categoriesIn(String text) {
        List<String> out = new ArrayList<>();
        for (Topic t : TOPICS.values()) {
            if (!find(text, t.name(), false).isEmpty()) {
                out.add(t.name());
            }
        }
        return out;
    }

    /** Replaces every explicit cue of the category with its vaguer wording. */
    static String euphemise(String text, String category) {
        String out = text;
        for (Cue cue : CUES) {
            if (cue.category().equals(category) && cue.explicit()) {
                out = pattern(cue.phrase())
                        .matcher(out)
                        .replaceAll(" " + Matcher.quoteReplacement(cue.euphemism()) + " ");
            }
        }
        return out.replaceAll("\\s+", " ").strip();
    }

    private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

    private static Pattern pattern(String phrase) {
        return PATTERNS.computeIfAbsent(
                phrase,
                p -> Pattern.compile("(?<![a-z0-9])" + Pattern.quote(p) + "(?![a-z0-9])", Pattern.CASE_INSENSITIVE));
    }
}
