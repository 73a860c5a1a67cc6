package io.github.adammeme.internal.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.agent.answer.MisbeliefSentence;
import io.github.adammeme.internal.agent.answer.ParseException;
import io.github.adammeme.internal.agent.answer.Rating;
import io.github.adammeme.internal.agent.answer.RefusalScreen;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The parsers on what real models wrote: the paper authors' published runs (GPT-4o as every agent,
 * LLaVA-v1.6 7B as the target), where they sit beside this checkout. Every Scorer output must read
 * to the rating the authors' code recorded, every misbelief must be taken, and the refusal screen
 * must let the target's analyses through.
 */
class PublishedOutputTest {

    static final Path PUBLISHED = Path.of("..", "..", "shared", "data", "adammeme-published");
    private static final List<String> CATEGORIES = List.of("race", "religion", "gender", "nationality");

    static final List<JsonNode> steps = new ArrayList<>();
    static final List<JsonNode> pairs = new ArrayList<>();

    @BeforeAll
    static void read() throws IOException {
        assumeTrue(Files.isDirectory(PUBLISHED), "../shared/data/adammeme-published is not beside this checkout");
        ObjectMapper json = new ObjectMapper();
        for (String category : CATEGORIES) {
            json.readTree(PUBLISHED.resolve("log_" + category + ".json").toFile())
                    .forEach(steps::add);
        }
        for (Iterator<JsonNode> it = json.readTree(
                                PUBLISHED.resolve("mined_pairs.json").toFile())
                        .elements();
                it.hasNext(); ) {
            it.next().forEach(pairs::add);
        }
    }

    @Test
    void everyScorerOutputReadsToTheAuthorsRating() throws ParseException {
        int read = 0;
        int withoutBrackets = 0;
        for (JsonNode step : steps) {
            if (!step.has("comparison")) {
                continue;
            }
            String comparison = step.get("comparison").asText();
            assertEquals(step.get("score").asDouble(), Rating.parse(comparison).score(), comparison);
            read++;
            withoutBrackets +=
                    comparison.strip().lines().reduce((a, b) -> b).orElseThrow().contains("[[") ? 0 : 1;
        }
        System.out.printf(
                "published Scorer outputs: %d of %d read to the authors' rating, %d without [[ ]]%n",
                read, read, withoutBrackets);
        assertEquals(202, read);
        assertEquals(71, withoutBrackets, "docs/method.md's count of ratings without brackets");
    }

    @Test
    void everyMisbeliefIsTaken() {
        List<String> rejected = new ArrayList<>();
        int withoutTheWord = 0;
        for (JsonNode pair : pairs) {
            String misbelief = pair.get("misbelief").asText();
            try {
                MisbeliefSentence.read(misbelief);
            } catch (ParseException e) {
                rejected.add(e.getMessage());
            }
            withoutTheWord += misbelief.toLowerCase(Locale.ROOT).contains("misbelief") ? 0 : 1;
        }
        System.out.printf(
                "published misbeliefs: %d of %d taken, %d without the word%n",
                pairs.size() - rejected.size(), pairs.size(), withoutTheWord);
        assertEquals(800, pairs.size());
        assertEquals(List.of(), rejected);
        assertEquals(213, withoutTheWord);
    }

    @Test
    void theScreenLetsTheTargetsAnalysesThroughAfterTheirDisclaimers() {
        int answers = 0;
        int proposed = 0;
        for (JsonNode step : steps) {
            if (step.has("answer")) {
                answers++;
                proposed += RefusalScreen.candidate(step.get("answer").asText()) ? 1 : 0;
            }
        }
        int references = 0;
        int referencesProposed = 0;
        for (JsonNode pair : pairs) {
            String reference = pair.path("ref_ans").asText("");
            if (!reference.isBlank()) {
                references++;
                referencesProposed += RefusalScreen.candidate(reference) ? 1 : 0;
            }
        }
        System.out.printf(
                "refusal screen on the published answers: %d of %d LLaVA analyses proposed for the check, %d of %d"
                        + " GPT-4o references%n",
                proposed, answers, referencesProposed, references);
        // Read by hand, none of the 202 analyses declines; the few proposed say "I can't analyze ..." or ask for
        // context.
        assertTrue(proposed <= answers / 20, proposed + " of " + answers + " analyses proposed");
        assertTrue(
                referencesProposed <= references / 20,
                referencesProposed + " of " + references + " references proposed");
    }
}
