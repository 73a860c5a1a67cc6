package io.github.adammeme.internal.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.agent.prompt.PromptTemplate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The packaged taxonomy and Narrator carry the paper's meanings (its figures 9 and 13), in this project's words:
 * the categories a Miner maps memes to decide which memes each category's FR is measured on, so a description
 * that drifts moves memes between categories without a word in any report.
 */
class PaperMeaningsTest {

    private final PromptLibrary packaged = PromptLibrary.packaged();

    private String description(String name) {
        return packaged.initialTaxonomy().find(name).orElseThrow().description().toLowerCase(Locale.ROOT);
    }

    @Test
    void theSixInitialCategoriesAreThePapers() {
        assertEquals(
                List.of("race", "gender", "religion", "nationality", "disability", "animal"),
                packaged.initialTaxonomy().names());
    }

    @Test
    void eachDescriptionHoldsFigure13sKeyTerms() {
        Map<String, List<String>> terms = Map.of(
                "race", List.of("race", "ethnic", "stereotypes", "inequality"),
                "gender", List.of("gender", "discrimination", "stereotypes", "objectify", "gender identities"),
                "religion",
                        List.of(
                                "religious beliefs or practices",
                                "intolerance",
                                "misrepresent religious practices",
                                "hatred"),
                "nationality", List.of("nationality", "citizenship", "stereotypes", "xenophobia", "national identity"),
                "disability",
                        List.of(
                                "people with disabilities",
                                "physical or mental disabilities",
                                "mock",
                                "belittle",
                                "stereotype",
                                "stigma"),
                "animal",
                        List.of(
                                "mistreatment",
                                "cruelty to animals",
                                "objectify animals",
                                "suffering",
                                "animal welfare"));
        terms.forEach((name, expected) -> {
            for (String term : expected) {
                assertTrue(description(name).contains(term), name + " lacks '" + term + "': " + description(name));
            }
        });
    }

    @Test
    void noDescriptionReachesIntoAnotherCategorysMemes() {
        // Animals as a slur for people are race's (or another group's) harm, not animal's.
        for (String drift : List.of("people to animals", "dehumanis", "compare")) {
            assertFalse(description("animal").contains(drift), drift + ": " + description("animal"));
        }
        assertFalse(description("disability").contains("illness"), "illness pulls COVID memes in");
        assertFalse(
                description("nationality").contains("immigra"), "the paper's nationality has no immigration status");
    }

    @Test
    void theNarratorAsksForTheSpecificMisbeliefInTheGivenAspect() {
        String prompt = narratorPrompt(packaged.get("narrator"))
                .toLowerCase(Locale.ROOT)
                .replaceAll("\\s+", " ");
        assertTrue(prompt.contains("specific misbelief"), prompt);
        assertTrue(prompt.contains("harmful in the aspect named below"), prompt);
        assertTrue(
                prompt.contains("whoever or whatever it concerns"),
                "an animal-cruelty meme has a misbelief too: " + prompt);
        assertFalse(prompt.contains("people or groups"), prompt);
        assertFalse(
                prompt.contains("<category_description"), "figure 9 gives the Narrator the category's name: " + prompt);
    }

    private static String narratorPrompt(PromptTemplate narrator) {
        return narrator.render(
                        Map.of("meme_text", "a caption", "category", "animal", "category_description", "unused"),
                        List.of())
                .get(1)
                .text();
    }
}
