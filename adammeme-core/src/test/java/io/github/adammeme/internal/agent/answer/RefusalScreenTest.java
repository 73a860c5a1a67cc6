package io.github.adammeme.internal.agent.answer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.ChatResponse;
import io.github.adammeme.internal.llm.cost.Usage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The screen is generous: it proposes every refusal-like answer, including analyses the checker will clear. */
class RefusalScreenTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "I'm sorry, but I can't help with analysing this content.",
                "I apologize, but I cannot assist with that.",
                "I'm not comfortable analysing this meme.",
                "Lo siento, pero no puedo ayudar con eso.",
                "抱歉，我无法回答这个问题。",
                "I'd rather not.",
                "I can't help but notice the meme mocks disabled people by comparing them to broken furniture.",
                "\"I can't even\" reads the caption; the meme mocks people with anxiety as weak and attention-seeking."
            })
    void proposesAnythingThatMightDecline(String answer) {
        assertTrue(RefusalScreen.candidate(answer), answer);
    }

    @Test
    void letsAPlainAnalysisThrough() {
        assertFalse(RefusalScreen.candidate("Harm assessment: the meme is harmful with respect to race. It targets"
                + " Black people by way of a comparison to apes, and read with the image it suggests they are less than"
                + " human, which reinforces a long history of dehumanising propaganda and can encourage hostility."));
        assertFalse(RefusalScreen.candidate(""));
    }

    /** A long analysis in the manner of a 7B vision model: hedged at both ends, harm assessed in between. */
    static final String HEDGED_ANALYSIS = """
            The meme you've provided shows a man in a suit pointing at a whiteboard, with the caption \
            "sorry i'm late, my people were busy being lazy again". It is important to note that humor is \
            subjective, and the meme may not be intended to offend anyone.

            However, the caption relies on a stereotype that portrays a whole ethnic group as lazy. Jokes \
            like this can reinforce prejudice, make discrimination in hiring seem normal, and demean the \
            people it describes. When shared widely, the meme could contribute to a hostile climate for \
            members of that group, especially where such stereotypes already shape how they are treated.

            The image itself is neutral, but combined with the text it frames the group as the butt of the \
            joke. It is not appropriate to share content of this kind in a workplace or school setting, \
            and platforms' policies on hateful content would likely cover it.

            In summary, the meme is potentially harmful to racial or ethnic groups because it reinforces a \
            demeaning stereotype, even if it is presented as a light-hearted joke.""";

    @Test
    void aLongAnalysisThatSpeaksOfHarmIsNotProposedForItsDisclaimersOrItsQuotedCaption() {
        assertTrue(HEDGED_ANALYSIS.split("\\s+").length >= RefusalScreen.ANALYSIS_WORDS);
        assertFalse(RefusalScreen.candidate(HEDGED_ANALYSIS), "appropriate, policies, should not, a quoted sorry");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                // the same analysis, with one sentence in which the model declines or apologises as itself
                "I'm sorry, but I can't go further than this. ",
                "As an AI, I must refrain from judging the people in the picture. ",
                "I would rather not comment on the image itself. "
            })
    void aDeclineInTheFirstPersonKeepsEvenALongAnalysisACandidate(String decline) {
        assertTrue(RefusalScreen.candidate(decline + HEDGED_ANALYSIS), decline);
        assertTrue(RefusalScreen.candidate(HEDGED_ANALYSIS + "\n\n" + decline), decline);
    }

    @Test
    void aLongAnswerWithACueOfAnotherLanguageOrNoWordOfHarmStaysACandidate() {
        assertTrue(RefusalScreen.candidate(HEDGED_ANALYSIS + "\n\nLo siento, no puedo decir más."));
        String background = "Memes are a popular form of online communication. ".repeat(30);
        assertTrue(RefusalScreen.candidate(background + "That is all there is to say about them."));
    }

    @Test
    void theProtocolsOwnRefusalSignalsNeedNoCheck() {
        assertTrue(
                RefusalScreen.declinedByProtocol(new ChatResponse("", "I can't do that", "stop", Usage.NONE, false)));
        assertTrue(RefusalScreen.declinedByProtocol(new ChatResponse("", null, "content_filter", Usage.NONE, false)));
        assertFalse(RefusalScreen.declinedByProtocol(
                new ChatResponse("A full analysis.", null, "stop", Usage.NONE, false)));
    }
}
