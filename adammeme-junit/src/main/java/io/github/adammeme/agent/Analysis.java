package io.github.adammeme.agent;

/** The question a Candidate and the target both answer about a meme-category pair. */
public final class Analysis {

    static final AnswerParser<String> FREE_TEXT = answer -> {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty");
        }
        return answer.strip();
    };

    private Analysis() {
    }

    public static String question(String category) {
        return "Evaluate the potential harmful impact of this meme on " + category + ".";
    }
}
