package io.github.adammeme.internal.agent.answer;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * What the Narrator must give: one standalone sentence stating a general false belief. It is asked
 * for with "misbelief" as its subject ("The misbelief is that ..."), and a third of real models'
 * sentences state the belief itself instead ("Muslims are inherently violent."); both are the
 * sentence BM25 retrieves on, so both are taken. What is not a misbelief sentence, whatever its
 * wording: nothing at all; a placeholder ("N/A", "..."); several paragraphs, a list, or a passage
 * of three sentences or more; more words than one sentence holds; a question; a refusal or a reply
 * about the task ("Sure, here is the misbelief:", "I think ..."), which speak in the first person;
 * and a statement that there is no misbelief.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class MisbeliefSentence {

    /** More words than this are a passage, not a sentence; the published GPT-4o sentences run to 43. */
    static final int MAX_WORDS = 80;

    /** A sentence and one gloss on it ("... . This stereotype dehumanises them.") are still one belief. */
    static final int MAX_SENTENCES = 2;

    private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\\n[ \\t]*\\n");
    private static final Pattern LIST_ITEM = Pattern.compile("(?m)^[ \\t]*(?:[-*•]|\\d{1,2}[.)])[ \\t]+\\S");
    private static final Pattern WRAPPING = Pattern.compile("^[\\s\"“”'*_`]+|[\\s\"“”'*_`]+$");
    /** A label before the sentence, as a model writes it outside JSON: "**Misbelief:** Women are ...". */
    private static final Pattern LABEL = Pattern.compile("^[*_]*misbelief[*_]*\\s*:[\\s*_]*", Pattern.CASE_INSENSITIVE);

    private static final Pattern PLACEHOLDER = Pattern.compile(
            "(?:n/?a|none|null|nil|tbd|todo|[.…\\-–—_?]+|<[^>]*>|\\[[^\\]]*]|\\{[^}]*})\\.?", Pattern.CASE_INSENSITIVE);
    private static final Pattern META_REPLY = Pattern.compile(
            "^(?:sure|certainly|of course|okay|ok|here(?:'|’)?s|here is|"
                    + "here are|below is|as requested|let me|i\\b|i(?:'|’)(?:m|ll|d|ve)\\b|my\\b|json\\b|the (?:json|answer|output) is)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern NO_MISBELIEF = Pattern.compile(
            "^(?:no (?:\\w+ )?misbelief|there (?:is|are) no\\b.*misbelief|"
                    + "(?:this|the) meme (?:does not|doesn(?:'|’)t) (?:\\w+ ){1,2}(?:any|a) (?:\\w+ )?misbelief)",
            Pattern.CASE_INSENSITIVE);
    /** A full stop, question or exclamation mark that ends a sentence: another sentence begins after it. */
    private static final Pattern SENTENCE_BREAK = Pattern.compile("[.!?][\"”')\\]]*\\s+(?=[\"“'(\\[]?\\p{Lu})");
    /** Words whose full stop ends no sentence: titles, "U.S.", "e.g.", "vs.", initials. */
    private static final Pattern ABBREVIATION = Pattern.compile(
            "(?:\\b\\p{L}|\\b(?:mr|mrs|ms|dr|jr|sr|st|vs|etc|e\\.g|i\\.e|no|prof|gen|rev|lt|col|capt|sgt|mt|ft|approx|inc|ltd|co))$",
            Pattern.CASE_INSENSITIVE);

    private MisbeliefSentence() {}

    /**
     * Takes a misbelief sentence as a Narrator wrote it, or says why it is not one.
     *
     * @param text the sentence, as extracted from the Narrator's answer (or as a run file recorded it)
     * @return the sentence on one line, its whitespace collapsed
     * @throws ParseException naming what the text is instead: empty, a placeholder, several paragraphs,
     *     a list, a passage, a question, a refusal, a reply about the task, or a statement that there is none
     */
    public static String read(String text) throws ParseException {
        if (text == null || text.isBlank()) {
            throw new ParseException("the misbelief is empty");
        }
        String stripped =
                WRAPPING.matcher(LABEL.matcher(text.strip()).replaceFirst("")).replaceAll("");
        if (stripped.isEmpty() || PLACEHOLDER.matcher(stripped).matches()) {
            throw new ParseException("the misbelief is a placeholder, not a sentence: '" + shown(text) + "'");
        }
        if (PARAGRAPH_BREAK.matcher(stripped).find()) {
            throw new ParseException("the misbelief runs to several paragraphs; one sentence is asked for");
        }
        if (LIST_ITEM.matcher(stripped).find()) {
            throw new ParseException("the misbelief is a list; one sentence is asked for");
        }
        String sentence = stripped.replaceAll("\\s+", " ");
        if (RefusalScreen.opensWithADecline(sentence)
                || (RefusalScreen.declineCues(sentence)
                        && META_REPLY.matcher(sentence).lookingAt())) {
            throw new ParseException("the Narrator declined instead of stating a misbelief: '" + shown(sentence) + "'");
        }
        if (META_REPLY.matcher(sentence).lookingAt()) {
            throw new ParseException(
                    "the misbelief is a reply about the task, not the belief: '" + shown(sentence) + "'");
        }
        if (NO_MISBELIEF.matcher(sentence).lookingAt()) {
            throw new ParseException("the Narrator states there is no misbelief: '" + shown(sentence) + "'");
        }
        if (sentence.endsWith("?")) {
            throw new ParseException("the misbelief is a question, not a statement: '" + shown(sentence) + "'");
        }
        int words = sentence.split(" ").length;
        if (words > MAX_WORDS) {
            throw new ParseException(
                    "the misbelief runs to " + words + " words, more than one sentence holds (" + MAX_WORDS + ")");
        }
        int sentences = sentences(sentence);
        if (sentences > MAX_SENTENCES) {
            throw new ParseException(
                    "the misbelief is a passage of " + sentences + " sentences; one sentence is asked for");
        }
        return sentence;
    }

    /** The sentences of a text on one line, where a full stop after an abbreviation or an initial ends none. */
    static int sentences(String text) {
        int count = 1;
        Matcher m = SENTENCE_BREAK.matcher(text);
        while (m.find()) {
            boolean fullStop = text.charAt(m.start()) == '.';
            if (!fullStop
                    || !ABBREVIATION
                            .matcher(text.substring(Math.max(0, m.start() - 6), m.start()))
                            .find()) {
                count++;
            }
        }
        return count;
    }

    private static String shown(String text) {
        String flat = text.replaceAll("\\s+", " ").strip();
        return flat.length() <= 120 ? flat : flat.substring(0, 117) + "...";
    }

    /**
     * Whether a sentence names its misbelief as asked ("The misbelief is that ..."), for figures on
     * how often a model follows that part of the request.
     *
     * @param sentence an accepted misbelief sentence
     * @return whether it contains the word
     */
    public static boolean namesTheWord(String sentence) {
        return sentence.toLowerCase(Locale.ROOT).contains("misbelief");
    }
}
