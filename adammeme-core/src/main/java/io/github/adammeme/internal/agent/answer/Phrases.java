package io.github.adammeme.internal.agent.answer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a text holds any of many phrases, case ignored as {@link Pattern#CASE_INSENSITIVE} with
 * {@link Pattern#UNICODE_CASE} ignores it. One regular expression of a hundred-odd alternatives
 * would try every alternative at every position of a text, on every answer the refusal screen reads;
 * here each position tries only the phrases that begin with its character. A character of the text
 * matches one of a phrase when both fold to the same character
 * (upper case, then lower case: how {@code Pattern} compares them), so the text is folded once and
 * the phrases are written folded, that is in lower case. In the scripts that put spaces between
 * words, a phrase is found only where a word begins (see {@link #insideAWord}).
 */
final class Phrases {

    private static final String QUANTIFIERS = "?*+{";

    /** The rest of each phrase after its first character, by that character. */
    private final Map<Character, Pattern> byFirst = new HashMap<>();

    /**
     * @param alternation phrases separated by {@code |}: each a regular expression of literal text,
     *                    optional parts and alternatives in lower case, beginning with a literal
     *                    character that no quantifier follows
     * @throws IllegalArgumentException when a phrase is not written so
     */
    Phrases(String alternation) {
        Map<Character, List<String>> rests = new LinkedHashMap<>();
        for (String phrase : alternatives(alternation)) {
            if (phrase.length() < 2
                    || !fold(phrase).equals(phrase)
                    || phrase.indexOf('[') >= 0
                    || "(\\.^$".indexOf(phrase.charAt(0)) >= 0
                    || QUANTIFIERS.indexOf(phrase.charAt(1)) >= 0) {
                throw new IllegalArgumentException(
                        "not a phrase beginning with a literal character, in lower case: " + phrase);
            }
            rests.computeIfAbsent(phrase.charAt(0), c -> new ArrayList<>()).add(phrase.substring(1));
        }
        rests.forEach((first, rest) -> byFirst.put(first, Pattern.compile("(?:" + String.join("|", rest) + ")")));
    }

    /** The alternatives of a regular expression: split at each {@code |} outside parentheses. */
    static List<String> alternatives(String alternation) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < alternation.length(); i++) {
            char c = alternation.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|' && depth == 0) {
                out.add(alternation.substring(start, i));
                start = i + 1;
            }
        }
        out.add(alternation.substring(start));
        return out;
    }

    /**
     * @param text the text to search
     * @return whether any phrase occurs in it
     */
    boolean foundIn(String text) {
        String folded = fold(text);
        Map<Pattern, Matcher> matchers = new HashMap<>();
        for (int i = 0; i < folded.length(); i++) {
            Pattern rest = byFirst.get(folded.charAt(i));
            if (rest != null
                    && (i == 0 || !insideAWord(folded.charAt(i - 1), folded.charAt(i)))
                    && matchers.computeIfAbsent(rest, p -> p.matcher(folded))
                            .region(i + 1, folded.length())
                            .lookingAt()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a phrase beginning with {@code first} would start inside a word after {@code before}:
     * only in the scripts that separate words by spaces and never join a prefix to them (Latin, Greek,
     * Cyrillic), where "cant" inside "significant" or "appropriate" inside "inappropriate" is not the
     * phrase. Elsewhere a phrase is found wherever it occurs.
     */
    static boolean insideAWord(char before, char first) {
        if (!Character.isLetterOrDigit(before)
                && Character.getType(before) != Character.NON_SPACING_MARK
                && Character.getType(before) != Character.COMBINING_SPACING_MARK) {
            return false;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(first);
        return script == Character.UnicodeScript.LATIN
                || script == Character.UnicodeScript.GREEK
                || script == Character.UnicodeScript.CYRILLIC;
    }

    /** Each character as {@code Pattern} compares it when case is ignored: upper case, then lower case. */
    static String fold(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = Character.toLowerCase(Character.toUpperCase(chars[i]));
        }
        return new String(chars);
    }
}
