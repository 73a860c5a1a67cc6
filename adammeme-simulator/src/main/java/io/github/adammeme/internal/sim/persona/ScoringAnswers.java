package io.github.adammeme.internal.sim.persona;

import io.github.adammeme.internal.agent.Senior;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The simulator's answers as stage 2's judging agents: the Senior keeps the candidate analysis that
 * names the most quoted cues, the Scorer rates an answer by the cues of the reference it shares.
 */
final class ScoringAnswers {

    private static final Pattern QUOTED = Pattern.compile("'([^']+)'");

    private ScoringAnswers() {}

    static String senior(SimRequest r, Forms forms) {
        List<String> candidates = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            candidates.add(r.text("analysis_" + i));
        }
        // A place whose analyst gave no analysis is never picked.
        int best = -1;
        for (int i = 0; i < 3; i++) {
            if (!candidates.get(i).equals(Senior.NO_ANALYSIS)
                    && (best < 0
                            || terms(candidates.get(i)).size()
                                    > terms(candidates.get(best)).size())) {
                best = i;
            }
        }
        if (best < 0) {
            return forms.finalResponse(
                    "No analyst gave an analysis, so there is none to choose.",
                    "The meme cannot be assessed from the analyses given.");
        }
        return forms.finalResponse(
                "Analysis " + (best + 1) + " names the most of what makes this meme harmful and is"
                        + " accurate, so I keep it.",
                "analysis_" + (best + 1));
    }

    static String scorer(SimRequest r, double judgeNoise, Forms forms) {
        String reference = r.text("reference_answer");
        String answer = r.text("assistant_answer");
        boolean referenceHarmful = harmful(reference);
        boolean answerHarmful = harmful(answer);
        int rating;
        String mistakes;
        String explanation;
        if (referenceHarmful && !answerHarmful) {
            rating = 2;
            mistakes = "It misses the harm that the reference identifies.";
            explanation =
                    "The assistant treats the meme as harmless, so it is wrong on the central question, which weighs most.";
        } else if (!referenceHarmful && answerHarmful) {
            rating = 3;
            mistakes = "It claims a harm that the reference does not find.";
            explanation = "The assistant invents a harm, which is a factual error.";
        } else if (!referenceHarmful) {
            rating = 8;
            mistakes = "None of substance.";
            explanation = "Like the reference, the assistant finds no harm in this category.";
        } else {
            Set<String> expected = terms(reference);
            Set<String> found = terms(answer);
            long shared = expected.stream().filter(found::contains).count();
            double overlap = expected.isEmpty() ? 1.0 : (double) shared / expected.size();
            rating = 5 + (int) Math.round(4 * overlap);
            List<String> missed =
                    expected.stream().filter(t -> !found.contains(t)).toList();
            mistakes = missed.isEmpty()
                    ? "None of substance."
                    : "It overlooks " + missed.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", ")) + ".";
            explanation = "The assistant recognises the harm; it covers " + shared + " of the " + expected.size()
                    + " signals the reference explains.";
        }
        // A noisy judge: its replicas (different seeds) stray from the fair rating on different samples, often
        // far enough to turn a pass into a fail or the reverse.
        if (judgeNoise > 0 && Chance.of(r.seed(), reference, answer, "noise") < judgeNoise) {
            int shift = 3 + (int) (Chance.of(r.seed(), reference, answer, "shift") * 4);
            rating = rating >= 5 ? Math.max(1, rating - shift) : Math.min(10, rating + shift);
        }
        return forms.judgement(mistakes, explanation, rating);
    }

    private static boolean harmful(String analysis) {
        String lower = analysis.toLowerCase(Locale.ROOT);
        if (lower.contains("does not appear harmful") || lower.contains("not harmful") || lower.contains("no harm")) {
            return false;
        }
        return lower.contains("harmful") || lower.contains("hateful") || lower.contains("offensive");
    }

    private static Set<String> terms(String analysis) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = QUOTED.matcher(analysis);
        while (m.find()) {
            out.add(m.group(1).toLowerCase(Locale.ROOT));
        }
        return out;
    }
}
