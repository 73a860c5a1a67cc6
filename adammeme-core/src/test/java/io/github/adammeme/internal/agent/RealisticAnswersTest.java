package io.github.adammeme.internal.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.agent.answer.FinalResponse;
import io.github.adammeme.internal.agent.answer.ParseException;
import io.github.adammeme.internal.agent.answer.Rewrite;
import io.github.adammeme.internal.agent.answer.Verdict;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each agent's parser against answers as real chat models give them when no schema constrains them:
 * GPT-4o's fenced JSON and markdown headings, Llama 3's sentence of preamble, Qwen-VL's terse
 * replies, LLaVA's loose formatting. Written for these tests in the manner of each model; none is
 * copied from a model's output.
 */
class RealisticAnswersTest {

    @Nested
    class Miner {

        @ParameterizedTest
        @ValueSource(
                strings = {
                    // GPT-4o: fenced, pretty-printed
                    "```json\n{\n  \"categories\": [\"race\", \"religion\"],\n  \"new_category\": null\n}\n```",
                    // Llama 3: a sentence of preamble, then the object bare
                    "Here is my analysis of the meme in the requested JSON format:\n\n{\"categories\": [\"Race\", \"Religion\"], "
                            + "\"new_category\": {}}",
                    // Qwen-VL: the object, then a remark
                    "{\"categories\": [\"race\",\"religion\"], \"new_category\": \"None\"}\nThe meme targets two groups.",
                    // a model that leaves the proposal's fields empty rather than the proposal
                    "{\"categories\": [\"race\", \"religion\"], \"new_category\": {\"name\": \"\", \"description\": \"\"}}",
                    // LLaVA: a trailing comma, a fence without a language
                    "```\n{\"categories\": [\"race\", \"religion\",], \"new_category\": null,}\n```",
                    "Based on the image and the text:\n```json\n{\"categories\": [\"race\", \"religion\"], \"new_category\": \"\"}\n```"
                })
        void readsTheVoteAndNoProposal(String answer) throws ParseException {
            MinerVote vote = MinerVote.PARSER.parse(answer);
            assertEquals(List.of("race", "religion"), vote.categories());
            assertNull(vote.proposal());
        }

        @Test
        void readsAProposalInAFencedAnswerWithPreamble() throws ParseException {
            MinerVote vote = MinerVote.PARSER.parse("""
                    After looking at the picture and the caption, the meme mostly mocks a political side.

                    ```json
                    {
                      "categories": [],
                      "new_category": {
                        "name": "Political",
                        "description": "Contempt for people because of their political affiliation."
                      }
                    }
                    ```""");
            assertEquals(List.of(), vote.categories());
            assertEquals("Political", vote.proposal().name());
        }
    }

