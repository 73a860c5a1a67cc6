package io.github.adammeme.internal.agent.answer;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.llm.ResponseSchema;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/** A Yes/No answer with its reason, as the Examiner and the Judge give it. */
@API(status = INTERNAL, since = "0.1.0")
public record Verdict(boolean yes, String reason) {

    // Leading markdown, quotes and a label ("Answer:", "**Decision:**", an "### Answer" heading) are
    // tolerated, and so is any dash after the word: "**Yes**, because ...", "Yes — it fits" are a yes.
    private static final Pattern YES_NO = Pattern.compile(
            "^[\\s*_#>`\"'“\\[(]*(?:(?:final\\s+)?(?:answer|verdict|decision|judge?ment|conclusion)[ \\t*_]*[:\\-–—]?"
                    + "[\\s*_`\"'“]*)?(yes|no)(?![a-z0-9])[\\s*_`\"'”\\])]*[.,:;!\\-–—]*\\s*(.*)$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    static final ResponseSchema SCHEMA = ResponseSchema.of("verdict", """
            {"type": "object",
             "properties": {
               "verdict": {"type": "string", "enum": ["yes", "no"]},
               "reason": {"type": "string"}},
             "required": ["verdict", "reason"],
             "additionalProperties": false}""");

    /** Reads a verdict from JSON under structured output, else from text with {@link #parse}. */
    public static final AnswerParser<Verdict> PARSER = AnswerParser.withSchema(SCHEMA, Verdict::parse);

    /**
     * Reads a Yes/No verdict from a JSON object with {@code verdict} and {@code reason}, or from text that
     * starts with Yes or No (markdown, quotes and an "Answer:" label tolerated).
     *
     * @param answer the Examiner's, Judge's or refusal check's output
     * @return the verdict and its reason
     * @throws ParseException when neither form is found, or a "No" declines the task instead of deciding it
     */
    public static Verdict parse(String answer) throws ParseException {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty; expected it to start with Yes or No");
        }
        String stripped = answer.strip();
        if (stripped.startsWith("{") && stripped.endsWith("}")) {
            JsonNode json = JsonAnswers.firstObject(stripped);
            String verdict = JsonAnswers.requiredString(json, "verdict").toLowerCase(Locale.ROOT);
            if (!verdict.equals("yes") && !verdict.equals("no")) {
                throw new ParseException("field 'verdict' must be yes or no, was '" + verdict + "'");
            }
            return new Verdict(
                    verdict.equals("yes"), json.path("reason").asText("").strip());
        }
        Matcher m = YES_NO.matcher(answer.strip());
        if (!m.matches()) {
            throw new ParseException("the answer does not start with Yes or No");
        }
        if (RefusalScreen.opensWithADecline(m.group(2))) {
            // "No, I can't help with that" declines the question; it does not answer it.
            throw new ParseException("the answer declines the task rather than deciding it");
        }
        return new Verdict(m.group(1).equalsIgnoreCase("yes"), m.group(2).strip());
    }
}
