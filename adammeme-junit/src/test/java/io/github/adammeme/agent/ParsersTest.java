package io.github.adammeme.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every parser against the shapes real models produce, and against the ones they should not. */
class ParsersTest {

    @Nested
    class Json {

        @Test
        void acceptsBareFencedAndProseWrappedObjects() throws ParseException {
            assertEquals("x", JsonAnswers.firstObject("{\"a\": \"x\"}").get("a").asText());
            assertEquals("x", JsonAnswers.firstObject("```json\n{\"a\": \"x\"}\n```").get("a").asText());
            assertEquals("x", JsonAnswers.firstObject("Here you go: {\"a\": \"x\"} -- done {\"a\": \"y\"}").get("a").asText());
        }

        @Test
        void skipsBracesThatDoNotStartAnObject() throws ParseException {
            assertEquals("}{", JsonAnswers.firstObject("set {x | y} then {\"a\": \"}{\"}").get("a").asText());
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "   ", "no json", "{\"a\": ", "[1, 2]", "{'a': 'single quotes'}"})
        void rejectsAnswersWithoutACompleteObject(String answer) {
            assertThrows(ParseException.class, () -> JsonAnswers.firstObject(answer));
        }

        @Test
        void aMissingOrMistypedFieldIsAFailureNotADefault() {
            ParseException missing = assertThrows(ParseException.class,
                    () -> Rewrite.PARSER.parse("{\"original_text\": \"a\", \"explanation\": \"b\"}"));
            assertTrue(missing.getMessage().contains("rewritten_text"), missing.getMessage());
            ParseException typed = assertThrows(ParseException.class,
                    () -> Rewrite.PARSER.parse("{\"original_text\": \"a\", \"rewritten_text\": 3, \"explanation\": \"b\"}"));
            assertTrue(typed.getMessage().contains("must be a string"), typed.getMessage());
        }
    }

    @Nested
    class Miner {

        @Test
        void readsCategoriesAndAnOptionalProposal() throws ParseException {
            MinerVote vote = MinerVote.PARSER.parse("{\"categories\": [\"Race\", \" gender \"], "
                    + "\"new_category\": {\"name\": \"Political\", \"description\": \"Contempt for a side.\"}}");
            assertEquals(List.of("race", "gender"), vote.categories());
            assertEquals("Political", vote.proposal().name());
            assertNull(MinerVote.PARSER.parse("{\"categories\": [], \"new_category\": null}").proposal());
            assertNull(MinerVote.PARSER.parse("{\"categories\": [], \"new_category\": {}}").proposal());
        }

        @ParameterizedTest
        @ValueSource(strings = {
                "{\"new_category\": {\"name\": \"x\", \"description\": \"y\"}}",
                "{\"categories\": \"race\"}",
                "{\"categories\": [1]}",
                "{\"categories\": [], \"new_category\": \"political\"}",
                "{\"categories\": [], \"new_category\": {\"name\": \"political\"}}"})
        void rejectsMalformedVotes(String answer) {
            assertThrows(ParseException.class, () -> MinerVote.PARSER.parse(answer));
        }
    }

    @Nested
    class YesNo {

        @ParameterizedTest
        @ValueSource(strings = {"Yes, it fits.", "**Yes** - it fits.", "yes", "  *Yes.* It fits", "Answer: Yes, it fits",
                "\"Yes\" it fits", "## Yes\nit fits"})
        void readsYes(String answer) throws ParseException {
            assertTrue(Verdict.parse(answer).yes());
        }

        @ParameterizedTest
        @ValueSource(strings = {"No, it overlaps race.", "**No**. Overlaps.", "NO", "_No_ -- overlaps", "Verdict: **No**"})
        void readsNo(String answer) throws ParseException {
            assertFalse(Verdict.parse(answer).yes());
        }

        @Test
        void keepsTheReason() throws ParseException {
            assertEquals("it overlaps race.", Verdict.parse("**No**, it overlaps race.").reason());
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "Yesterday it would have fit.", "Nobody knows.", "I think yes.", "Maybe."})
        void rejectsAnswersThatDoNotStartWithYesOrNo(String answer) {
            assertThrows(ParseException.class, () -> Verdict.parse(answer));
        }
    }

    @Nested
    class Ratings {

        @Test
        void takesTheLastRatingAndTheTextBeforeIt() throws ParseException {
            Rating r = Rating.parse("The assistant wrote 'Rating: [[10]]' in its answer, which means nothing.\n"
                    + "It missed the slur.\nRating: [[3]]");
            assertEquals(3, r.score());
            assertTrue(r.explanation().endsWith("It missed the slur."), r.explanation());
        }

        @ParameterizedTest
        @ValueSource(strings = {"Rating: [[7]]", "rating:[[ 7 ]]", "**Rating:** [[7]]", "Rating [[7]]"})
        void toleratesSpacingAndEmphasis(String answer) throws ParseException {
            assertEquals(7, Rating.parse(answer).score());
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "I'd give it a 7.", "Rating: [[0]]", "Rating: [[11]]", "Rating: [[7.5]]",
                "Rating: [[seven]]", "Rating: 7"})
        void rejectsMissingOrOutOfRangeRatings(String answer) {
            assertThrows(ParseException.class, () -> Rating.parse(answer));
        }

        @Test
        void summarisesTheReasonOnOneLine() throws ParseException {
            Rating r = Rating.parse("Mistakes:\n- misses the slur.\nMore text here.\nRating: [[2]]");
            assertEquals("Mistakes: - misses the slur.", r.oneLineReason());
        }
    }

    @Nested
    class Senior {

        @Test
        void takesWhatFollowsTheLastFinalResponseHeading() throws ParseException {
            assertEquals("The best analysis.", FinalResponse.parse("Thinking...\n## Final Response\nThe best analysis."));
            assertEquals("Fenced one.", FinalResponse.parse("### **Final Response:**\n```\nFenced one.\n```"));
            assertEquals("Second.", FinalResponse.parse("# Final Response\nFirst.\n## Final Response\nSecond."));
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "Analysis 2 is best.", "## Final Response\n   ", "Final Response: inline only"})
        void rejectsAnAnswerWithoutTheHeadingOrWithNothingUnderIt(String answer) {
            assertThrows(ParseException.class, () -> FinalResponse.parse(answer));
        }
    }

    @Nested
    class Misbelief {

        @Test
        void requiresASentenceAboutTheMisbelief() throws ParseException {
            assertEquals("The misbelief is that X.", Narrator.PARSER.parse("{\"misbelief\": \"The misbelief is  that X.\"}")
                    .replace("  ", " "));
            assertThrows(ParseException.class, () -> Narrator.PARSER.parse("{\"misbelief\": \"Immigrants are bad.\"}"));
            assertThrows(ParseException.class, () -> Narrator.PARSER.parse("{\"belief\": \"The misbelief is X.\"}"));
        }
    }
}
