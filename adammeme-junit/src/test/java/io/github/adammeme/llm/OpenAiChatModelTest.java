package io.github.adammeme.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.sim.SimulatedModelServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The openai-java adapter over real HTTP, against the built-in simulator. */
class OpenAiChatModelTest {

    private static SimulatedModelServer server;

    @BeforeAll
    static void start() {
        server = SimulatedModelServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static OpenAiChatModel model(String name) {
        return new OpenAiChatModel(new Endpoint(name, server.baseUrl(), null, Duration.ofSeconds(10)));
    }

    private static ChatRequest analysis(String memeText, ContentPart.Image image) {
        ChatMessage user = new ChatMessage(ChatMessage.Role.USER, List.of(new ContentPart.Text(
                "<meme_text>\n" + memeText + "\n</meme_text>\nQuestion: Evaluate the potential harmful impact of this meme on nationality."),
                image));
        return new ChatRequest("Target", List.of(ChatMessage.system("You analyse memes."), user), 0.0, 42, 256, 0, "d");
    }

    private static ContentPart.Image tinyPng() {
        byte[] png = java.util.Base64.getDecoder().decode(
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
        return new ContentPart.Image("image/png", png, CacheKey.sha256Hex(png));
    }

    @Test
    void sendsTextAndImagePartsAndReadsContentAndUsage() {
        try (OpenAiChatModel model = model("sim:oracle")) {
            ChatResponse response = model.complete(analysis("The chinese tourists took all the masks", tinyPng()));
            assertTrue(response.content().contains("harmful with respect to nationality"), response.content());
            assertEquals("stop", response.finishReason());
            assertTrue(response.usage().promptTokens() > 85, "the image is counted: " + response.usage());
            assertTrue(response.usage().completionTokens() > 0);
            assertFalse(response.fromCache());
        }
    }

    @Test
    void theSameRequestGetsTheSameAnswer() {
        try (OpenAiChatModel model = model("sim:keyword")) {
            ChatRequest request = analysis("Folks from over there took all the masks", tinyPng());
            assertEquals(model.complete(request).content(), model.complete(request).content());
        }
    }

    @Test
    void anUnknownModelFailsWithTheEndpointsOwnMessage() {
        try (OpenAiChatModel model = model("sim:nonexistent")) {
            ModelCallException e = assertThrows(ModelCallException.class, () -> model.complete(analysis("x", tinyPng())));
            assertTrue(e.getMessage().contains("404"), e.getMessage());
            assertTrue(e.getMessage().contains("sim:nonexistent"), e.getMessage());
        }
    }

    @Test
    void anUnreachableEndpointFailsWithAMessageNamingIt() {
        try (OpenAiChatModel model = new OpenAiChatModel(
                new Endpoint("gpt-4o", "http://127.0.0.1:9/v1", null, Duration.ofSeconds(2)))) {
            ModelCallException e = assertThrows(ModelCallException.class, () -> model.complete(analysis("x", tinyPng())));
            assertTrue(e.getMessage().contains("http://127.0.0.1:9/v1"), e.getMessage());
        }
    }

    @Test
    void aMissingKeyVariableIsNamedAndItsValueNeverAppears() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new OpenAiChatModel(
                new Endpoint("gpt-4o", "https://api.openai.com/v1", "ADAMMEME_TEST_KEY_THAT_IS_NOT_SET",
                        Duration.ofSeconds(2))));
        assertTrue(e.getMessage().contains("ADAMMEME_TEST_KEY_THAT_IS_NOT_SET"), e.getMessage());
    }
}
