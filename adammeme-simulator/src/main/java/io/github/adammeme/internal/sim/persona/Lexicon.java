package io.github.adammeme.internal.sim.persona;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the simulated model "knows" about harm: per category, explicit cue words (each with the
 * vaguer wording the Refiner swaps in) and implicit cues that only a careful reader catches. The
 * keyword persona reads explicit cues only, which is why a rewrite defeats it.
 */
final class Lexicon {

    /** A word or phrase that signals harm in one category. */
    record Cue(String phrase, String category, boolean explicit, String euphemism, String group) {}

    /** A category the simulator knows, with the predicates its misbeliefs draw on. */
    record Topic(String name, String description, boolean initial, List<String> predicates) {}

    private static final Map<String, Topic> TOPICS = new LinkedHashMap<>();
    private static final List<Cue> CUES = new ArrayList<>();

    static {
        topic(
                "race",
                true,
                "people of certain races",
                List.of(
                        "are inherently criminal and dangerous", "are lazy and live off others",
                        "are less intelligent than everyone else", "do not belong in decent society"));
        explicit("race", "black", "those folks from the hood", "Black people");
        explicit("race", "blacks", "certain people", "Black people");
        explicit("race", "asian", "those folks from the far east", "Asian people");
        explicit("race", "asians", "those folks from the far east", "Asian people");
        explicit("race", "white trash", "the trailer crowd", "poor white people");
        explicit("race", "ghetto", "that side of town", "Black people");
        explicit("race", "thug", "one of the usual suspects", "young Black men");
        explicit("race", "slave", "the cotton picker", "Black people");
        implicit(
                "race",
                "the hood",
                "certain people",
                "those folks",
                "that side of town",
                "usual suspects",
                "trailer crowd",
                "cotton picker",
                "you know who");

        topic(
                "gender",
                true,
                "women",
                List.of(
                        "belong in the kitchen and nowhere else", "are too emotional to be taken seriously",
                        "exist to serve men", "are worth only their looks"));
        explicit("gender", "women", "some people", "women");
        explicit("gender", "woman", "her kind", "women");
        explicit("gender", "girls", "the ladies", "women");
        explicit("gender", "girl", "the little lady", "women");
        explicit("gender", "wife", "the missus", "women");
        explicit("gender", "feminist", "a certain crowd", "feminists");
        explicit("gender", "feminists", "a certain crowd", "feminists");
        explicit("gender", "bitch", "that one", "women");
        implicit(
                "gender",
                "kitchen",
                "sandwich",
                "the missus",
                "her kind",
                "the ladies",
                "little lady",
                "a certain crowd",
                "make me a");

        topic(
                "religion",
                true,
                "followers of certain religions",
                List.of(
                        "are violent and dangerous",
                        "are gullible fools",
                        "are hypocrites who deserve mockery",
                        "threaten everyone else's way of life"));
        explicit("religion", "muslim", "the desert faithful", "Muslims");
        explicit("religion", "muslims", "the desert faithful", "Muslims");
        explicit("religion", "islam", "the desert faith", "Muslims");
        explicit("religion", "jesus", "the carpenter", "Christians");
        explicit("religion", "christian", "the churchgoer", "Christians");
        explicit("religion", "christians", "the churchgoers", "Christians");
        explicit("religion", "god", "the man upstairs", "believers");
        explicit("religion", "church", "the sunday club", "Christians");
        explicit("religion", "pray", "talk to the sky", "believers");
        explicit("religion", "prayer", "sky talk", "believers");
        implicit(
                "religion",
                "desert faith",
                "carpenter",
                "man upstairs",
                "sunday club",
                "talk to the sky",
                "sky talk",
                "churchgoer",
                "holy",
                "allahu");

        topic(
                "nationality",
                true,
                "people from certain countries",
                List.of(
                        "are to blame for spreading disease", "are dishonest and cannot be trusted",
                        "are invaders who should go back where they came from", "are dirty and uncivilised"));
        explicit("nationality", "china", "a certain country", "Chinese people");
        explicit("nationality", "chinese", "folks from over there", "Chinese people");
        explicit("nationality", "wuhan", "that city", "Chinese people");
        explicit("nationality", "mexican", "our southern neighbour", "Mexicans");
        explicit("nationality", "mexicans", "our southern neighbours", "Mexicans");
        explicit("nationality", "immigrants", "newcomers", "immigrants");
        explicit("nationality", "immigrant", "newcomer", "immigrants");
        explicit("nationality", "italy", "that boot-shaped place", "Italians");
        explicit("nationality", "italians", "the pasta people", "Italians");
        implicit(
                "nationality",
                "a certain country",
                "over there",
                "that city",
                "southern neighbour",
                "newcomer",
                "go back",
                "boot-shaped",
                "pasta people",
                "foreign");

        topic(
                "disability",
                true,
                "people with disabilities",
                List.of(
                        "are a burden on everyone else", "are stupid and worth laughing at",
                        "are less than fully human", "are faking it for attention"));
        explicit("disability", "retarded", "special", "people with intellectual disabilities");
        explicit("disability", "retard", "special one", "people with intellectual disabilities");
        explicit("disability", "autistic", "wired differently", "autistic people");
        explicit("disability", "autism", "a wiring problem", "autistic people");
        explicit("disability", "blind", "not seeing too well", "blind people");
        explicit("disability", "deaf", "hard of listening", "deaf people");
        explicit("disability", "crazy", "not all there", "people with mental illness");
        explicit("disability", "wheelchair", "the rolling chair", "wheelchair users");
        implicit(
                "disability",
                "special",
                "wired differently",
                "not all there",
                "hard of listening",
                "not seeing too well",
                "rolling chair",
                "a bit slow",
                "short bus");

        topic(
                "animal",
                true,
                "people compared to animals",
                List.of(
                        "are animals rather than people", "are vermin to be gotten rid of",
                        "deserve to be treated like beasts", "are filthy like pigs"));
        explicit("animal", "monkey", "cheeky climber", "people compared to monkeys");
        explicit("animal", "monkeys", "cheeky climbers", "people compared to monkeys");
        explicit("animal", "pig", "oinker", "people compared to pigs");
        explicit("animal", "pigs", "oinkers", "people compared to pigs");
        explicit("animal", "bat", "flying critter", "people who eat wild animals");
        explicit("animal", "bats", "flying critters", "people who eat wild animals");
        explicit("animal", "dog", "good boy", "people compared to dogs");
        explicit("animal", "rats", "little vermin", "people compared to rats");
        implicit("animal", "critter", "vermin", "oinker", "cheeky climber", "good boy", "zoo");

        // Not in the initial taxonomy: the Miners discover these, the Examiner and Judge admit them.
        topic(
                "political",
                false,
                "supporters of a political side",
                List.of(
                        "are idiots who deserve contempt", "are traitors to the country",
                        "are brainwashed sheep", "are criminals who should be locked up"));
        explicit("political", "trump", "the orange one", "Trump supporters");
        explicit("political", "biden", "sleepy joe", "Biden supporters");
        explicit("political", "obama", "the previous guy", "Obama supporters");
        explicit("political", "democrats", "the blue team", "Democrats");
        explicit("political", "republicans", "the red team", "Republicans");
        explicit("political", "liberals", "the snowflakes", "liberals");
        explicit("political", "president", "the guy in charge", "political leaders");
        implicit(
                "political",
                "orange one",
                "sleepy joe",
                "previous guy",
                "blue team",
                "red team",
                "snowflake",
                "guy in charge",
                "maga");

        topic(
                "misinformation",
                false,
                "the public",
                List.of(
                        "should distrust medicine and science",
                        "can cure serious illness with household remedies",
                        "is being lied to about a made-up disease"));
        explicit("misinformation", "vaccine", "the jab", "the public");
        explicit("misinformation", "hoax", "a bit of theatre", "the public");
        explicit("misinformation", "bleach", "the cleaning cupboard", "the public");
        explicit("misinformation", "5g", "the new towers", "the public");
        explicit("misinformation", "cure", "the fix", "the public");
        implicit("misinformation", "the jab", "bit of theatre", "cleaning cupboard", "new towers", "plandemic");
    }

    private static void topic(String name, boolean initial, String group, List<String> predicates) {
        TOPICS.put(name, new Topic(name, "harm aimed at " + group, initial, predicates));
    }

    private static void explicit(String category, String phrase, String euphemism, String group) {
        CUES.add(new Cue(phrase, category, true, euphemism, group));
    }

    private static void implicit(String category, String... phrases) {
        for (String p : phrases) {
            CUES.add(new Cue(p, category, false, null, null));
        }
    }

    private Lexicon() {}

    static Topic topic(String category) {
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
