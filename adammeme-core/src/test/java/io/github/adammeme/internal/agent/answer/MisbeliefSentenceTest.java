package io.github.adammeme.internal.agent.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The Narrator's misbelief sentence: how its words and sentences are counted (its shapes are in ParsersTest). */
class MisbeliefSentenceTest {

    @Test
    void aSentenceTooLongForOneIsAPassage() {
        String words = "Women ".repeat(MisbeliefSentence.MAX_WORDS) + "are weak.";
        assertTrue(assertThrows(ParseException.class, () -> MisbeliefSentence.read(words))
                .getMessage()
                .contains("words"));
    }

    @Test
    void fullStopsOfAbbreviationsAndInitialsEndNoSentence() {
        assertEquals(
                1,
                MisbeliefSentence.sentences("The misbelief is that the U.S. President J. F. Kennedy and Dr. King "
                        + "were traitors, e.g. to the South."));
        assertEquals(2, MisbeliefSentence.sentences("Women are weak. It is false."));
    }
}
