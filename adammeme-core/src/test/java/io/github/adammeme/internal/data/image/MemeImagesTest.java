package io.github.adammeme.internal.data.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.llm.ContentPart;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Random;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemeImagesTest {

    @TempDir
    Path dir;

    @Test
    void theTypeComesFromTheBytesNotTheName() throws Exception {
        Path misnamed = dir.resolve("meme.jpg");
        ImageIO.write(SyntheticMemes.draw("hello", 1), "png", misnamed.toFile());
        ContentPart.Image image = new MemeImages(ImageLimits.defaults()).load(misnamed);
        assertEquals("image/png", image.mimeType());
        assertTrue(image.dataUrl().startsWith("data:image/png;base64,"));
    }

    @Test
    void aReportsCopyOfAPictureIsASmallJpegEvenOfNoise() throws Exception {
        // Noise is what compresses worst: a 2000 x 1500 PNG of it is megabytes, as a meme with refined text drawn is.
        BufferedImage noise = new BufferedImage(2000, 1500, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(7);
        for (int y = 0; y < noise.getHeight(); y++) {
            for (int x = 0; x < noise.getWidth(); x++) {
                noise.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        Path file = dir.resolve("noise.png");
        ImageIO.write(noise, "png", file.toFile());
        assertTrue(Files.size(file) > 5_000_000, "a picture of megabytes: " + Files.size(file));

        byte[] copy = new MemeImages(ImageLimits.defaults()).jpegCopy(file, 768, 200 << 10);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(copy));
        assertTrue(copy.length <= 200 << 10, copy.length + " bytes");
        assertEquals("image/jpeg", MemeImages.mimeType(copy));
        assertTrue(
                decoded.getWidth() <= 768 && decoded.getHeight() <= 576,
                decoded.getWidth() + " x " + decoded.getHeight());

        Path small = dir.resolve("small.png");
        ImageIO.write(SyntheticMemes.draw("hello", 1), "png", small.toFile());
        BufferedImage kept = ImageIO.read(
                new ByteArrayInputStream(new MemeImages(ImageLimits.defaults()).jpegCopy(small, 768, 200 << 10)));
        BufferedImage original = ImageIO.read(small.toFile());
        assertEquals(
                original.getWidth() + " x " + original.getHeight(),
                kept.getWidth() + " x " + kept.getHeight(),
                "a picture already small keeps its size");
    }

    @Test
    void aLargeImageIsDownscaledToTheLongestSide() throws Exception {
        Path file = dir.resolve("big.jpg");
        ImageIO.write(new BufferedImage(1600, 800, BufferedImage.TYPE_INT_RGB), "jpg", file.toFile());
        ContentPart.Image image = new MemeImages(ImageLimits.defaults().withMaxSide(400)).load(file);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(image.bytes()));
        assertEquals(400, decoded.getWidth());
        assertEquals(200, decoded.getHeight());
    }

    @Test
    void aDownscaledPhotographSavedAsPngGoesAsJpegAndADrawingStaysPng() throws Exception {
        BufferedImage photo = new BufferedImage(1200, 900, BufferedImage.TYPE_INT_RGB);
        Random grain = new Random(3);
        for (int y = 0; y < photo.getHeight(); y++) {
            for (int x = 0; x < photo.getWidth(); x++) {
                photo.setRGB(x, y, (x / 5 + y / 7 + grain.nextInt(40)) * 0x010101 & 0xffffff);
            }
        }
        Path photoFile = dir.resolve("photo.png");
        ImageIO.write(photo, "png", photoFile.toFile());
        ContentPart.Image sentPhoto = new MemeImages(ImageLimits.defaults().withMaxSide(600)).load(photoFile);
        assertEquals("image/jpeg", sentPhoto.mimeType());
        assertEquals(
                600, ImageIO.read(new ByteArrayInputStream(sentPhoto.bytes())).getWidth());

        Path drawing = writePng(); // flat colours and a caption
        ContentPart.Image sentDrawing = new MemeImages(ImageLimits.defaults().withMaxSide(240)).load(drawing);
        assertEquals("image/png", sentDrawing.mimeType());
        assertEquals(
                240, ImageIO.read(new ByteArrayInputStream(sentDrawing.bytes())).getWidth());
    }

    @Test
    void missingAndCorruptImagesGetErrorsNamingTheFile() throws Exception {
        Path gone = dir.resolve("gone.png");
        assertEquals(
                "image " + gone + " does not exist",
                assertThrows(ImageException.class, () -> new MemeImages(ImageLimits.defaults()).load(gone))
                        .getMessage());
        Path text = dir.resolve("notes.png");
        Files.writeString(text, "not an image");
        assertEquals(
                "image " + text + " is not a PNG, JPEG, GIF or WebP file",
                assertThrows(ImageException.class, () -> new MemeImages(ImageLimits.defaults()).load(text))
                        .getMessage());
        Path truncated = dir.resolve("truncated.png");
        byte[] png = Files.readAllBytes(writePng());
        Files.write(truncated, Arrays.copyOf(png, 40));
        assertEquals(
                "image " + truncated + " is corrupt: it ends before its IEND chunk (truncated?)",
                assertThrows(ImageException.class, () -> new MemeImages(ImageLimits.defaults()).load(truncated))
                        .getMessage());
        // Small RGB memes are sent without decoding them; cut short after their header, they are still refused.
        Path cutPng = dir.resolve("cut.png");
        Files.write(cutPng, Arrays.copyOf(png, png.length - 20));
        String cut = assertThrows(ImageException.class, () -> new MemeImages(ImageLimits.defaults()).load(cutPng))
                .getMessage();
        assertTrue(
                cut.matches("image \\Q" + cutPng + "\\E is corrupt: its IDAT chunk at byte \\d+ claims \\d+ bytes,"
                        + " past the end of the file at byte " + (png.length - 20)),
                cut);
        Path jpeg = dir.resolve("whole.jpg");
        ImageIO.write(SyntheticMemes.draw("a photo", 2), "jpg", jpeg.toFile());
        assertEquals(
                "image/jpeg", new MemeImages(ImageLimits.defaults()).load(jpeg).mimeType());
        byte[] jpegBytes = Files.readAllBytes(jpeg);
        Path cutJpeg = dir.resolve("cut.jpg");
        Files.write(cutJpeg, Arrays.copyOf(jpegBytes, jpegBytes.length / 2));
        assertEquals(
                "image " + cutJpeg + " is corrupt: it ends before its end-of-image marker (truncated?)",
                assertThrows(ImageException.class, () -> new MemeImages(ImageLimits.defaults()).load(cutJpeg))
                        .getMessage());
    }

    @Test
    void aSmallRgbImageIsSentAsItsOwnBytes() throws Exception {
        Path file = writePng();
        ContentPart.Image image = new MemeImages(ImageLimits.defaults()).load(file);
        assertTrue(Arrays.equals(Files.readAllBytes(file), image.bytes()));
    }

    @Test
    void aPictureSentAsItIsIsReadAgainAndOneRewrittenInPlaceIsPreparedAfresh() throws Exception {
        Path file = dir.resolve("meme.png");
        ImageIO.write(SyntheticMemes.draw("first", 1), "png", file.toFile());
        MemeImages images = new MemeImages(ImageLimits.defaults());
        ContentPart.Image first = images.load(file);
        assertEquals(first, images.load(file));
        assertTrue(Arrays.equals(Files.readAllBytes(file), images.load(file).bytes()));

        // Other bytes of the same length under the same modification time (its end cut off, zeros in
        // its place): the digest tells them apart, and they are checked again rather than sent.
        byte[] cut = Files.readAllBytes(file);
        Arrays.fill(cut, cut.length - 100, cut.length, (byte) 0);
        FileTime modified = Files.getLastModifiedTime(file);
        Files.write(file, cut);
        Files.setLastModifiedTime(file, modified);
        assertThrows(ImageException.class, () -> images.load(file));
    }

    @Test
    void aConvertedPictureIsPreparedOnce() throws Exception {
        Path file = dir.resolve("grey.png");
        BufferedImage grey = new BufferedImage(200, 100, BufferedImage.TYPE_BYTE_GRAY);
        grey.createGraphics().drawImage(SyntheticMemes.draw("grey", 3), 0, 0, 200, 100, null);
        ImageIO.write(grey, "png", file.toFile());
        MemeImages images = new MemeImages(ImageLimits.defaults());
        ContentPart.Image first = images.load(file);
        assertTrue(first.bytes() == images.load(file).bytes(), "the converted bytes are kept, not made again");
    }

    @Test
    void greyPaletteAlphaAndSixteenBitImagesBecomeEightBitRgb() throws Exception {
        BufferedImage base = SyntheticMemes.draw("normalise me", 4);
        int[] types = {
            BufferedImage.TYPE_BYTE_GRAY,
            BufferedImage.TYPE_BYTE_INDEXED,
            BufferedImage.TYPE_INT_ARGB,
            BufferedImage.TYPE_USHORT_GRAY
        };
        for (int type : types) {
            BufferedImage converted = new BufferedImage(base.getWidth(), base.getHeight(), type);
            converted.createGraphics().drawImage(base, 0, 0, null);
            Path file = dir.resolve("t" + type + ".png");
            ImageIO.write(converted, "png", file.toFile());
            ContentPart.Image image = new MemeImages(ImageLimits.defaults()).load(file);
            assertEquals("image/png", image.mimeType());
            BufferedImage sent = ImageIO.read(new ByteArrayInputStream(image.bytes()));
            assertEquals(3, sent.getColorModel().getNumComponents(), "type " + type);
            assertEquals(8, sent.getColorModel().getComponentSize(0), "type " + type);
            assertEquals(false, sent.getColorModel().hasAlpha(), "type " + type);
        }
    }

    @Test
    void aFourChannelCmykJpegIsReadAndConverted() throws Exception {
        WritableRaster cmyk = Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, 64, 48, 4, null);
        for (int y = 0; y < 48; y++) {
            for (int x = 0; x < 64; x++) {
                cmyk.setSample(x, y, 0, x * 4);
                cmyk.setSample(x, y, 1, y * 5);
                cmyk.setSample(x, y, 3, 30);
            }
        }
        Path file = dir.resolve("cmyk.jpg");
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        try (var out = ImageIO.createImageOutputStream(file.toFile())) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(cmyk, null, null), null);
        }
        ContentPart.Image image = new MemeImages(ImageLimits.defaults()).load(file);
        BufferedImage sent = ImageIO.read(new ByteArrayInputStream(image.bytes()));
        assertEquals(64, sent.getWidth());
        assertEquals(3, sent.getColorModel().getNumComponents());
    }

    @Test
    void anImageOverThePixelLimitIsRefusedBeforeDecoding() throws Exception {
        Path file = dir.resolve("wide.png");
        ImageIO.write(new BufferedImage(300, 200, BufferedImage.TYPE_INT_RGB), "png", file.toFile());
        ImageException e = assertThrows(
                ImageException.class,
                () -> new MemeImages(ImageLimits.defaults().withMaxPixels(50_000)).load(file));
        assertEquals(
                "image " + file + " is 300 x 200 = 60000 pixels, over the limit of 50000 (adammeme.image.max-pixels);"
                        + " it was not decoded",
                e.getMessage());
        // A header that claims 100000 x 100000 with almost no data behind it: refused from the header alone.
        byte[] png = Files.readAllBytes(file);
        ByteBuffer.wrap(png).putInt(16, 100_000).putInt(20, 100_000);
        Path bomb = dir.resolve("bomb.png");
        Files.write(bomb, png);
        assertEquals(
                "image " + bomb + " is 100000 x 100000 = 10000000000 pixels, over the limit of 40000000"
                        + " (adammeme.image.max-pixels); it was not decoded",
                assertThrows(ImageException.class, () -> new MemeImages(ImageLimits.defaults()).load(bomb))
                        .getMessage());
    }

    private Path writePng() throws Exception {
        Path file = dir.resolve("ok.png");
        ImageIO.write(SyntheticMemes.draw("ok", 2), "png", file.toFile());
        return file;
    }
}
