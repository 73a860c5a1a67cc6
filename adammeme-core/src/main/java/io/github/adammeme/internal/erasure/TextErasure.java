package io.github.adammeme.internal.erasure;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.image.MemeImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Which {@link TextEraser} a run uses ({@code adammeme.text-erasure}).
 *
 * @param mode      builtin, none or precomputed
 * @param directory precomputed: the folder of erased images; builtin: the cache of erased images
 */
@API(status = INTERNAL, since = "0.1.0")
public record TextErasure(Mode mode, Path directory) {

    /** How the printed text is removed from a meme's picture. */
    public enum Mode {
        /** by the built-in eraser (the default): Tesseract from Maven Central finds the words, their letters are filled in */
        BUILTIN,
        /** not at all: the original picture is sent */
        NONE,
        /** by reading an erased copy of each picture from a folder */
        PRECOMPUTED
    }

    /**
     * The value that chose the eraser of an installed Tesseract (Tess4J) and OpenCV's inpainting, removed: the built-in
     * eraser reads with the same Tesseract from Maven Central, changes fewer pixels, and needs nothing installed.
     */
    static final String REMOVED_OCR = "ocr";

    /** Where erased pictures are cached when no folder is named: beside the run, kept between builds. */
    public static final Path DEFAULT_CACHE = Path.of(".adammeme", "erased");

    /**
     * Defaults the cache of the erasers that keep one.
     *
     * @param mode      builtin, none or precomputed
     * @param directory precomputed: the folder of erased images; builtin: the cache, or null for the default
     */
    public TextErasure {
        if (directory == null && mode == Mode.BUILTIN) {
            directory = DEFAULT_CACHE;
        }
    }

    /** No erasure: the original picture is sent. */
    public static final TextErasure NONE = new TextErasure(Mode.NONE, null);

    /**
     * A mode by name, in any case.
     *
     * @param value builtin, none or precomputed
     * @return the mode
     * @throws IllegalArgumentException naming the allowed values, or what replaces the removed {@code ocr}
     */
    public static Mode mode(String value) {
        if (value.trim().equalsIgnoreCase(REMOVED_OCR)) {
            throw new IllegalArgumentException(
                    "the ocr eraser (Tess4J and OpenCV) was removed: use builtin, the default,"
                            + " which reads with Tesseract from Maven Central and needs nothing installed");
        }
        try {
            return Mode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("allowed: builtin, none, precomputed");
        }
    }

    /** Fails with what is missing: the erased-image folder or Tesseract's natives. */
    public void check() {
        if (mode == Mode.BUILTIN) {
            TesseractWords.check();
        }
        if (mode == Mode.PRECOMPUTED && (directory == null || !Files.isDirectory(directory))) {
            throw new IllegalArgumentException("the folder of erased images " + directory + " does not exist");
        }
    }

    /**
     * What this erasure does, for a run's console lines and summary.
     *
     * @return the mode and, in a few words, how it erases and where its pictures are
     */
    public String describe() {
        return switch (mode) {
            case BUILTIN ->
                "builtin (Tesseract from Maven Central finds the words, their letters are filled in from around them;"
                        + " erased pictures cached in " + directory.resolve(BuiltinTextEraser.VERSION) + ")";
            case NONE -> "none (the target sees each picture with its own text)";
            case PRECOMPUTED -> "precomputed (erased pictures read from " + directory + ")";
        };
    }

    /**
     * The eraser, checking that what it needs is there before any meme is read.
     *
     * @param images reads and prepares pictures
     * @return the eraser for this mode
     */
    public TextEraser create(MemeImages images) {
        return switch (mode) {
            case BUILTIN -> new BuiltinTextEraser(directory, images);
            case NONE -> TextEraser.NONE;
            case PRECOMPUTED -> new PrecomputedTextEraser(directory, images);
        };
    }
}
