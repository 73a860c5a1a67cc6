package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.FinalResponse;
import io.github.adammeme.internal.agent.answer.ParseException;
import io.github.adammeme.internal.llm.ContentPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Picks the best of the three candidate analyses, or writes a better one: the reference answer (temperature 0).
 * It sees what the Candidates saw, the picture, the text and the category, beside their analyses (the paper's
 * Eq. 5), so it can tell a correct analysis from a fluent one. A pick is answered by name ({@code analysis_2})
 * and the candidate's text copied here: the same reference as one written out again, without paying the
 * endpoint to repeat it.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Senior {

    /**
     * What stands in the block of a Candidate that gave no analysis (it declined, or its answer was lost), so
     * the Senior reviews the analyses there are and never picks an empty place.
     */
    public static final String NO_ANALYSIS = "(no analysis: this analyst gave none)";

    private static final Pattern PICK =
            Pattern.compile("[*_`\\s]*analysis[ _]?([123])[*_`.\\s]*", Pattern.CASE_INSENSITIVE);

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Senior(AgentContext context) {
        this.context = context;
    }

    /**
     * Chooses or writes the reference answer from the candidate analyses there are.
     *
     * @param memeText the meme's text
     * @param image the meme's picture as the Candidates were shown it, or null
     * @param category the harmfulness category
     * @param candidates the three Candidates' analyses in replica order, null for one that gave none
     * @return the reference answer (the text under its Final Response heading), or why there is none
     * @throws IllegalArgumentException when there are not three places, or no analysis in them
     */
    public CompletableFuture<Answer<String>> decide(
            String memeText, ContentPart.@Nullable Image image, String category, List<String> candidates) {
        if (candidates.size() != 3 || candidates.stream().allMatch(Objects::isNull)) {
            throw new IllegalArgumentException(
                    "the Senior reviews 3 candidates' places with at least one analysis, got " + candidates);
        }
        List<String> shown = new ArrayList<>();
        candidates.forEach(c -> shown.add(c == null ? NO_ANALYSIS : c));
        return context.ask(
                "Senior",
                "senior",
                Map.of(
                        "meme_text",
                        memeText,
                        "category",
                        category,
                        "candidate_1",
                        shown.get(0),
                        "candidate_2",
                        shown.get(1),
                        "candidate_3",
                        shown.get(2)),
                image,
                0.0,
                0,
                answer -> chosen(FinalResponse.parse(answer), candidates));
    }

    /**
     * The candidate a bare name under the heading picks, or the analysis written there.
     *
     * @throws ParseException when the name picks a Candidate that gave no analysis
     */
    static String chosen(String finalResponse, List<String> candidates) throws ParseException {
        Matcher pick = PICK.matcher(finalResponse);
        if (!pick.matches()) {
            return finalResponse;
        }
        String picked = candidates.get(Integer.parseInt(pick.group(1)) - 1);
        if (picked == null) {
            throw new ParseException("the Final Response picks analysis_" + pick.group(1)
                    + ", whose analyst gave no analysis; pick one of the analyses given, or write one");
        }
        return picked.strip();
    }
}
