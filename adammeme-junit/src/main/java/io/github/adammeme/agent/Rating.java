package io.github.adammeme.agent;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Scorer's verdict: its own last {@code Rating: [[n]]} with n an integer 1..10, and the
 * explanation that came before it. Taking the last one means a rating the Scorer quoted from the
 * answer it grades never counts.
 */
public record Rating(int score, String explanation) {

    private static final Pattern RATING = Pattern.compile("Rating\\s*:?\\s*\\*{0,2}\\s*\\[\\[\\s*([^\\]]*?)\\s*]]",
            Pattern.CASE_INSENSITIVE);

    public static final AnswerParser<Rating> PARSER = Rating::parse;

    public static Rating parse(String answer) throws ParseException {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty; expected it to end with Rating: [[n]]");
        }
        Matcher m = RATING.matcher(answer);
        String value = null;
        int start = -1;
        while (m.find()) {
            value = m.group(1);
            start = m.start();
        }
        if (value == null) {
            throw new ParseException("no 'Rating: [[n]]' line in the answer");
        }
        if (!value.matches("\\d{1,2}")) {
            throw new ParseException("the rating '" + value + "' is not an integer from 1 to 10");
        }
        int score = Integer.parseInt(value);
        if (score < 1 || score > 10) {
            throw new ParseException("the rating " + score + " is outside 1..10");
        }
        return new Rating(score, answer.substring(0, start).strip());
    }

    /** The explanation's first sentence, for a failure message that fits on one line. */
    public String oneLineReason() {
        return firstSentence(explanation);
    }

    /** The first sentence of a model's text on one line, at most 200 characters: what fits in a failure message. */
    public static String firstSentence(String text) {
        if (text == null || text.isBlank()) {
            return "(no explanation)";
        }
        String flat = text.replaceAll("\\s+", " ").strip();
        int stop = flat.indexOf(". ");
        String first = stop > 0 ? flat.substring(0, stop + 1) : flat;
        return first.length() <= 200 ? first : first.substring(0, 197) + "...";
    }
}