    @Nested
    class ExaminerAndJudge {

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "Yes. The meme portrays Muslims as terrorists through the bomb beside the woman in a hijab.",
                    "**Yes**, the category is distinct from the existing ones and names a risk none of them covers.",
                    "Yes - the caption ridicules people for their political views.",
                    "yes - it fits.",
                    "Yes—the joke depends on the group's political affiliation.",
                    "**Answer:** Yes\n\n**Reason:** The meme attacks a political group.",
                    "### Answer\nYes\n\nThe meme depicts voters of one party as stupid.",
                    "Decision: **Yes**. It is a distinct and essential category.",
                    "Judgment: Yes. Political harm is not covered by race or religion.",
                    "\"Yes\" — it fits the taxonomy's granularity.",
                    "YES\nThe category is specific enough."
                })
        void readsAYes(String answer) throws ParseException {
            Verdict v = Verdict.parse(answer);
            assertTrue(v.yes(), answer);
            assertFalse(v.reason().startsWith("—") || v.reason().startsWith("-"), v.reason());
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "No. The category overlaps with 'religion', which already covers mockery of faith.",
                    "**No**\n\nIt is too broad: 'offensive' covers every existing category.",
                    "No, the proposed category 'Body shaming' is too close to 'disability'.",
                    "**Verdict:** No — the name is longer than two words.",
                    "no"
                })
        void readsANo(String answer) throws ParseException {
            assertFalse(Verdict.parse(answer).yes(), answer);
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "I'm sorry, but I can't help with evaluating this content.",
                    "No, I cannot assist with categorising this meme.",
                    "Based on the image, it is hard to say whether the meme is harmful.",
                    "The meme is clearly harmful. Yes."
                })
        void aDeclineOrAnAnswerThatDoesNotOpenWithItsVerdictIsAskedAgain(String answer) {
            assertThrows(ParseException.class, () -> Verdict.parse(answer), answer);
        }
    }

    @Nested
    class Senior {

        private static final List<String> CANDIDATES =
                List.of("First analysis.", "Second analysis.", "Third analysis.");

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "## Evaluation\nAnalysis 1 misses the slur; analysis 2 is vague.\n\n## Final Response\nThe meme mocks Muslims.",
                    "Analysis 3 is the most complete.\n\n**Final Response:**\nThe meme mocks Muslims.",
                    "**Final Response:** The meme mocks Muslims.",
                    "Reviewing the three analyses...\n\nFinal response:\nThe meme mocks Muslims.",
                    "Final Response: The meme mocks Muslims.",
                    "### Final Answer\nThe meme mocks Muslims.",
                    "## Final Response:\n```\nThe meme mocks Muslims.\n```",
                    "```markdown\n## Assessment\nAll three are close.\n\n## Final Response\nThe meme mocks Muslims.\n```",
                    "**Final Response**\n\n> The meme mocks Muslims.",
                    "## FINAL RESPONSE\n\nThe meme mocks Muslims."
                })
        void readsTheAnalysisUnderEveryHeadingForm(String answer) throws ParseException {
            assertEquals(
                    "The meme mocks Muslims.",
                    io.github.adammeme.internal.agent.Senior.chosen(FinalResponse.parse(answer), CANDIDATES));
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "## Final Response\nanalysis_2",
                    "**Final Response:** Analysis 2",
                    "Final response: **analysis_2**",
                    "### Final Answer\n`analysis_2`"
                })
        void readsAPickByName(String answer) throws ParseException {
            assertEquals(
                    "Second analysis.",
                    io.github.adammeme.internal.agent.Senior.chosen(FinalResponse.parse(answer), CANDIDATES));
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "All three analyses are reasonable; I would pick the second.",
                    "My final response follows the reasoning above: the meme mocks Muslims.",
                    "## Final Response\n```\n```"
                })
        void anAnswerWithoutTheHeadingAtTheStartOfALineOrWithNothingUnderItIsAskedAgain(String answer) {
            assertThrows(ParseException.class, () -> FinalResponse.parse(answer), answer);
        }
    }

    @Nested
    class Refiner {

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "```json\n{\n  \"original_text\": \"muslims are terrorists\",\n  \"rewritten_text\": \"some prayers end with a"
                            + " bang\",\n  \"explanation\": \"The rewrite drops the explicit label.\"\n}\n```",
                    "Here is the rewritten meme:\n\n{\"original_text\": \"muslims are terrorists\", \"rewritten_text\": \"some "
                            + "prayers end with a bang\", \"explanation\": \"The rewrite drops the explicit label.\"}",
                    // a model that mirrors the keys in words
                    "{\"Original Text\": \"muslims are terrorists\", \"Rewritten Text\": \"some prayers end with a bang\", "
                            + "\"Explanation\": \"The rewrite drops the explicit label.\"}"
                })
        void readsTheRewrite(String answer) throws ParseException {
            Rewrite r = Rewrite.PARSER.parse(answer);
            assertEquals("some prayers end with a bang", r.rewrittenText());
            assertEquals("muslims are terrorists", r.originalText());
        }

        @Test
        void takesALineBreakInsideAStringAsItIs() throws ParseException {
            // multi-line meme texts come back with raw line breaks inside the JSON strings
            Rewrite r = Rewrite.PARSER.parse("{\"original_text\": \"People with fever:\nI should rest.\", "
                    + "\"rewritten_text\": \"Some travellers:\nwe brought souvenirs.\", \"explanation\": \"Softer.\"}");
            assertEquals("Some travellers:\nwe brought souvenirs.", r.rewrittenText());
        }

        @Test
        void aMissingRewriteIsStillAFailure() {
            ParseException e = assertThrows(
                    ParseException.class,
                    () -> Rewrite.PARSER.parse(
                            "```json\n{\"original_text\": \"a\", \"explanation\": \"I kept it as it was.\"}\n```"));
            assertTrue(e.getMessage().contains("rewritten_text"), e.getMessage());
        }
    }
}
