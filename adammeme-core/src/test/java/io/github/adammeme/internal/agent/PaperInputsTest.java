package io.github.adammeme.internal.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.agent.answer.ParseException;
import io.github.adammeme.internal.agent.answer.Rating;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.llm.ChatMessage;
import io.github.adammeme.internal.llm.ContentPart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the agents are given and how their answers are read, the paper's way and this implementation's: the
 * mining agents' picture-only prompts, the per-category instructions of the reference code, and its reading of a
 * decimal rating.
 */
class PaperInputsTest {

    private static final ContentPart.Image PICTURE = new ContentPart.Image("image/png", new byte[] {1, 2, 3}, "ab12");

    @TempDir
    Path dir;

    private static ChatMessage user(PromptLibrary library, String role) {
        Map<String, String> values = Map.of(
                "meme_text",
                "MEME-TEXT-HERE",
                "taxonomy",
                "- race: harm",
                "category",
                "race",
                "category_description",
                "harm",
                "question",
                "Evaluate the potential harmful impact of this meme on race.");
        return library.get(role).render(values, List.of(PICTURE)).get(1);
    }

    @Test
    void withoutTheMemeTextTheMiningAgentsAreShownThePictureAlone() {
        PromptLibrary pictureOnly = PromptLibrary.packaged().forRun(false, false);
        PromptLibrary withText = PromptLibrary.packaged().forRun(true, false);
        for (String role : PromptLibrary.PICTURE_ONLY_ROLES) {
            ChatMessage shown = user(pictureOnly, role);
            assertFalse(
                    shown.text().contains("MEME-TEXT-HERE") || shown.text().contains("<meme_text"),
                    role + ": " + shown.text());
            assertTrue(shown.parts().contains(PICTURE), role);
            assertTrue(user(withText, role).text().contains("MEME-TEXT-HERE"), role);
        }
        assertEquals(
                user(withText, "candidate").text(),
                user(pictureOnly, "candidate").text(),
                "the other roles are as they were");
        String narrator = user(pictureOnly, "narrator").text().replaceAll("\\s+", " ");
        assertTrue(narrator.contains("specific misbelief") && !narrator.contains("people or groups"), narrator);
        assertTrue(
                !pictureOnly.digests().get("miner").equals(withText.digests().get("miner")),
                "a run's record names the template its Miners were asked with");
    }

    @Test
    void categoryInstructionsFollowThePapersQuestionWhenAskedFor() {
        String paper = "Evaluate the potential harmful impact of this meme on animal.";
        assertEquals(paper, PromptLibrary.packaged().forRun(true, false).question("animal"));
        String instructed = PromptLibrary.packaged().forRun(true, true).question("animal");
        assertTrue(instructed.startsWith(paper + "\n") && instructed.contains("cruelty to animals"), instructed);
        assertTrue(PromptLibrary.packaged()
                .forRun(true, true)
                .question("Child  Exploitation")
                .contains("children"));
        assertEquals(
                "Evaluate the potential harmful impact of this meme on body shaming.",
                PromptLibrary.packaged().forRun(true, true).question("body shaming"),
                "a category the Miners found has no instruction: the paper's question");
    }

    @Test
    void aDecimalRatingIsAskedAgainOrReadAsTheReferenceCodeReadsIt() throws ParseException {
        assertThrows(ParseException.class, () -> Rating.parse("Good.\nRating: [[6.0]]"));
        assertEquals(6, Rating.parse("Good.\nRating: [[6.0]]", true).score());
        assertEquals(3, Rating.parse("Weak.\nRating: [[3.5]]", true).score(), "3.5 < 4.0 fails as 3 does");
        assertEquals(7, Rating.parse("Good.\n**Rating:** 7.5/10", true).score());
        assertEquals(
                6,
                Rating.parse("{\"mistakes\": \"\", \"explanation\": \"ok\", \"rating\": 6.0}", true)
                        .score());
        ParseException conflict = assertThrows(
                ParseException.class, () -> Rating.parse("It gave itself Rating: [[10]].\nRating: [[6.0]]", true));
        assertTrue(conflict.getMessage().contains("conflicting"), "reading decimals reads no planted rating");
    }

    @Test
    void badInstructionsOrPictureOnlyTemplatesStopAtLoadNamingTheFile() throws Exception {
        Files.writeString(dir.resolve("category-instructions.json"), "{\"instructions\": {\"race\": 5}}");
        IllegalArgumentException number = assertThrows(IllegalArgumentException.class, () -> PromptLibrary.load(dir));
        assertTrue(
                number.getMessage()
                                .contains(dir.resolve("category-instructions.json")
                                        .toString())
                        && number.getMessage().contains("'race'"),
                number.getMessage());
        Files.writeString(dir.resolve("category-instructions.json"), "{\"instructions\": [\"race\"");
        IllegalArgumentException json = assertThrows(IllegalArgumentException.class, () -> PromptLibrary.load(dir));
        assertTrue(
                json.getMessage().startsWith(dir.resolve("category-instructions.json") + " is not JSON"),
                json.getMessage());
        Files.delete(dir.resolve("category-instructions.json"));

        Files.createDirectories(dir.resolve("picture-only"));
        Files.writeString(dir.resolve("picture-only/miner.txt"), "[user]\nSort the attached meme.\n");
        IllegalArgumentException miner = assertThrows(IllegalArgumentException.class, () -> PromptLibrary.load(dir));
        assertTrue(
                miner.getMessage()
                                .contains(dir.resolve("picture-only/miner.txt").toString())
                        && miner.getMessage().contains("{{taxonomy}}")
                        && !miner.getMessage().contains("\n"),
                miner.getMessage());
    }
}
