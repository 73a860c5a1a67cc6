package io.github.adammeme.agent;

import io.github.adammeme.llm.ContentPart;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picks the best of the three candidate analyses, or writes a better one: the reference answer (temperature 0).
 * It sees what the Candidates saw, the picture, the text and the category, beside their analyses (the paper's
 * Eq. 5), so it can tell a correct analysis from a fluent one.
 * A pick is answered by name ({@code analysis_2}) and the candidate's text copied here: the same reference
 * as one written out again, without paying the endpoint to repeat it.
 */
public final class Senior {

    private static final Pattern PICK = Pattern.compile("[*_`\\s]*analysis[ _]?([123])[*_`.\\s]*", Pattern.CASE_INSENSITIVE);

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Senior(AgentContext context) {
        this.context = context;
    }

    /**
     * Chooses or writes the reference answer from the three candidate analyses.
     *
     * @param memeText the meme's text
     * @param image the meme's picture as the Candidates were shown it, or null
     * @param category the harmfulness category
     * @param candidates exactly three candidate analyses
     * @return the reference answer (the text under its Final Response heading), or why there is none
     * @throws IllegalArgumentException when there are not exactly three candidates
     */
    public CompletableFuture<Answer<String>> decide(String memeText, ContentPart.Image image, String category,
                                                    List<String> candidates) {
        if (candidates.size() != 3) {
            throw new IllegalArgumentException("the Senior reviews exactly 3 candidates, got " + candidates.size());
        }
        return context.ask("Senior", "senior", Map.of("meme_text", memeText, "category", category,
                "candidate_1", candidates.get(0), "candidate_2", candidates.get(1), "candidate_3", candidates.get(2)),
                image, 0.0, 0, answer -> chosen(FinalResponse.parse(answer), candidates));
    }

    /** The candidate a bare name under the heading picks, or the analysis written there. */
    static String chosen(String finalResponse, List<String> candidates) {
        Matcher pick = PICK.matcher(finalResponse);
        return pick.matches() ? candidates.get(Integer.parseInt(pick.group(1)) - 1).strip() : finalResponse;
    }
}
