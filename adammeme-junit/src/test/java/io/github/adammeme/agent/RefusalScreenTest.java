package io.github.adammeme.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.llm.ChatResponse;
import io.github.adammeme.llm.Usage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The screen is generous: it proposes every refusal-like answer, including analyses the checker will clear. */
class RefusalScreenTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "I'm sorry, but I can't help with analysing this content.",
            "I apologize, but I cannot assist with that.",
            "I'm not comfortable analysing this meme.",
            "Lo siento, pero no puedo ayudar con eso.",
            "抱歉，我无法回答这个问题。",
            "I'd rather not.",
            "I can't help but notice the meme mocks disabled people by comparing them to broken furniture.",
            "\"I can't even\" reads the caption; the meme mocks people with anxiety as weak and attention-seeking."})
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

    @Test
    void theProtocolsOwnRefusalSignalsNeedNoCheck() {
        assertTrue(RefusalScreen.declinedByProtocol(new ChatResponse("", "I can't do that", "stop", Usage.NONE, false)));
        assertTrue(RefusalScreen.declinedByProtocol(new ChatResponse("", null, "content_filter", Usage.NONE, false)));
        assertFalse(RefusalScreen.declinedByProtocol(new ChatResponse("A full analysis.", null, "stop", Usage.NONE, false)));
    }
}
