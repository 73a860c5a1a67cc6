package io.github.adammeme.agent;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Yes/No answer with its reason, as the Examiner and the Judge give it. */
public record Verdict(boolean yes, String reason) {

    // Leading markdown, quotes and an "Answer:" label are tolerated: "**Yes**, because ..." is a yes.
    private static final Pattern YES_NO = Pattern.compile(
            "^[\\s*_#>`\"'\\[(]*(?:(?:final\\s+)?(?:answer|verdict|decision)\\s*[:\\-]\\s*[\\s*_`\"']*)?(yes|no)(?![a-z0-9])[\\s*_`\"'\\])]*[.,:;!\\-]*\\s*(.*)$",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    public static final AnswerParser<Verdict> PARSER = Verdict::parse;

    public static Verdict parse(String answer) throws ParseException {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty; expected it to start with Yes or No");
        }
        Matcher m = YES_NO.matcher(answer.strip());
        if (!m.matches()) {
            throw new ParseException("the answer does not start with Yes or No");
        }
        return new Verdict(m.group(1).equalsIgnoreCase("yes"), m.group(2).strip());
    }
}
