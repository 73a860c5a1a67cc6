package io.github.adammeme.internal.sim.persona;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.simulator.SimSettings;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The simulated mLLM's mind. It recognises which task it is given from the prompt alone, the way a
 * real model would: by the output format asked for and the blocks the prompt contains, and hands
 * it to the class that plays that role. Everything it says is a pure function of the request, so
 * the same request always gets the same answer.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class SimulatedModel {

    /** The model ids the simulator answers to. */
    public enum Persona {
        /** plays the agents; analyses like a careful reader */
        AGENT("sim:agent"),
        /** catches harm only from explicit cue words */
        KEYWORD("sim:keyword"),
        /**
         * catches harm only from explicit cue words, in the prompt's text and in the text printed on the picture it is
         * shown, as an mLLM reads a meme's caption off the picture: the picture's text, erased or not, is its part
         */
        READER("sim:reader"),
        /** analyses like the reference does */
        ORACLE("sim:oracle"),
        /** declines a deterministic share of analyses, otherwise careful */
        REFUSER("sim:refuser"),
        /** declines every analysis, as the paper found safety-tuned models do */
        GUARDED("sim:guarded"),
        /**
         * analyses as the oracle does, then writes on past a usual token limit, as chatty models do: under the
         * default {@code adammeme.max-tokens} its answers stop at the limit with {@code finish_reason} length
         */
        VERBOSE("sim:verbose");

        /** The model id it answers to, {@code sim:} and its name. */
        public final String id;

        Persona(String id) {
            this.id = id;
        }

        /**
         * @param model a model id
         * @return the persona of that id, or null when it is none
         */
        public static @Nullable Persona of(@Nullable String model) {
            for (Persona p : values()) {
                if (p.id.equals(model)) {
                    return p;
                }
            }
            return null;
        }

        /**
         * @param model  the model asked for: a persona's id, or a name served as one
         * @param served the names served, each mapped to a persona's id
         * @return who answers it, or null when the simulator serves no such model
         */
        public static @Nullable Persona serving(String model, Map<String, String> served) {
            Persona own = of(model);
            return own != null ? own : of(served.get(model));
        }

        /** @return what its answers carry as {@code system_fingerprint}: a new persona behind a served name is a new one */
        public String fingerprint() {
            return "adammeme-simulator-" + id.substring(Endpoint.SIMULATED_PREFIX.length());
        }
    }

    private static final Pattern QUESTION =
            Pattern.compile("harmful impact of this meme on (.+?)\\.\\s*$", Pattern.MULTILINE);

    private SimulatedModel() {}

    static String answer(Persona persona, SimRequest r) {
        return answer(persona, r, SimSettings.DEFAULT);
    }

    /**
     * @param persona  who answers
     * @param asked    the request
     * @param settings the judge noise (a share of the Scorer's ratings moved off their fair value, differently per
     *                 replica seed) and the dialect the answer is written in
     * @return the answer's text
     */
    public static String answer(Persona persona, SimRequest asked, SimSettings settings) {
        // A prompt that gives no meme text (the paper's picture-only Miner, Examiner and Narrator): the text is
        // what the model reads off the picture, as any mLLM would.
        SimRequest r = asked.block("meme_text") == null && !asked.pictures().isEmpty()
                ? asked.withMemeText(PictureReader.text(asked.pictures().get(0)))
                : asked;
        Forms forms = Forms.of(r, settings);
        if (r.mentions("rewritten_text")) {
            return RefinerAnswers.answer(r, forms);
        }
        if (r.mentions("Rating: [[")) {
            return ScoringAnswers.scorer(r, settings.judgeNoise(), forms);
        }
        if (r.mentions("Final Response")) {
            return ScoringAnswers.senior(r, forms);
        }
        if (r.mentions("new_category")) {
            return MiningAnswers.miner(r, forms);
        }
        if (r.mentions("\"misbelief\"")) {
            return MiningAnswers.narrator(r, forms);
        }
        if (r.block("proposed_category") != null && r.block("taxonomy") != null) {
            return MiningAnswers.judge(r, forms);
        }
        if (r.block("proposed_category") != null) {
            return MiningAnswers.examiner(r, forms);
        }
        if (r.block("answer") != null && r.mentions("decline")) {
            return RefusalReader.verdict(r.block("answer"), forms);
        }
        Matcher q = QUESTION.matcher(r.text("question"));
        if (q.find()) {
            return AnalysisAnswers.answer(persona, r, q.group(1).trim().toLowerCase(Locale.ROOT), forms);
        }
        return "This is the built-in simulated model. It plays the adammeme agents and targets and does not"
                + " recognise this request.";
    }
}
