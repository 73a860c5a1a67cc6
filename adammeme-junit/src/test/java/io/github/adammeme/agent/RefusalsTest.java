package io.github.adammeme.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.llm.ChatResponse;
import io.github.adammeme.llm.Usage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RefusalsTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "I'm sorry, but I can't help with analysing this content.",
            "I can't assist with that.",
            "I cannot help with this request.",
            "Sorry, I won't analyse memes like this.",
            "I'm unable to provide an analysis of this image.",
            "I am not able to evaluate this content.",
            "As an AI developed to be safe, I cannot engage with hateful material.",
            "I must decline this task.",
            "I’m sorry, but I can’t comply with that request."})
    void recognisesRefusals(String answer) {
        assertTrue(Refusals.isRefusal(answer), answer);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "I'm sorry to hear that. The meme mocks Muslims by implying they are violent.",
            "The meme shows a man saying \"I can't help it\" while mocking disabled people.",
            "This meme is harmful: it suggests women cannot do maths. I cannot overstate how common this trope is.",
            "Harm assessment: the meme is harmful with respect to race.",
            ""})
    void doesNotMistakeAnalysesForRefusals(String answer) {
        assertFalse(Refusals.isRefusal(answer), answer);
    }

    @Test
    void theProtocolsOwnRefusalSignalsCount() {
        assertTrue(Refusals.isRefusal(new ChatResponse("", "I can't do that", "stop", Usage.NONE, false)));
        assertTrue(Refusals.isRefusal(new ChatResponse("", null, "content_filter", Usage.NONE, false)));
        assertFalse(Refusals.isRefusal(new ChatResponse("A full analysis.", null, "stop", Usage.NONE, false)));
    }
}
