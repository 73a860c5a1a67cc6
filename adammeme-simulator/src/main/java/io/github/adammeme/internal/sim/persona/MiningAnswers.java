package io.github.adammeme.internal.sim.persona;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** The simulator's answers as stage 1's agents: Miner, Examiner, Judge and Narrator. */
final class MiningAnswers {

    /** Proposals the Judge turns down as narrower cases of a category already in the taxonomy. */
    private static final Map<String, String> OVERLAPS = Map.of(
            "islamophobia",
            "religion",
            "antisemitism",
            "religion",
            "racism",
            "race",
            "ethnicity",
            "race",
            "sexism",
            "gender",
            "misogyny",
            "gender",
            "xenophobia",
            "nationality",
            "ableism",
            "disability",
            "politics",
            "political",
            "health misinformation",
            "misinformation");

    private MiningAnswers() {}

    static String miner(SimRequest r, Forms forms) {
        String text = r.text("meme_text");
        Set<String> taxonomy = taxonomyNames(r.block("taxonomy"));
        List<String> named = new ArrayList<>();
        String proposal = null;
        for (String category : Lexicon.categoriesIn(text)) {
            // Each replica overlooks some cues: the vote, not one Miner, decides.
            if (Chance.of(r.seed(), text, category, "notice") < 0.2) {
                continue;
            }
            if (taxonomy.contains(category)) {
                named.add(category);
            } else if (proposal == null) {
                proposal = category;
            }
        }
        if (Chance.of(r.seed(), text, "stray") < 0.08 && !taxonomy.isEmpty()) {
            List<String> all = List.copyOf(taxonomy);
            String stray = all.get((int) (Chance.of(r.seed(), text, "which") * all.size()));
            if (!named.contains(stray)) {
                named.add(stray);
            }
        }
        String proposalJson = "";
        if (proposal != null) {
            proposalJson = ", \"new_category\": {\"name\": \"" + proposal + "\", \"description\": \""
                    + capitalise(Objects.requireNonNull(Lexicon.topic(proposal), "proposed from the lexicon")
                            .description())
                    + ".\"}";
        } else if (named.contains("religion")
                && text.toLowerCase(Locale.ROOT).matches("(?s).*\\b(muslims?|islam)\\b.*")
                && Chance.of(r.seed(), text, "narrow") < 0.5) {
            // A too-narrow proposal the Judge must turn down, as in the paper's example.
            proposalJson =
                    ", \"new_category\": {\"name\": \"islamophobia\", \"description\": \"Hostility towards Muslims and Islam.\"}";
        }
        String json = "{\"categories\": ["
                + named.stream().map(n -> "\"" + n + "\"").collect(Collectors.joining(", ")) + "]" + proposalJson + "}";
        if (!forms.strict()) {
            return forms.json(json);
        }
        // Real models wrap JSON in prose or fences now and then; so does this one, even in the strict dialect.
        return switch ((int) (Chance.of(r.seed(), text, "format") * 3)) {
            case 0 -> json;
            case 1 -> "```json\n" + json + "\n```";
            default -> "Here is my classification of the meme.\n" + json + "\nI hope this helps.";
        };
    }

    static String examiner(SimRequest r, Forms forms) {
        String text = r.text("meme_text");
        String category = proposedName(r.block("proposed_category"));
        Lexicon.Topic topic = Lexicon.topic(category);
        List<Lexicon.Cue> cues = topic == null ? List.of() : Lexicon.find(text, topic.name(), false);
        if (topic == null || cues.isEmpty()) {
            return forms.verdict(
                    "No",
                    "Nothing in this meme carries " + category + " harm; the claim reads more into it"
                            + " than is there.");
        }
        return forms.verdict(
                "**Yes**",
                "The meme singles out " + CueWording.group(cues, topic) + " through " + CueWording.quote(cues)
                        + ", which is " + topic.description() + ".");
    }

    static String judge(SimRequest r, Forms forms) {
        String proposal = proposedName(r.block("proposed_category"));
        Set<String> taxonomy = taxonomyNames(r.block("taxonomy"));
        if (proposal.split("\\s+").length > 2) {
            return forms.verdict(
                    "No", "The name has more than two words and is finer-grained than the existing categories.");
        }
        if (taxonomy.contains(proposal)) {
            return forms.verdict("No", "The taxonomy already has this category.");
        }
        String overlaps = OVERLAPS.get(proposal);
        if (overlaps != null && taxonomy.contains(overlaps)) {
            return forms.verdict(
                    "No", "It overlaps the existing category '" + overlaps + "', of which it is a narrower case.");
        }
        if (Lexicon.topic(proposal) == null) {
            return forms.verdict("No", "It does not name a distinct harm at the level of the existing categories.");
        }
        return forms.verdict(
                "Yes",
                "It covers a distinct harm that no existing category covers, at the same level of" + " generality.");
    }

    static String narrator(SimRequest r, Forms forms) {
        String text = r.text("meme_text");
        String category = proposedName(r.block("category"));
        Lexicon.Topic topic = Lexicon.topic(category);
        if (topic == null) {
            return forms.json(
                    "{\"misbelief\": \"" + forms.misbelief("some people deserve contempt for who they are") + "\"}");
        }
        List<Lexicon.Cue> cues = Lexicon.find(text, topic.name(), false);
        return forms.json("{\"misbelief\": \""
                + forms.misbelief(CueWording.group(cues, topic) + " " + CueWording.predicate(text, topic)) + "\"}");
    }

    private static Set<String> taxonomyNames(@Nullable String block) {
        Set<String> names = new LinkedHashSet<>();
        if (block == null) {
            return names;
        }
        for (String line : block.split("\\R")) {
            String l = line.strip();
            if (l.startsWith("- ") && l.contains(":")) {
                names.add(l.substring(2, l.indexOf(':')).strip().toLowerCase(Locale.ROOT));
            }
        }
        return names;
    }

    private static String proposedName(@Nullable String block) {
        if (block == null) {
            return "";
        }
        int colon = block.indexOf(':');
        return (colon >= 0 ? block.substring(0, colon) : block).strip().toLowerCase(Locale.ROOT);
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
