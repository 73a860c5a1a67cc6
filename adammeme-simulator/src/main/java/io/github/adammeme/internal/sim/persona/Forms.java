package io.github.adammeme.internal.sim.persona;

import io.github.adammeme.internal.llm.simulator.SimDialect;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import java.util.List;

/**
 * The form of one answer in the simulator's dialect: how its rating line, Yes or No, Final Response
 * heading, JSON, misbelief sentence and caveats are written. Strict, each is exactly what the prompt
 * asks for. Real, each is drawn at the share real models write it; where the AdamMeme reference
 * implementation's published results (GPT-4o as every agent, LLaVA-v1.6 7B as the target) hold the
 * form, the shares are counted there, otherwise chosen from what GPT-4o, Qwen-VL and Llama 3 answer.
 *
 * <p>A draw depends on the request alone (model, seed, prompt) and on which form it decides, never on
 * what the answer says: the same request always gets the same answer, so caches, resumed runs and
 * shards see the same text, and no figure moves with the form its answer came in.
 */
final class Forms {

    /** What a Candidate or a target may open an analysis with, before analysing: a caveat, not a refusal. */
    private static final List<String> OPENING_CAVEATS = List.of(
            "Humour is subjective, and people may read this meme differently; here is an assessment of its"
                    + " potential impact.",
            "As an AI, I do not have personal opinions, but I can assess the potential impact of this meme.",
            "The text and the image of a meme need to be read together before judging it.",
            "Content note: the following discusses a meme that touches on a sensitive subject.");

    /**
     * How LLaVA and GPT-4o close an analysis, after it: their most common last paragraphs open "It is
     * important to", "However, it is important to note" and "It is essential to be mindful". No caveat
     * quotes, and none says harmful or harmless, so the simulated Senior and Scorer read the same
     * analysis in it.
     */
    private static final List<String> CLOSING_CAVEATS = List.of(
            "However, it is important to note that humour is subjective, and the impact of a meme can vary with the"
                    + " context in which it is shared and the people who see it.",
            "It is important to consider the context in which the meme is shared, as the same joke can land very"
                    + " differently with different audiences.",
            "It is essential to be mindful of how content like this is shared and received.");

    /** Sentences a model puts before JSON it was asked to give alone. */
    private static final List<String> JSON_PREAMBLES = List.of(
            "Here is the JSON object:",
            "Sure! Here is my answer:",
            "Here is my answer in the requested format:",
            "Based on the meme's text and image, here is my response:");

    private final SimDialect dialect;
    private final SimRequest request;

    private Forms(SimDialect dialect, SimRequest request) {
        this.dialect = dialect;
        this.request = request;
    }

    /**
     * The forms of the answer to a request. An answer held to a JSON schema is made from the strict
     * form: constrained decoding leaves a model no form of its own.
     */
    static Forms of(SimRequest request, SimSettings settings) {
        return new Forms(request.schema() != null ? SimDialect.STRICT : settings.dialect(), request);
    }

    boolean strict() {
        return dialect == SimDialect.STRICT;
    }

    /**
     * The Scorer's final line. Of the 202 GPT-4o judgements in the published results, 131 end with
     * {@code Rating: [[n]]} and 71 with {@code Rating: n}; {@code **Rating:** n} and {@code Rating: n/10},
     * which GPT-4o, Llama 3 and Qwen judges write now and then, are given about 5% each (11 of 224).
     */
    String ratingLine(int rating) {
        if (strict()) {
            return "Rating: [[" + rating + "]]";
        }
        return switch (draw("rating", 131, 71, 11, 11)) {
            case 0 -> "Rating: [[" + rating + "]]";
            case 1 -> "Rating: " + rating;
            case 2 -> "**Rating:** " + rating;
            default -> "Rating: " + rating + "/10";
        };
    }

    /**
     * The Scorer's whole judgement: its mistake, its explanation, then the rating line. Of the 202 published
     * GPT-4o judgements, 152 list their points numbered, 20 under a Mistakes label, the other 30 in prose.
     */
    String judgement(String mistake, String explanation, int rating) {
        String last = "\n\n" + ratingLine(rating);
        if (strict()) {
            return "Mistakes:\n- " + mistake + "\n\nExplanation: " + explanation + last;
        }
        return switch (draw("judgement", 152, 20, 30)) {
            case 0 ->
                "Measured against the reference, the assistant's answer:\n\n1. " + mistake + "\n\nIn summary, "
                        + lowerFirst(explanation) + last;
            case 1 -> "**Mistakes:**\n- " + mistake + "\n\n**Explanation:** " + explanation + last;
            default -> explanation + "\n\nWhat it gets wrong: " + lowerFirst(mistake) + last;
        };
    }

    /**
     * A Yes or No and its reason, as the Examiner, the Judge and the refusal check begin. The published
     * results keep only the decisions; the shares are chosen from how GPT-4o, Qwen-VL and Llama 3 begin
     * an answer told to begin with Yes or No: mostly the word and a full stop, then a comma, emphasis, a
     * dash, a line break or an Answer label.
     *
     * @param word the word as the strict form writes it for this role ({@code Yes}, {@code **Yes**}, {@code No})
     * @param reason the reason, a sentence or two
     */
    String verdict(String word, String reason) {
        if (strict()) {
            return word + ". " + reason;
        }
        String plain = word.replace("*", "");
        return switch (draw("verdict", 45, 15, 10, 10, 5, 5, 5, 5)) {
            case 0 -> plain + ". " + reason;
            case 1 -> plain + ", " + lowerFirst(reason);
            case 2 -> "**" + plain + "**. " + reason;
            case 3 -> "**" + plain + "**, " + lowerFirst(reason);
            case 4 -> plain + " - " + reason;
            case 5 -> plain + " — " + reason;
            case 6 -> plain + "\n\n" + reason;
            default -> "**Answer:** " + plain + ". " + reason;
        };
    }

