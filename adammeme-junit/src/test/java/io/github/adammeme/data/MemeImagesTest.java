package io.github.adammeme.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.llm.ContentPart;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemeImagesTest {

    @TempDir
    Path dir;

    @Test
    void theTypeComesFromTheBytesNotTheName() throws Exception {
        Path misnamed = dir.resolve("meme.jpg");
        ImageIO.write(SyntheticMemes.draw("hello", 1), "png", misnamed.toFile());
        ContentPart.Image image = new MemeImages(768).load(misnamed);
        assertEquals("image/png", image.mimeType());
        assertTrue(image.dataUrl().startsWith("data:image/png;base64,"));
    }

    @Test
    void aLargeImageIsDownscaledToTheLongestSide() throws Exception {
        Path file = dir.resolve("big.jpg");
        ImageIO.write(new BufferedImage(1600, 800, BufferedImage.TYPE_INT_RGB), "jpg", file.toFile());
        ContentPart.Image image = new MemeImages(400).load(file);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(image.bytes()));
        assertEquals(400, decoded.getWidth());
        assertEquals(200, decoded.getHeight());
    }

    @Test
    void missingAndCorruptImagesGetErrorsNamingTheFile() throws Exception {
        ImageException missing = assertThrows(ImageException.class, () -> new MemeImages(768).load(dir.resolve("gone.png")));
        assertTrue(missing.getMessage().contains("gone.png") && missing.getMessage().contains("does not exist"));
        Path text = dir.resolve("notes.png");
        Files.writeString(text, "not an image");
        assertTrue(assertThrows(ImageException.class, () -> new MemeImages(768).load(text)).getMessage()
                .contains("is not a PNG, JPEG, GIF or WebP"));
        Path truncated = dir.resolve("truncated.png");
        byte[] png = Files.readAllBytes(writePng());
        Files.write(truncated, java.util.Arrays.copyOf(png, 40));
        assertTrue(assertThrows(ImageException.class, () -> new MemeImages(768).load(truncated)).getMessage()
                .contains("truncated.png"));
    }

    private Path writePng() throws Exception {
        Path file = dir.resolve("ok.png");
        ImageIO.write(SyntheticMemes.draw("ok", 2), "png", file.toFile());
        return file;
    }
}
