package io.github.adammeme.internal.erasure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.adammeme.internal.data.JsonlDatasetLoader;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.ContentPart;
import io.qameta.allure.Allure;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OCR and inpainting against Tesseract and OpenCV for real. What counts is what OCR can still read
 * after erasure, measured with the same OCR. Needs Debian's tesseract-ocr-eng (CI installs it).
 */
class OcrTextEraserTest {

    /** The real datasets, when a checkout of the shared data sits beside this one. */
    private static final Path SHARED = Path.of("..", "..", "shared", "data");

    @TempDir
    static Path dir;

    static OcrTextEraser eraser;

    @BeforeAll
    static void tesseract() {
        assumeTrue(
                Files.exists(TextErasure.defaultTessdata().resolve("eng.traineddata")),
                "Tesseract's English data is not installed (apt-get install tesseract-ocr-eng)");
        eraser = (OcrTextEraser)
                new TextErasure(TextErasure.Mode.OCR, dir.resolve("cache"), TextErasure.defaultTessdata())
                        .create(new MemeImages(2048));
    }

    private static Set<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+"))
                .filter(w -> w.length() >= 3)
                .collect(Collectors.toSet());
    }

    private static long found(Set<String> expected, String ocr) {
        Set<String> read = words(ocr);
        return expected.stream().filter(read::contains).count();
    }

    private static void attach(String name, BufferedImage image) throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(image, "png", png);
        Allure.addAttachment(name, "image/png", new ByteArrayInputStream(png.toByteArray()), "png");
    }

    @Test
    void erasedImagesKeepAtMostATenthOfTheWordsOcrReadOnTheOriginals() throws Exception {
        long drawn = 0;
        long before = 0;
        long after = 0;
        int images = 16; // two of each background
        for (int i = 0; i < images; i++) {
            String caption = SyntheticMemes.CAPTIONS.get(i);
            BufferedImage original = SyntheticMemes.draw(caption, i);
            List<OcrTextEraser.ReadWord> read = eraser.words(original);
            BufferedImage erased = OcrTextEraser.erase(
                    original, read.stream().map(OcrTextEraser.ReadWord::box).toList());
            Set<String> expected = words(caption);
            drawn += expected.size();
            // before and after are read the same way: a full OCR pass over the picture
            before += found(expected, eraser.read(original));
            after += found(expected, eraser.read(erased));
            if (i < 3) {
                attach("before: " + caption, original);
                attach("after: " + caption, erased);
            }
        }
        double share = (double) after / before;
        System.out.printf(
                "text erasure on %d drawn memes: of %d caption words OCR read %d before erasure and %d after"
                        + " (%.1f%%)%n",
                images, drawn, before, after, 100 * share);
        assertTrue(before >= drawn * 0.6, "OCR reads most drawn caption words: " + before + " of " + drawn);
        assertTrue(share <= 0.10, "after erasure OCR still reads " + after + " of " + before + " words");
    }

    @Test
    void onRealHarMemeImagesErasureRemovesMostOfWhatOcrCouldRead() throws Exception {
        Path annotations = SHARED.resolve("harmeme-val/annotations/val.jsonl");
        assumeTrue(Files.exists(annotations), "../shared/data is not beside this checkout");
        List<Meme> memes = JsonlDatasetLoader.load(annotations, null).stream()
                .filter(m -> words(m.text()).size() >= 5)
                .limit(5)
                .toList();
        MemeImages images = new MemeImages(2048);
        long dataset = 0;
        long before = 0;
        long after = 0;
        for (Meme meme : memes) {
            Set<String> expected = new HashSet<>(words(meme.text()));
            BufferedImage original = images.pixels(meme.image());
            ContentPart.Image erasedPart = eraser.erase(meme, images.load(meme.image()));
            BufferedImage erased = ImageIO.read(new ByteArrayInputStream(erasedPart.bytes()));
            dataset += expected.size();
            before += found(expected, eraser.read(original));
            after += found(expected, eraser.read(erased));
            attach("before: " + meme.id(), original);
            attach("after: " + meme.id(), erased);
        }
        System.out.printf(
                "text erasure on %d HarMeme images: of %d words in their 'text', OCR read %d before"
                        + " and %d after erasure (%.1f%% of what it read)%n",
                memes.size(), dataset, before, after, 100.0 * after / before);
        assertEquals(5, memes.size());
        assertTrue(after * 4 <= before, "erasure removes most of what OCR could read: " + after + " of " + before);
    }

    @Test
    void erasedImagesAreCachedByTheOriginalsDigest() throws Exception {
        ErasureCache.servesASecondErasureFromTheCache(eraser, dir, dir.resolve("cache"));
    }
}
