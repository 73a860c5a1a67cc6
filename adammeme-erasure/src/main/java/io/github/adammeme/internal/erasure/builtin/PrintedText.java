package io.github.adammeme.internal.erasure.builtin;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The text printed on a picture, as the built-in eraser finds it: the words Tesseract reads with the confidence and
 * the shape of letters ({@link BuiltinTextEraser#plausible}), in reading order. What the eraser removes is exactly
 * what this reads, so a picture it erased reads as (nearly) blank here. The simulator's picture-reading persona
 * reads with it.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PrintedText {

    /** Two readings of one word overlap by at least this share of the smaller box. */
    private static final double SAME_WORD = 0.5;

    private PrintedText() {}

    /**
     * Reads the words printed on a picture.
     *
     * @param picture the picture
     * @return its words in reading order, top line first, separated by spaces; empty when none is legible
     * @throws IllegalStateException when Tesseract's natives for this platform are not on the classpath
     */
    public static String read(BufferedImage picture) {
        List<TesseractWords.Word> kept = new ArrayList<>();
        // Tesseract reads a picture twice (its grey and its white letters): each word once, its surer reading.
        tesseract().read(picture).stream()
                .filter(w -> BuiltinTextEraser.plausible(w, picture.getHeight()))
                .sorted(Comparator.comparingDouble(TesseractWords.Word::confidence)
                        .reversed())
                .forEach(w -> {
                    if (kept.stream().noneMatch(k -> overlap(k.box(), w.box()) >= SAME_WORD)) {
                        kept.add(w);
                    }
                });
        kept.sort(Comparator.comparingInt((TesseractWords.Word w) -> line(w, kept))
                .thenComparingInt(w -> w.box().x));
        return String.join(" ", kept.stream().map(TesseractWords.Word::text).toList());
    }

    /** The top of the highest word whose line this word shares (its vertical middle lies within that word's height). */
    private static int line(TesseractWords.Word word, List<TesseractWords.Word> all) {
        int middle = word.box().y + word.box().height / 2;
        return all.stream()
                .map(TesseractWords.Word::box)
                .filter(b -> middle >= b.y && middle <= b.y + b.height)
                .mapToInt(b -> b.y)
                .min()
                .orElse(word.box().y);
    }

    private static double overlap(Rectangle a, Rectangle b) {
        Rectangle both = a.intersection(b);
        if (both.isEmpty()) {
            return 0;
        }
        double smaller = Math.min((double) a.width * a.height, (double) b.width * b.height);
        return smaller == 0 ? 0 : both.width * (double) both.height / smaller;
    }

    /** The process's one Tesseract pool, shared with the eraser. */
    private static TesseractWords tesseract() {
        return TesseractWords.shared();
    }
}
