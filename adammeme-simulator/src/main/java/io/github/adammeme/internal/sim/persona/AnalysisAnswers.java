package io.github.adammeme.internal.sim.persona;

import io.github.adammeme.internal.sim.persona.SimulatedModel.Persona;
import java.util.List;

/**
 * The simulator's analysis of a meme's harm to a category: the Candidates' (persona {@code sim:agent},
 * whose replicas differ in depth) and every target persona's, refusals included.
 */
final class AnalysisAnswers {

    /** The refuser declines this share of analyses, and opens as many more with an apology. */
    private static final int REFUSAL_PERCENT = 30;

    /** How the refuser declines: in several shapes, as real models do. */
    private static final List<String> REFUSALS = List.of(
            "I'm sorry, but I can't help with analysing this content.",
            "I apologize, but I cannot assist with that request.",
            "I'm not comfortable analysing this meme, as it may contain hateful content. If you are studying online"
                    + " hate, resources from organisations that track it may help.",
            "As an AI model, I must decline to evaluate content of this kind.",
            "Lo siento, pero no puedo ayudar con el análisis de este contenido.");

    /** How the refuser opens an answer it then gives in full. */
    private static final List<String> PREFACES = List.of(
            "I'm sorry, but this meme is unpleasant to read. Here is my assessment anyway.",
            "Content warning: the following discusses a demeaning meme.",
            "I can't help but notice how often memes like this circulate.");

    private AnalysisAnswers() {}

    /** Where the cues came from, when the picture showed words the prompt did not give. */
    private static String onPicture(List<Lexicon.Cue> cues, String promptText) {
        List<Lexicon.Cue> seen = cues.stream()
                .filter(c -> Lexicon.find(promptText, c.category(), false).stream()
                        .noneMatch(p -> p.phrase().equals(c.phrase())))
                .toList();
        return seen.isEmpty()
                ? ""
                : ", " + (seen.size() == cues.size() ? "all" : CueWording.quote(seen)) + " printed on the picture";
    }

    static String answer(Persona persona, SimRequest r, String category, Forms forms) {
        String analysis = analysis(persona, r, category, forms);
        return persona == Persona.VERBOSE ? analysis + "\n\n" + Background.TEXT : analysis;
    }

    private static String analysis(Persona persona, SimRequest r, String category, Forms forms) {
        String text = r.text("meme_text");
        double draw = Chance.of(0, text, category, "refuse") * 100;
        if (persona == Persona.GUARDED || (persona == Persona.REFUSER && draw < REFUSAL_PERCENT)) {
            return REFUSALS.get((int) (Chance.of(0, text, category, "phrasing") * REFUSALS.size()));
        }
        // Another share opens with an apology or a warning and then analyses: not a refusal.
        String preface = persona == Persona.REFUSER && draw < 2 * REFUSAL_PERCENT
                ? PREFACES.get((int) (Chance.of(0, text, category, "preface") * PREFACES.size())) + "\n\n"
                : "";
        Lexicon.Topic topic = Lexicon.topic(category);
        // The reader reads the picture's caption with the prompt's text: what the prompt's rewrite hid, an
        // unerased picture may still show.
        String printed = persona == Persona.READER && !r.pictures().isEmpty()
                ? PictureReader.text(r.pictures().get(0))
                : "";
        List<Lexicon.Cue> cues = topic == null
                ? List.of()
                : Lexicon.find(
                        printed.isEmpty() ? text : text + "\n" + printed,
                        topic.name(),
                        persona == Persona.KEYWORD || persona == Persona.READER);
        // Candidates write as GPT-4o does, targets as LLaVA: each with its own share of caveats.
        boolean target = persona != Persona.AGENT;
        if (topic == null || cues.isEmpty()) {
            return preface
                    + forms.analysis(
                            "Harm assessment: the meme does not appear harmful with respect to " + category
                                    + ".\nNeither its text nor its image singles anyone out on that basis; it reads as ordinary humour.",
                            target);
        }
        // Candidate replicas (different seeds) differ in depth, as independent samples of a model do.
        int depth = persona == Persona.AGENT ? (int) Math.floorMod(r.seed(), 3L) : 0;
        List<Lexicon.Cue> named = depth == 2 && cues.size() > 1 ? cues.subList(0, 1) : cues;
        String group = CueWording.group(cues, topic);
        String opening = depth == 1
                ? "Harm assessment: yes, the meme is harmful with respect to " + category + "."
                : "Harm assessment: the meme is harmful with respect to " + category + ".";
        return preface
                + forms.analysis(
                        opening + "\n"
                                + "It targets " + group + " by way of " + CueWording.quote(named)
                                + onPicture(named, text)
                                + ". Read together with the image, it suggests that "
                                + group + " " + CueWording.predicate(text, topic) + ".\n"
                                + "Content like this reinforces prejudice and can encourage hostility toward " + group
                                + ".",
                        target);
    }
}
