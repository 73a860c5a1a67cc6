package io.github.adammeme.internal.sim.persona;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A decline of one part of the request, not of the task: who is pictured ("I can't identify the
 * person in the picture"), a slur or the caption's wording ("I won't repeat the slur"), print too small
 * to read, a detailed description, a number on a scale, a quote's accuracy. Real models write it in
 * front of an analysis, in the same sentence as often as not: "While I can't identify the person in the
 * picture, I can analyse the text: it mocks ...". Such a clause declines only itself: what the sentence
 * says after it is read as any sentence is, so an analysis that follows it counts, and a sentence that
 * goes on to decline the task ("..., and I can't evaluate the meme either") still declines.
 */
final class PartialDecline {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

    /** Who is pictured, and what can be told of a person from a picture. */
    private static final String PERSON = "(?:person|people|man|woman|men|women|child|girl|boy|individual|politician|"
            + "senator|cleric|owner|anyone|someone|who|whom|identit|pictured|shown|creator|author|made|motive|"
            + "ethnicity|nationality|religion|age|private)";

    /** What is declined when a part is: each alternative names the part it leaves out. */
    private static final String PART = "(?:identif|recogni[sz]|name (?:the|him|her|them|anyone|people|this|that|who)|"
            + "(?:tell|say|see|know|determine|confirm|verify)(?: you)? (?:who|whom|the identity|the person|whose)|"
            + "(?:determine|confirm|verify) (?:the )?(?:identity|ethnicity|nationality|religion|age)|"
            + "(?:speculat|guess|make (?:any )?(?:guesses|assumptions))[^,;:.!?]{0,40}?\\b" + PERSON + "|"
            + "repeat|reproduce|spell (?:it |them |this |that )?out|transcrib|quote the (?:slur|word)|"
            + "read[^,;:.!?]{0,25}(?:text|print|caption|writing|words|letters|lettering)|make out|"
            + "describe[^,;:.!?]{0,30}in detail|verify (?:whether|if|that) the quote|comment on (?:its|the) accuracy|"
            + "(?:rate|score|give)[^,;:.!?]{0,25}(?:scale|numerical|number|score))";

    /** The model declining a part, before its verb ("I can't help with identifying") or after it ("Identifying ... isn't something I do"). */
    private static final Pattern DECLINED_PART = Pattern.compile(
            String.join(
                    "|",
                    "\\b(?:can ?(?:'|’)?t|cannot|can not|won ?(?:'|’)?t|will not|wouldn ?(?:'|’)?t|unable to|not able to|"
                            + "not going to|don ?(?:'|’)?t|do not|never|rather not|prefer not to|not comfortable|decline to|"
                            + "refrain from)\\b[^,;:.!?]{0,30}?\\b" + PART,
                    "\\b(?:identifying|recogni[sz]ing|naming|guessing)\\b[^,;:.!?]{0,40}?\\b(?:isn ?(?:'|’)?t|is not|"
                            + "not something i|something i (?:can ?(?:'|’)?t|cannot|won ?(?:'|’)?t|don ?(?:'|’)?t))\\b"
                            + "[^,;:.!?]{0,30}",
                    "\\bno identification\\b[^,;:.!?]{0,30}",
                    // the same in Spanish, French, German and Chinese: "no puedo identificar", "无法识别"
                    "(?:no puedo|je ne peux(?: pas)?|ich kann[^,;:.!?]{0,30}?nicht|无法|不能)[^,;:.!?]{0,30}?"
                            + "(?:identific|identifi|erkennen|识别|辨认)"),
            FLAGS);

    /** Where the declining clause ends: a comma, semicolon, colon or dash, or a word that turns from it. */
    private static final Pattern CLAUSE_END = Pattern.compile(
            "[,;:—–(，；：、]|\\b(?:but|however|though|although|yet|still|nonetheless|nevertheless|regardless|"
                    + "that said)\\b|\\b(?:pero|sin embargo|mais|cependant|aber|jedoch|però|ma|mas|porém|maar)\\b|"
                    + "但是|但|不过",
            FLAGS);

    private PartialDecline() {}

    /**
     * Where a clause that declines a part of the request begins, when it begins no later than {@code before}.
     *
     * @param sentence the sentence, idioms set aside
     * @param before   where the sentence's first decline of the task begins, or its length when it has none
     * @return the matcher positioned on the partial decline, or null when the sentence has none that early
     */
    static @Nullable Matcher at(String sentence, int before) {
        Matcher m = DECLINED_PART.matcher(sentence);
        return m.find() && m.start() <= before ? m : null;
    }

    /**
     * What the sentence says after its partial decline: the rest, from the end of the declining clause.
     *
     * @param sentence the sentence, idioms set aside
     * @param part     the partial decline found in it by {@link #at}
     * @return the rest of the sentence, or empty when the clause runs to its end
     */
    static String rest(String sentence, Matcher part) {
        Matcher end = CLAUSE_END.matcher(sentence);
        return end.find(part.end()) ? sentence.substring(end.end()) : "";
    }
}
