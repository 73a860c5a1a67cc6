package io.github.adammeme.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.llm.ResponseSchema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Scorer's verdict, read from one agreed place: its final non-empty line, which must be
 * {@code Rating: [[n]]} with n an integer 1..10 (markdown emphasis tolerated, nothing else on the
 * line), or, as structured output, the {@code rating} field of its JSON. A rating anywhere else is
 * never taken, and any other rating in the output that disagrees with the final line makes the
 * output ambiguous: a Scorer that quotes the answer it grades ("the assistant ended with Rating:
 * [[10]]"), before or after its own rating, cannot say which is its verdict, so it is asked again.
 */
public record Rating(int score, String explanation) {

    /** The final line in the agreed format: only whitespace and markdown emphasis around it. */
    private static final Pattern FINAL_LINE = Pattern.compile(
            "^[\\s*_#]*Rating\\s*:?\\s*[*_]*\\s*\\[\\[\\s*([^\\]]*?)\\s*]][\\s*_.]*$", Pattern.CASE_INSENSITIVE);
    /** A rating written anywhere, in or out of the agreed format. */
    private static final Pattern ANY_RATING = Pattern.compile("Rating\\s*:?\\s*[*_]*\\s*\\[\\[\\s*([^\\]]*?)\\s*]]",
            Pattern.CASE_INSENSITIVE);
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

    /**
     * Reads the Scorer's output by the rules above: a JSON object with an integer {@code rating}, or text
     * whose final non-empty line is {@code Rating: [[n]]}, the lines before it being the explanation.
     *
     * @param answer the Scorer's output
     * @return the score and its explanation
     * @throws ParseException when the output is empty, its final line is not the rating, it holds conflicting
     *     ratings, or the rating is not an integer from 1 to 10
     */
    public static Rating parse(String answer) throws ParseException {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty; expected it to end with Rating: [[n]]");
        }
        String stripped = answer.strip();
        if (stripped.startsWith("{") && stripped.endsWith("}")) {
            Rating structured = structured(stripped);
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
            ratings.add(any.group(1).strip());
        }
        Matcher last = FINAL_LINE.matcher(lines.get(lines.size() - 1));
        if (!last.matches()) {
            throw new ParseException(ratings.isEmpty()
                    ? "the final line is not 'Rating: [[n]]'"
                    : "the final line is not 'Rating: [[n]]' on its own, and the output holds " + describe(ratings)
                            + " elsewhere");
        }
        if (ratings.size() > 1) {
            throw new ParseException("the output holds conflicting ratings " + describe(ratings)
                    + "; only the final line's is the verdict, and which that is cannot be told");
        }
        int score = score(last.group(1));
        String explanation = String.join("\n", lines.subList(0, lines.size() - 1)).strip();
        return new Rating(score, explanation);
    }

    /** The JSON form, or null when the answer is not a JSON object (the text rules then apply). */
    private static Rating structured(String answer) throws ParseException {
        JsonNode json;
        try {
            json = JsonAnswers.firstObject(answer);
        } catch (ParseException notJson) {
            return null;
        }
        JsonNode rating = json.get("rating");
        if (rating == null || !rating.isIntegralNumber()) {
            throw new ParseException("field 'rating' must be an integer from 1 to 10");
        }
        int score = score(rating.asText());
        String mistakes = json.path("mistakes").asText("").strip();
        String explanation = json.path("explanation").asText("").strip();
        return new Rating(score, (mistakes.isEmpty() ? "" : "Mistakes: " + mistakes + "\n\n") + explanation);
    }

    private static int score(String value) throws ParseException {
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
        return String.join(" and ", ratings.stream().map(r -> "[[" + r + "]]").toList());
    }

    /**
     * The first sentence of a model's text on one line, at most 200 characters: what fits in a failure
     * message.
     *
     * @param text the model's text, or null
     * @return the sentence, or "(no explanation)" when there is no text
     */
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
