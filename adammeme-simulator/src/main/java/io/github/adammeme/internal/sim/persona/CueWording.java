package io.github.adammeme.internal.sim.persona;

import java.util.List;
import java.util.stream.Collectors;

/** How the simulator's agents word the cues they found: whom a meme targets, what it claims, the words quoted. */
final class CueWording {

    private CueWording() {}

    static String group(List<Lexicon.Cue> cues, Lexicon.Topic topic) {
        for (Lexicon.Cue cue : cues) {
            if (cue.group() != null) {
                return cue.group();
            }
        }
        return topic.description().replaceFirst("^harm aimed at ", "");
    }

    static String predicate(String text, Lexicon.Topic topic) {
        List<String> predicates = topic.predicates();
        return predicates.get((int) (Chance.of(0, text, topic.name(), "predicate") * predicates.size()));
    }

    static String quote(List<Lexicon.Cue> cues) {
        return cues.stream().map(c -> "'" + c.phrase() + "'").collect(Collectors.joining(", "));
    }
}
