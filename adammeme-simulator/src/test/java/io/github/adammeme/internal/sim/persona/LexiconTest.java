package io.github.adammeme.internal.sim.persona;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The simulator's lexicon is data: the packaged one reads whole, and a broken one is named with what is wrong. */
class LexiconTest {

    private static final String TESTS = "/io/github/adammeme/internal/sim/persona/";

    private static String refusal(String resource) {
        return assertThrows(
                        IllegalStateException.class,
                        () -> Lexicon.load(resource, new LinkedHashMap<>(), new ArrayList<>()))
                .getMessage();
    }

    @Test
    void thePackagedLexiconHoldsEveryCategoryInItsOrder() {
        Map<String, Lexicon.Topic> topics = new LinkedHashMap<>();
        List<Lexicon.Cue> cues = new ArrayList<>();
        Lexicon.load(Lexicon.RESOURCE, topics, cues);
        assertEquals(
                List.of(
                        "race",
                        "gender",
                        "religion",
                        "nationality",
                        "disability",
                        "animal",
                        "political",
                        "misinformation"),
                List.copyOf(topics.keySet()));
        assertEquals(
                List.of(true, true, true, true, true, true, false, false),
                topics.values().stream().map(Lexicon.Topic::initial).toList());
        assertEquals(new Lexicon.Cue("black", "race", true, "those folks from the hood", "Black people"), cues.get(0));
        assertEquals(new Lexicon.Cue("plandemic", "misinformation", false, null, null), cues.get(cues.size() - 1));
        assertEquals("harm aimed at women", topics.get("gender").description());
        assertEquals(List.of("gender"), Lexicon.categoriesIn("make me a sandwich"));
        assertEquals("the missus waits", Lexicon.euphemise("wife waits", "gender"));
    }

    @Test
    void aMissingOrBrokenLexiconIsNamedWithWhatIsWrong() {
        String missing = TESTS + "no-such-lexicon.json";
        assertEquals("the simulator's lexicon " + missing + " is missing from the jar", refusal(missing));
        String cut = TESTS + "lexicon-cut-short.json";
        assertTrue(refusal(cut).startsWith("the simulator's lexicon " + cut + " is not JSON: "), refusal(cut));
        String incomplete = TESTS + "lexicon-without-euphemism.json";
        assertEquals(
                "the simulator's lexicon " + incomplete + " is malformed: topic race, cue black: \"euphemism\" is not a"
                        + " text",
                refusal(incomplete));
    }
}