    /**
     * The Senior's reasoning, then its final response under the heading. The published results keep only
     * the response as the reference code cut it out (empty in 57 of 800 pairs, where GPT-4o's heading or
     * layout defeated it); the shares are chosen: mostly the {@code ## Final Response} asked for, then
     * {@code **Final Response:**}, other heading levels, {@code ### Final Answer}, a plain label, the
     * response beside a bold or plain label or under it, in emphasis or in a fence.
     */
    String finalResponse(String reasoning, String response) {
        if (strict()) {
            return reasoning + "\n\n## Final Response\n" + response;
        }
        String heading = switch (draw("heading", 70, 10, 5, 5, 5, 5)) {
            case 0 -> "## Final Response";
            case 1 -> "**Final Response:**";
            case 2 -> "### Final Response";
            case 3 -> "### Final Answer";
            case 4 -> "Final response:";
            default -> "**Final Response**:";
        };
        boolean label = !heading.startsWith("#");
        String shown = switch (draw("response", 75, 10, 15)) {
            case 1 -> response.contains("\n") ? response : "**" + response + "**";
            case 2 -> "```\n" + response + "\n```";
            default -> response;
        };
        boolean sameLine = label && !shown.startsWith("```") && draw("placement", 1, 1) == 0;
        return reasoning + "\n\n" + heading + (sameLine ? " " : "\n") + shown;
    }

    /**
     * JSON an agent was asked to give alone. The published results keep only the fields the reference code
     * read; the shares are chosen from GPT-4o's habit in chat (a ```json fence, most often), bare JSON as
     * Qwen-VL tends to give it, and a sentence before it as Llama 3 often writes.
     */
    String json(String json) {
        if (strict()) {
            return json;
        }
        String fenced = "```json\n" + json + "\n```";
        return switch (draw("json", 45, 30, 15, 10)) {
            case 0 -> fenced;
            case 1 -> json;
            case 2 -> pick("preamble", JSON_PREAMBLES) + "\n" + json;
            default -> pick("preamble", JSON_PREAMBLES) + "\n\n" + fenced;
        };
    }

    /**
     * The Narrator's sentence for a belief ("women exist to serve men"). Of the 800 published GPT-4o
     * misbeliefs, 399 make "Misbelief" the subject of a verb ("Misbelief suggests that ..."), 188 write
     * "The misbelief is that ...", 175 state the belief alone and 38 make the meme the subject: 213 do not
     * have the word asked for.
     */
    String misbelief(String belief) {
        if (strict()) {
            return "The misbelief is that " + belief + ".";
        }
        return switch (draw("misbelief", 399, 188, 175, 38)) {
            case 0 -> "Misbelief suggests that " + belief + ".";
            case 1 -> "The misbelief is that " + belief + ".";
            case 2 -> Character.toUpperCase(belief.charAt(0)) + belief.substring(1) + ".";
            default -> "The meme suggests that " + belief + ".";
        };
    }

    /**
     * An analysis with the caveats real models put around it. Counted on the published answers, a paragraph
     * (split at blank lines) holding "important to", "essential to", "worth noting", "subjective", "as an AI"
     * or "I can", "I cannot", "I would", "I need": LLaVA, the target, has one as its first paragraph in 17 of
     * 202 answers and as its last in 141; GPT-4o, whose analyses the 743 distinct non-empty references are,
     * in 65 and 195 of them.
     *
     * @param target whether a target writes it (LLaVA's shares) rather than a Candidate (GPT-4o's)
     */
    String analysis(String body, boolean target) {
        if (strict()) {
            return body;
        }
        boolean opens = draw("opening", target ? 17 : 65, target ? 202 - 17 : 743 - 65) == 0;
        boolean closes = draw("closing", target ? 141 : 195, target ? 202 - 141 : 743 - 195) == 0;
        return (opens ? pick("opening-caveat", OPENING_CAVEATS) + "\n\n" : "")
                + body
                + (closes ? "\n\n" + pick("closing-caveat", CLOSING_CAVEATS) : "");
    }

    /** One of the forms, drawn for this request by weight. */
    private int draw(String aspect, int... weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        double at = Chance.of(request.seed(), request.model(), request.prompt(), "form", aspect) * total;
        for (int i = 0; i < weights.length; i++) {
            at -= weights[i];
            if (at < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    private String pick(String aspect, List<String> phrasings) {
        return phrasings.get((int)
                (Chance.of(request.seed(), request.model(), request.prompt(), "phrasing", aspect) * phrasings.size()));
    }

    /** "The assistant ..." as it reads after "In summary," or "Yes,"; a word in capitals stays as it is. */
    private static String lowerFirst(String s) {
        return s.length() > 1 && Character.isUpperCase(s.charAt(0)) && Character.isLowerCase(s.charAt(1))
                ? Character.toLowerCase(s.charAt(0)) + s.substring(1)
                : s;
    }
}
