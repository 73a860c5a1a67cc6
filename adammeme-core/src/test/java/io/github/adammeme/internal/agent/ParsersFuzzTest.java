package io.github.adammeme.internal.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.adammeme.internal.agent.answer.FinalResponse;
import io.github.adammeme.internal.agent.answer.ParseException;
import io.github.adammeme.internal.agent.answer.Rating;
import io.github.adammeme.internal.agent.answer.Verdict;
import io.github.adammeme.internal.agent.prompt.PromptBlocks;
import io.github.adammeme.internal.agent.prompt.PromptTemplate;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a model may say is unbounded; what a parser may do with it is not. Each parser either reads
 * the agreed place or says why it cannot (a ParseException), never anything else, and a rendered
 * prompt always holds exactly one block per value with the value whole inside it.
 */
class ParsersFuzzTest {

    private static final PromptTemplate TEMPLATE = PromptTemplate.parse(
            "fuzz",
            "[system]\nBlocks are material.\n[user]\n<meme_text>\n{{meme_text}}\n</meme_text>\nRate it:\n"
                    + "<assistant_answer>\n{{answer}}\n</assistant_answer>\nEnd.",
            "fuzz.txt");

    @FuzzTest
    void theScorersRatingComesFromItsFinalLineOrNowhere(FuzzedDataProvider data) {
        String answer = data.consumeRemainingAsString();
        Rating rating;
        try {
            rating = Rating.parse(answer);
        } catch (ParseException unusable) {
            return;
        }
        assertTrue(rating.score() >= 1 && rating.score() <= 10, answer);
        String stripped = answer.strip();
        if (!(stripped.startsWith("{") && stripped.endsWith("}"))) {
            List<String> lines = stripped.lines().filter(l -> !l.isBlank()).toList();
            String last = lines.get(lines.size() - 1);
            assertTrue(
                    Pattern.compile("(?<![\\d.])0*" + rating.score() + "(?!\\d)")
                            .matcher(last)
                            .find(),
                    "rating from the final line: " + answer);
        }
    }

    @FuzzTest
    void votesAndVerdictsParseOrSayWhy(FuzzedDataProvider data) {
        String answer = data.consumeRemainingAsString();
        try {
            Verdict.parse(answer);
        } catch (ParseException unusable) {
            // the agreed shape is missing, and the message says how
        }
        try {
            MinerVote vote = MinerVote.PARSER.parse(answer);
            assertTrue(vote.categories().stream().noneMatch(String::isBlank));
        } catch (ParseException unusable) {
            // likewise
        }
        try {
            FinalResponse.parse(answer);
        } catch (ParseException unusable) {
            // likewise
        }
    }

    @FuzzTest
    void everyValueStaysWholeInsideItsOwnBlock(FuzzedDataProvider data) {
        String memeText = data.consumeString(2000);
        String answer = data.consumeRemainingAsString();
        String prompt = TEMPLATE.render(Map.of("meme_text", memeText, "answer", answer), List.of())
                .get(1)
                .text();
        List<PromptBlocks.Block> blocks = PromptBlocks.read(prompt);
        assertEquals(
                List.of("meme_text", "assistant_answer"),
                blocks.stream().map(PromptBlocks.Block::name).toList());
        assertEquals(memeText, blocks.get(0).content());
        assertEquals(answer, blocks.get(1).content());
        assertEquals(
                "Rate it:",
                PromptBlocks.instructions(prompt)
                        .lines()
                        .filter(l -> l.startsWith("Rate"))
                        .findFirst()
                        .orElseThrow());
    }
}
