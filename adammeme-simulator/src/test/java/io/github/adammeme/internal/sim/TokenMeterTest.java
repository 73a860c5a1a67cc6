package io.github.adammeme.internal.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The simulator's token model: OpenAI's published image tiles, four characters a token, and its prompt cache. */
class TokenMeterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static String png(int width, int height) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
            return "data:image/png;base64," + Base64.getEncoder().encodeToString(out.toByteArray());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void picturesCostWhatOpenAiPublishesForTheirSizeAndDetail() {
        // OpenAI's worked examples: 1024 x 1024 high is 4 tiles (765); 2048 x 4096 high is 768 x 1536, 6 tiles (1105).
        assertEquals(765, TokenMeter.imageTokens(png(1024, 1024), "high"));
        assertEquals(1105, TokenMeter.imageTokens(png(2048, 4096), "high"));
        assertEquals(85, TokenMeter.imageTokens(png(4096, 8192), "low"));
        // A meme prepared at 768 x 512: 2 x 1 tiles.
        assertEquals(425, TokenMeter.imageTokens(png(768, 512), "high"));
        assertEquals(
                425, TokenMeter.imageTokens(png(768, 512), "auto"), "auto looks closely at a picture over 512 pixels");
        assertEquals(85, TokenMeter.imageTokens(png(480, 360), "auto"), "and not at a small one");
        assertEquals(255, TokenMeter.imageTokens(png(480, 360), "high"));
    }

    private static JsonNode messages(String system, String picture, String detail, String text) {
        ArrayNode messages = JSON.createArrayNode();
        messages.addObject().put("role", "system").put("content", system);
        ArrayNode parts = messages.addObject().put("role", "user").putArray("content");
        if (picture != null) {
            ObjectNode url = parts.addObject()
                    .put("type", "image_url")
                    .putObject("image_url")
                    .put("url", picture);
            if (detail != null) {
                url.put("detail", detail);
            }
        }
        parts.addObject().put("type", "text").put("text", text);
        return messages;
    }

    @Test
    void textIsFourCharactersATokenWithAFewTokensPerMessage() {
        TokenMeter meter = new TokenMeter();
        TokenMeter.Count count = meter.count("m", messages("x".repeat(400), null, null, "y".repeat(400)));
        assertEquals(200 + 2 * TokenMeter.TOKENS_PER_MESSAGE + TokenMeter.REPLY_PRIMING, count.promptTokens());
        assertEquals(0, count.cachedTokens());
    }

    @Test
    void aRepeatedPrefixOfAtLeast1024TokensIsServedFromTheCacheIn128TokenSteps() {
        TokenMeter meter = new TokenMeter();
        String instructions = "s".repeat(4 * 1100);
        String picture = png(1024, 1024);
        assertEquals(
                0,
                meter.count("m", messages(instructions, picture, "high", "first meme text"))
                        .cachedTokens(),
                "nothing is cached on the first call");
        TokenMeter.Count again = meter.count("m", messages(instructions, picture, "high", "another text entirely"));
        // The identical part: 3 + 1100 + 3 + 765 tokens = 1871, served in whole steps of 128 from 1024: 1792.
        assertEquals(1792, again.cachedTokens());
        assertEquals(
                0,
                meter.count("other", messages(instructions, picture, "high", "x"))
                        .cachedTokens(),
                "each model has its own cache");
        assertEquals(
                1024,
                meter.count("m", messages(instructions, png(1024, 1023), "high", "x"))
                        .cachedTokens(),
                "another picture ends the shared prefix where it starts");
    }

    @Test
    void aPromptShorterThan1024TokensIsNeverCached() {
        TokenMeter meter = new TokenMeter();
        JsonNode small = messages("s".repeat(2000), png(600, 600), "low", "t");
        meter.count("m", small);
        TokenMeter.Count again = meter.count("m", small);
        assertTrue(again.promptTokens() < 1024, "the prompt is " + again.promptTokens() + " tokens");
        assertEquals(0, again.cachedTokens());
    }
}
