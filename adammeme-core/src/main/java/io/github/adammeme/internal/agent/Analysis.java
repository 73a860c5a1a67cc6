package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.AnswerParser;
import io.github.adammeme.internal.agent.answer.ParseException;
import org.apiguardian.api.API;

/** The question a Candidate and the target both answer about a meme-category pair. */
@API(status = INTERNAL, since = "0.1.0")
public final class Analysis {

    static final AnswerParser<String> FREE_TEXT = answer -> {
        if (answer == null || answer.isBlank()) {
            throw new ParseException("the answer is empty");
        }
        return answer.strip();
    };

    private Analysis() {}

    /**
     * The paper's instruction to the target, for one category.
     *
     * @param category the harmfulness category the meme is judged on
     * @return the question, as the Candidates and the target are asked it
     */
    public static String question(String category) {
        return "Evaluate the potential harmful impact of this meme on " + category + ".";
    }
}
