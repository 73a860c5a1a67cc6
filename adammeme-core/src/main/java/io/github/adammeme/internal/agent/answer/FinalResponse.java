package io.github.adammeme.internal.agent.answer;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The Senior's chosen or rewritten analysis: everything under its last Final Response heading,
 * whether the analysis starts on the next line or on the heading's own line. The heading begins a
 * line and is written the ways real models write it: {@code ## Final Response}, {@code ### Final
 * Answer}, {@code **Final Response:**}, {@code **Final Response**:}, or {@code Final response:} with
 * its colon; "final response" inside a sentence is no heading. A code fence around the analysis, a
 * fence left open around the whole answer, and a blockquote are taken off.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class FinalResponse {

    private static final String NAME = "final[ \\t]+(?:response|answer)";
    private static final Pattern HEADING = Pattern.compile(
            "^[ \\t]*(?:"
                    + "#{1,6}[ \\t]*[*_]*[ \\t]*" + NAME + "[ \\t]*[*_]*[ \\t]*:?"
                    + "|[*_]{1,3}[ \\t]*" + NAME + "[ \\t]*:?[ \\t]*[*_]{1,3}[ \\t]*:?"
                    + "|" + NAME + "[ \\t]*:)[ \\t]*[*_]*[ \\t]*",
            Pattern.CASE_INSENSITIVE | Pattern.MULTILINE);
    private static final Pattern FENCE = Pattern.compile("^```[a-zA-Z]*\\s*\\n(.*?)\\n?```\\s*$", Pattern.DOTALL);
    /** The closing fence of a fence opened before the heading, around the whole answer. */
    private static final Pattern TRAILING_FENCE = Pattern.compile("\\n?```\\s*$");

    private static final Pattern QUOTE_MARK = Pattern.compile("(?m)^[ \\t]*>[ \\t]?");

    /** Reads the Senior's answer with {@link #parse}. */
    public static final AnswerParser<String> PARSER = FinalResponse::parse;

    private FinalResponse() {}

    /**
     * The analysis under the last Final Response heading, without a code fence around it.
     *
     * @param answer the Senior's output
     * @return the reference answer
     * @throws ParseException when the answer is empty, has no such heading, or nothing under it
     */
    public static String parse(String answer) throws ParseException {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty; expected an analysis under a Final Response heading");
        }
        Matcher m = HEADING.matcher(answer);
        int end = -1;
        while (m.find()) {
            end = m.end();
        }
        if (end < 0) {
            throw new ParseException("no Final Response heading at the start of a line in the answer");
        }
        String body = answer.substring(end).strip();
        Matcher fence = FENCE.matcher(body);
        if (fence.matches()) {
            body = fence.group(1).strip();
        } else if (!body.startsWith("```")) {
            body = TRAILING_FENCE.matcher(body).replaceFirst("").strip();
        }
        if (body.lines()
                .filter(l -> !l.isBlank())
                .allMatch(l -> l.stripLeading().startsWith(">"))) {
            body = QUOTE_MARK.matcher(body).replaceAll("").strip();
        }
        if (body.isEmpty()) {
            throw new ParseException("nothing under the Final Response heading");
        }
        return body;
    }
}
