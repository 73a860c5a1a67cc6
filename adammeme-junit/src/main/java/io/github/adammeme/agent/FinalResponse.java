package io.github.adammeme.agent;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Senior's chosen or rewritten analysis: everything under its last {@code Final Response}
 * heading, whether the analysis starts on the next line or on the heading's own line
 * ({@code ## Final Response: The meme ...}, as the paper's format has it).
 */
final class FinalResponse {

    private static final Pattern HEADING = Pattern.compile(
            "^[ \\t]*#{1,6}[ \\t]*\\**[ \\t]*final[ \\t]+response[ \\t]*\\**[ \\t]*:?[ \\t]*\\**[ \\t]*",
            Pattern.CASE_INSENSITIVE | Pattern.MULTILINE);
    private static final Pattern FENCE = Pattern.compile("^```[a-zA-Z]*\\s*\\n(.*?)\\n?```\\s*$", Pattern.DOTALL);

    /** Reads the Senior's answer with {@link #parse}. */
    public static final AnswerParser<String> PARSER = FinalResponse::parse;

    private FinalResponse() {
    }

    /**
     * The analysis under the last Final Response heading, without a code fence around it.
     *
     * @param answer the Senior's output
     * @return the reference answer
     * @throws ParseException when the answer is empty, has no such heading, or nothing under it
     */
    public static String parse(String answer) throws ParseException {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty; expected an analysis under '## Final Response'");
        }
        Matcher m = HEADING.matcher(answer);
        int end = -1;
        while (m.find()) {
            end = m.end();
        }
        if (end < 0) {
            throw new ParseException("no '## Final Response' heading in the answer");
        }
        String body = answer.substring(end).strip();
        Matcher fence = FENCE.matcher(body);
        if (fence.matches()) {
            body = fence.group(1).strip();
        }
        if (body.isEmpty()) {
            throw new ParseException("nothing under the '## Final Response' heading");
        }
        return body;
    }
}
