package io.github.adammeme.internal.agent.answer;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.llm.ResponseSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The Scorer's verdict, read from one agreed place: its final non-empty line, or, as structured
 * output, the {@code rating} field of its JSON. The final line is the rating alone, in any of the
 * forms real judges write for the {@code Rating: [[n]]} they are asked for: {@code Rating: [[6]]},
 * {@code Rating: 6}, {@code **Rating:** 6}, {@code Rating: 6/10}, {@code Rating: [[6/10]]}, with
 * markdown emphasis or a heading mark around it and a full stop after it, or a {@code Rating:}
 * heading with the value alone on the line below. Nothing else may share the line: a rating inside
 * a sentence is never taken.
 *
 * <p>A rating anywhere else is never taken either, and any other rating in the output that
 * disagrees with the final line makes the output ambiguous: a Scorer that quotes the answer it
 * grades ("the assistant ended with Rating: [[10]]", "it rates itself 10/10"), before or after its
 * own rating, cannot say which is its verdict, so it is asked again. What counts as a rating there
 * is a value a reader would take for one: {@code [[n]]} in any company; {@code Rating: n} (also
 * {@code rating of n}, {@code rating is n}) and {@code Score: n}; and n out of ten after a word of
 * rating or giving ("I rate it 10/10", "deserves 9 out of 10"). Bounds are not ratings ("a rating
 * of 4 or lower"), nor is a word of rating without a value ("leading to a lower rating").
 */
@API(status = INTERNAL, since = "0.1.0")
public record Rating(int score, String explanation) {

    /** A value as judges write it: {@code [[6]]}, {@code [[6/10]]}, {@code 6}, {@code 6/10}, emphasis around it. */
    private static final String VALUE =
            "[*_]*[ \\t]*(?:\\[\\[\\s*([^\\]\\n]*?)\\s*]]|(\\d{1,3}(?:\\.\\d+)?)(?:[ \\t]*/[ \\t]*10)?)";
    /** The rating's label: "Rating", "Final rating", with emphasis and a colon or dash after it. */
    private static final String LABEL = "(?:(?:final|overall)\\s+)?rating[ \\t*_]*[:\\-–]?[ \\t*_]*";
    /** The final line in an agreed form: only whitespace, a heading mark and markdown emphasis around it. */
    private static final Pattern FINAL_LINE =
            Pattern.compile("^[\\s*_#]*" + LABEL + VALUE + "[\\s*_.]*$", Pattern.CASE_INSENSITIVE);
    /** A {@code Rating:} heading with nothing after it, whose value stands alone on the final line. */
    private static final Pattern HEADING = Pattern.compile("^[\\s*_#]*" + LABEL + "$", Pattern.CASE_INSENSITIVE);

    private static final Pattern VALUE_LINE = Pattern.compile("^[\\s*_#]*" + VALUE + "[\\s*_.]*$");

    /** Not a rating but a bound on one ("4 or lower", "4 to 6", "4-5"), nor part of a longer number. */
    private static final String NOT_A_BOUND =
            "(?!\\.?\\d|[ \\t]*(?:or|and|to|-|–)[ \\t]*(?:lower|less|below|higher|more|above|under|over|\\d))";
    /** A value written as a rating anywhere, in or out of the agreed form (see the class comment). */
    private static final Pattern ANY_RATING = Pattern.compile(
            String.join(
                    "|",
                    "\\brating[ \\t*_]*[:\\-–=]?[ \\t*_]*\\[\\[\\s*([^\\]\\n]*?)\\s*]]",
                    "\\[\\[\\s*(\\d{1,3}(?:\\.\\d+)?(?:\\s*/\\s*10)?)\\s*]]",
                    "\\b(?:rating|score)[ \\t*_]*(?:[:=]|\\bof\\b|\\bis\\b)[ \\t*_]*(\\d{1,3}+(?:\\.\\d+)?+)(?:[ \\t]*(?:/|out of)[ \\t]*10\\b)?"
                            + NOT_A_BOUND,
                    "\\b(?:rat(?:e|es|ed|ing)|scor(?:e|es|ed|ing)|grad(?:e|es|ed|ing)|give|gives|giving|gave|deserv\\w*|"
                            + "award\\w*|merit\\w*)\\b[^.\\n]{0,40}?(?<![\\d.])(\\d{1,2}(?:\\.\\d+)?)[ \\t]*(?:/|out of)[ \\t]*10\\b"),
            Pattern.CASE_INSENSITIVE);
    /** A rating as asked for: "6", or "6/10". */
    private static final Pattern INTEGER = Pattern.compile("(\\d{1,2})(?:\\s*/\\s*10)?");
    /** A rating as the reference code reads it: also "6.0" or "6.5", whose digits before the point it keeps. */
    private static final Pattern DECIMAL = Pattern.compile("(\\d{1,2})(?:\\.\\d+)?(?:\\s*/\\s*10)?");
    /** A value that is a whole number, however written: "6", "6.0", "6/10", "6 / 10". */
    private static final Pattern WHOLE = Pattern.compile("(\\d{1,3})(?:\\.0+)?(?:\\s*/\\s*10)?");

    static final ResponseSchema SCHEMA = ResponseSchema.of("scorer_rating", """
            {"type": "object",
             "properties": {
               "mistakes": {"type": "string"},
               "explanation": {"type": "string"},
               "rating": {"type": "integer", "enum": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}},
             "required": ["mistakes", "explanation", "rating"],
             "additionalProperties": false}""");

    /**
     * Reads a rating from the {@code rating} field under structured output, else from the final line with
     * {@link #parse}.
     */
    public static final AnswerParser<Rating> PARSER = AnswerParser.withSchema(SCHEMA, Rating::parse);

    /** As {@link #PARSER}, a decimal rating read as the paper's reference code reads it: {@code [[6.0]]} is 6. */
    public static final AnswerParser<Rating> DECIMALS_READ = AnswerParser.withSchema(SCHEMA, a -> parse(a, true));

    /**
     * @param decimalsRead whether a decimal rating is read ({@code adammeme.rating.decimals=read}) rather than asked again
     * @return the Scorer's parser
     */
    public static AnswerParser<Rating> parser(boolean decimalsRead) {
        return decimalsRead ? DECIMALS_READ : PARSER;
    }

    /**
     * Reads the Scorer's output by the rules above: a JSON object with an integer {@code rating}, or text
     * whose final non-empty line is the rating, the lines before it being the explanation.
     *
     * @param answer the Scorer's output
     * @return the score and its explanation
     * @throws ParseException when the output is empty, its final line is not the rating, it holds conflicting
     *     ratings, or the rating is not an integer from 1 to 10
     */
    public static Rating parse(String answer) throws ParseException {
        return parse(answer, false);
    }

    /**
     * As {@link #parse(String)}; with {@code decimalsRead} a decimal rating is taken as the reference code takes it
     * ({@code float()} of the bracketed value, or the digits before the point of an unbracketed one) and its fraction
     * dropped: a score is a whole number here, and {@code 3.5 < 4.0} exactly when {@code 3 < 4.0}, so no verdict
     * against a whole-number threshold changes.
     *
     * @param answer the Scorer's output
     * @param decimalsRead whether {@code [[6.0]]} and {@code [[6.5]]} are read as 6
     * @return the score and its explanation
     * @throws ParseException as {@link #parse(String)}
     */
    public static Rating parse(String answer, boolean decimalsRead) throws ParseException {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty; expected it to end with Rating: [[n]]");
        }
        String stripped = answer.strip();
        if (stripped.startsWith("{") && stripped.endsWith("}")) {
            Rating structured = structured(stripped, decimalsRead);
            if (structured != null) {
                return structured;
            }
        }
        List<String> lines = new ArrayList<>();
        for (String line : answer.split("\\R")) {
            if (!line.isBlank()) {
                lines.add(line);
            }
        }
        if (lines.isEmpty()) {
            // not blank, yet every line is: line separators \R knows and isBlank does not (U+0085)
            throw new ParseException("the answer has no line with text; expected it to end with Rating: [[n]]");
        }
        Set<String> ratings = new LinkedHashSet<>();
        Matcher any = ANY_RATING.matcher(answer);
        while (any.find()) {
            for (int g = 1; g <= any.groupCount(); g++) {
                if (any.group(g) != null) {
                    ratings.add(normalised(any.group(g)));
                }
            }
        }
        // A bare "Rating:" heading above the final line belongs to the rating, not to the explanation.
        boolean heading =
                lines.size() > 1 && HEADING.matcher(lines.get(lines.size() - 2)).matches();
        int ratingLines = heading ? 2 : 1;
        Matcher last = FINAL_LINE.matcher(lines.get(lines.size() - 1));
        if (!last.matches() && heading) {
            last = VALUE_LINE.matcher(lines.get(lines.size() - 1));
        }
        if (!last.matches()) {
            throw new ParseException(
                    ratings.isEmpty()
                            ? "the final line is not the rating ('Rating: [[n]]' or 'Rating: n')"
                            : "the final line is not the rating on its own, and the output holds " + describe(ratings)
                                    + " elsewhere");
        }
        String value = last.group(1) != null ? last.group(1) : last.group(2);
        ratings.add(normalised(value));
        if (ratings.size() > 1) {
            throw new ParseException("the output holds conflicting ratings " + describe(ratings)
                    + "; only the final line's is the verdict, and which that is cannot be told");
        }
        int score = score(value, decimalsRead);
        String explanation =
                String.join("\n", lines.subList(0, lines.size() - ratingLines)).strip();
        return new Rating(score, explanation);
    }

    /** A rating as compared with the others: a whole number as its digits, anything else as written. */
    private static String normalised(String value) {
        String v = value.strip();
        Matcher whole = WHOLE.matcher(v);
        return whole.matches() ? Integer.toString(Integer.parseInt(whole.group(1))) : v.toLowerCase(Locale.ROOT);
    }

    /** The JSON form, or null when the answer is not a JSON object (the text rules then apply). */
    private static @Nullable Rating structured(String answer, boolean decimalsRead) throws ParseException {
        JsonNode json;
        try {
            json = JsonAnswers.firstObject(answer);
        } catch (ParseException notJson) {
            return null;
        }
        JsonNode rating = JsonAnswers.field(json, "rating");
        if (rating == null || (!rating.isIntegralNumber() && !(decimalsRead && rating.isNumber()))) {
            throw new ParseException("field 'rating' must be an integer from 1 to 10");
        }
        int score = score(rating.asText(), decimalsRead);
        String mistakes = json.path("mistakes").asText("").strip();
        String explanation = json.path("explanation").asText("").strip();
        return new Rating(score, (mistakes.isEmpty() ? "" : "Mistakes: " + mistakes + "\n\n") + explanation);
    }

    private static int score(String value, boolean decimalsRead) throws ParseException {
        Matcher whole = (decimalsRead ? DECIMAL : INTEGER).matcher(value.strip());
        if (whole.matches()) {
            value = whole.group(1);
        }
        if (!value.matches("\\d{1,2}")) {
            throw new ParseException("the rating '" + value + "' is not an integer from 1 to 10");
        }
        int score = Integer.parseInt(value);
        if (score < 1 || score > 10) {
            throw new ParseException("the rating " + score + " is outside 1..10");
        }
        return score;
    }

    private static String describe(Set<String> ratings) {
        return String.join(" and ", ratings.stream().map(r -> "'" + r + "'").toList());
    }

    /**
     * The first sentence of a model's text on one line, at most 200 characters: what fits in a failure
     * message.
     *
     * @param text the model's text, or null
     * @return the sentence, or "(no explanation)" when there is no text
     */
    public static String firstSentence(@Nullable String text) {
        if (text == null || text.isBlank()) {
            return "(no explanation)";
        }
        String flat = text.replaceAll("\\s+", " ").strip();
        int stop = flat.indexOf(". ");
        String first = stop > 0 ? flat.substring(0, stop + 1) : flat;
        return first.length() <= 200 ? first : first.substring(0, 197) + "...";
    }
}
