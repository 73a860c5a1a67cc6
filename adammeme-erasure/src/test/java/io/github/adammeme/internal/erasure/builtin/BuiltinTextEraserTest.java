package io.github.adammeme.internal.erasure.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.llm.ContentPart;
import io.qameta.allure.Allure;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default eraser on what a fresh machine has: Tesseract's natives from Maven Central and the
 * model inside the jar. Synthetic memes are drawn twice, with and without their caption, so where
 * the caption is, and what the picture is without it, are known to the pixel.
 */
class BuiltinTextEraserTest {

    @TempDir
    static Path dir;

    static BuiltinTextEraser eraser;
    static TesseractWords reader;

    @BeforeAll
    static void start() {
        eraser = (BuiltinTextEraser) new TextErasure(TextErasure.Mode.BUILTIN, dir.resolve("cache"))
                .create(new MemeImages(ImageLimits.defaults().withMaxSide(2048)));
        reader = TesseractWords.shared();
    }

    private static Set<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+"))
                .filter(w -> w.length() >= 3)
                .collect(Collectors.toSet());
    }

    private static long read(Set<String> expected, BufferedImage picture) {
        Set<String> read = reader.read(picture).stream()
                .flatMap(w -> words(w.text()).stream())
                .collect(Collectors.toSet());
        return expected.stream().filter(read::contains).count();
    }

    @Test
    void everyEraserOfAProcessReadsWithItsOneTesseractPool() {
        // A pool per run held each run's native models to the end of the process.
        BuiltinTextEraser another =
                (BuiltinTextEraser) new TextErasure(TextErasure.Mode.BUILTIN, dir.resolve("cache-2"))
                        .create(new MemeImages(ImageLimits.defaults().withMaxSide(512)));
        assertSame(reader, TesseractWords.shared());
        assertSame(eraser.tesseract(), another.tesseract());
        assertSame(reader, another.tesseract());
    }

    @Test
    void captionsAreErasedAndTheRestOfThePictureIsKept() throws Exception {
        long before = 0;
        long after = 0;
        long outside = 0;
        long changedOutside = 0;
        long caption = 0;
        long filledNearBackground = 0;
        for (int i = 0; i < 12; i++) {
            String text = SyntheticMemes.CAPTIONS.get(i);
            BufferedImage original = SyntheticMemes.draw(text, i);
            BufferedImage background = SyntheticMemes.draw("", i);
            BufferedImage erased = eraser.erase(original);
            Set<String> expected = words(text);
            before += read(expected, original);
            after += read(expected, erased);
            boolean[] captionArea =
                    grown(differs(original, background, 0), original.getWidth(), original.getHeight(), 4);
            for (int p = 0; p < captionArea.length; p++) {
                int x = p % original.getWidth();
                int y = p / original.getWidth();
                if (captionArea[p]) {
                    caption++;
                    // what was behind the caption: the fill comes close to it (within 48 levels a channel)
                    if (!differ(erased.getRGB(x, y), background.getRGB(x, y), 48)) {
                        filledNearBackground++;
                    }
                } else {
                    outside++;
                    if (differ(erased.getRGB(x, y), original.getRGB(x, y), 0)) {
                        changedOutside++;
                    }
                }
            }
            if (i < 3) {
                attach("before: " + text, original);
                attach("after: " + text, erased);
            }
        }
        System.out.printf(
                "built-in erasure of 12 drawn memes: Tesseract read %d caption words before and %d after; %.2f%% of"
                        + " the pixels away from the captions changed; %.1f%% of the caption's pixels filled close to what lay behind%n",
                before, after, 100.0 * changedOutside / outside, 100.0 * filledNearBackground / caption);
        assertTrue(before >= 30, "Tesseract reads the drawn captions: " + before + " words");
        assertTrue(after * 10 <= before, "at most a tenth of the words are still read: " + after + " of " + before);
        assertTrue(
                changedOutside * 100 < outside,
                "under 1% of the pixels away from the captions change: " + changedOutside + " of " + outside);
        assertTrue(
                filledNearBackground * 10 >= caption * 8,
                "the fill looks like what was behind the caption: " + filledNearBackground + " of " + caption);
    }

    @Test
    void aPictureWithoutTextIsLeftAsItIs() {
        BufferedImage background = SyntheticMemes.draw("", 5);
        assertEquals(0, differing(background, eraser.erase(background)));
    }

    @Test
    void theFillChangesOnlyMaskedPixelsAndTakesTheirSurroundings() {
        BufferedImage picture = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 30; y++) {
            for (int x = 0; x < 40; x++) {
                picture.setRGB(x, y, x < 20 ? 0x2060a0 : 0xe0c040);
            }
        }
        boolean[] mask = new boolean[40 * 30];
        for (int x = 5; x < 35; x++) {
            mask[15 * 40 + x] = true; // a stroke across both halves
            picture.setRGB(x, 15, 0xffffff);
        }
        BufferedImage filled = Inpainting.fill(picture, mask);
        for (int y = 0; y < 30; y++) {
            for (int x = 0; x < 40; x++) {
                if (!mask[y * 40 + x]) {
                    assertEquals(picture.getRGB(x, y), filled.getRGB(x, y), "unmasked pixel " + x + "," + y);
                }
            }
        }
        assertEquals(0x2060a0, filled.getRGB(8, 15) & 0xffffff, "the stroke's left part takes the left colour");
        assertEquals(0xe0c040, filled.getRGB(31, 15) & 0xffffff, "and its right part the right colour");
    }

    @Test
    void theMaskTakesEveryLetterAndStaysInsideTheWordsBoxGrownALittle() {
        BufferedImage picture = SyntheticMemes.draw("", 2);
        BufferedImage captioned = SyntheticMemes.draw("MASK ME", 2);
        Rectangle box = bounds(differs(captioned, picture, 0), picture.getWidth());
        // the letters and their outline, not the faintest anti-aliasing at their edge
        boolean[] letters = differs(captioned, picture, 32);
        boolean[] mask = LetterMask.of(captioned, List.of(box));
        Rectangle grown = new Rectangle(box);
        int pad = (int) Math.round(box.height * LetterMask.GROWTH);
        grown.grow(pad, pad);
        long missed = 0;
        long strayed = 0;
        for (int p = 0; p < mask.length; p++) {
            if (letters[p] && !mask[p]) {
                missed++;
            }
            if (mask[p] && !grown.contains(p % picture.getWidth(), p / picture.getWidth())) {
                strayed++;
            }
        }
        assertEquals(0, missed, "every pixel the caption visibly drew is masked");
        assertEquals(0, strayed, "no pixel outside the word's box grown by a fifth of its height is masked");
        assertTrue(
                count(mask) < (long) grown.width * grown.height * 9 / 10,
                "the box's background around the letters is kept: " + count(mask) + " of "
                        + grown.width * grown.height);
    }

    @Test
    void erasedPicturesAreCachedByTheOriginalsDigest() throws Exception {
        ErasureCache.servesASecondErasureFromTheCache(
                eraser, dir, dir.resolve("cache").resolve(BuiltinTextEraser.VERSION));
    }

    @Test
    void aPictureTheEraserCannotReadIsAnErrorNamingItsMeme() {
        Meme meme = new Meme("t:broken", "t", "text", dir.resolve("broken.png"), List.of(), "test");
        byte[] junk = "not a picture at all".getBytes();
        ImageException e = assertThrows(
                ImageException.class,
                () -> eraser.erase(meme, new ContentPart.Image("image/png", junk, "0".repeat(64))));
        assertTrue(e.getMessage().contains("t:broken"), e.getMessage());
    }

    private static boolean differ(int a, int b, int tolerance) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((a >> shift) & 0xff) - ((b >> shift) & 0xff)) > tolerance) {
                return true;
            }
        }
        return false;
    }

    private static boolean[] differs(BufferedImage a, BufferedImage b, int tolerance) {
        boolean[] d = new boolean[a.getWidth() * a.getHeight()];
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                d[y * a.getWidth() + x] = differ(a.getRGB(x, y), b.getRGB(x, y), tolerance);
            }
        }
        return d;
    }

    private static long differing(BufferedImage a, BufferedImage b) {
        return count(differs(a, b, 0));
    }

    private static long count(boolean[] flags) {
        long n = 0;
        for (boolean f : flags) {
            if (f) {
                n++;
            }
        }
        return n;
    }

    private static boolean[] grown(boolean[] area, int width, int height, int by) {
        boolean[] out = new boolean[area.length];
        for (int p = 0; p < area.length; p++) {
            if (!area[p]) {
                continue;
            }
            int x = p % width;
            int y = p / width;
            for (int yy = Math.max(0, y - by); yy <= Math.min(height - 1, y + by); yy++) {
                for (int xx = Math.max(0, x - by); xx <= Math.min(width - 1, x + by); xx++) {
                    out[yy * width + xx] = true;
                }
            }
        }
        return out;
    }

    private static Rectangle bounds(boolean[] area, int width) {
        Rectangle r = null;
        for (int p = 0; p < area.length; p++) {
            if (area[p]) {
                Rectangle pixel = new Rectangle(p % width, p / width, 1, 1);
                r = r == null ? pixel : r.union(pixel);
            }
        }
        return r;
    }

    private static void attach(String name, BufferedImage image) throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        Allure.addAttachment(name, "image/png", new ByteArrayInputStream(png.toByteArray()), "png");
    }
}
