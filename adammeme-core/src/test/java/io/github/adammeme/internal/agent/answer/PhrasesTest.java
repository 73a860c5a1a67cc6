package io.github.adammeme.internal.agent.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Phrases find exactly what the same alternation finds as a case-insensitive Unicode regular expression
 * in which a phrase of a script that spaces its words must not follow a letter or digit.
 */
class PhrasesTest {

    private static final String ALTERNATION = "sorry|can ?(?:'|’)?t|polic(?:y|ies)|should(?:n(?:'|’)?t| not)|"
            + "don(?:'|’)?t (?:give|do)|à l(?:'|’)aise|désolé|не могу|λυπάμαι|抱歉|죄송|ich möchte";

    @Test
    void findsPhrasesWhateverTheirCase() {
        Phrases phrases = new Phrases(ALTERNATION);
        assertTrue(phrases.foundIn("I'm SORRY."));
        assertTrue(phrases.foundIn("We CAN’T"));
        assertTrue(phrases.foundIn("the Policies say"));
        assertTrue(phrases.foundIn("Je ne suis pas À L'AISE"));
        assertTrue(phrases.foundIn("ΛΥΠΆΜΑΙ"));
        assertTrue(phrases.foundIn("Ich MÖCHTE nicht"));
        assertFalse(phrases.foundIn("Harm assessment: the meme is harmful with respect to race."));
        assertFalse(phrases.foundIn(""));
    }

    @Test
    void findsAPhraseOfASpacedScriptOnlyWhereAWordBegins() {
        Phrases phrases = new Phrases(ALTERNATION);
        assertFalse(phrases.foundIn("a significant risk"), "cant inside significant");
        assertFalse(phrases.foundIn("the Impolicy of it"));
        assertFalse(phrases.foundIn("Оне могу"), "не могу after a letter");
        assertTrue(phrases.foundIn("(sorry)"));
        assertTrue(phrases.foundIn("他说抱歉"), "scripts without spaces between words: found anywhere");
        assertTrue(phrases.foundIn("정말죄송합니다"));
    }

    @Test
    void agreesWithTheRegularExpressionOnRandomTexts() {
        agreeOnRandomTexts(ALTERNATION);
    }

    @Test
    void agreesWithTheRegularExpressionOfTheRefusalScreensCues() {
        agreeOnRandomTexts(RefusalScreen.CUES);
    }

    /** The folding the texts go through gives what Pattern compares, for every character: folding twice changes nothing. */
    @Test
    void foldingIsIdempotentOnEveryCharacter() {
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            String once = Phrases.fold(String.valueOf((char) c));
            assertEquals(once, Phrases.fold(once), () -> "U+" + Integer.toHexString(once.charAt(0)));
        }
    }

    @Test
    void refusesWhatIsNotAPhraseInLowerCase() {
        for (String bad : List.of("Sorry", "(?:a|b)c", "[ab]c", "x?yz", "\\bword", "a")) {
            assertThrows(IllegalArgumentException.class, () -> new Phrases(bad), bad);
        }
    }

    /** Texts of pieces of the phrases, changed in case and cut, among random letters of several scripts. */
    private static void agreeOnRandomTexts(String alternation) {
        Phrases phrases = new Phrases(alternation);
        Pattern regex = Pattern.compile(
                String.join(
                        "|",
                        Phrases.alternatives(alternation).stream()
                                .map(p -> Phrases.insideAWord('a', p.charAt(0))
                                        ? "(?<![\\p{L}\\p{Nd}\\p{Mn}\\p{Mc}])(?:" + p + ")"
                                        : p)
                                .toList()),
                Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        String[] pieces = alternation.replaceAll("[()?:|]", " ").split(" +");
        String noise = "aAbBİıßſKΣσς’'ÀàЖжǅ抱 \n.";
        Random random = new Random(17);
        int found = 0;
        for (int n = 0; n < 20_000; n++) {
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(6); k >= 0; k--) {
                String piece = pieces[random.nextInt(pieces.length)];
                piece = piece.substring(0, 1 + random.nextInt(piece.length()));
                for (char c : piece.toCharArray()) {
                    text.append(random.nextBoolean() ? Character.toUpperCase(c) : c);
                }
                for (int j = random.nextInt(3); j > 0; j--) {
                    text.append(noise.charAt(random.nextInt(noise.length())));
                }
            }
            boolean expected = regex.matcher(text).find();
            found += expected ? 1 : 0;
            assertEquals(expected, phrases.foundIn(text.toString()), text::toString);
        }
        assertTrue(found > 1000 && found < 19_000, "the texts test both outcomes: " + found + " of 20000 found");
    }
}
