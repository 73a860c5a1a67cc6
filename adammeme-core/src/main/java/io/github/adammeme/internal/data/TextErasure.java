package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Which {@link TextEraser} a run uses ({@code adammeme.text-erasure}).
 *
 * @param mode      builtin, none, precomputed or ocr
 * @param directory precomputed: the folder of erased images; builtin and ocr: the cache of erased images
 * @param tessdata  ocr: Tesseract's language data folder
 */
@API(status = INTERNAL, since = "0.1.0")
public record TextErasure(Mode mode, Path directory, Path tessdata) {

    /** How the printed text is removed from a meme's picture. */
    public enum Mode {
        /** by the built-in eraser (the default): Tesseract from Maven Central finds the words, their letters are filled in */
        BUILTIN,
        /** not at all: the original picture is sent */
        NONE,
        /** by reading an erased copy of each picture from a folder */
        PRECOMPUTED,
        /** by an installed Tesseract (Tess4J) and OpenCV's inpainting of the words' boxes, cached on disk */
        OCR
    }

    /** Where erased pictures are cached when no folder is named: beside the run, kept between builds. */
    public static final Path DEFAULT_CACHE = Path.of(".adammeme", "erased");

    /**
     * Defaults the cache of the erasers that keep one.
     *
     * @param mode      builtin, none, precomputed or ocr
     * @param directory precomputed: the folder of erased images; builtin and ocr: the cache, or null for the default
     * @param tessdata  ocr: Tesseract's language data folder
     */
    public TextErasure {
        if (directory == null && (mode == Mode.BUILTIN || mode == Mode.OCR)) {
            directory = DEFAULT_CACHE;
        }
    }

    /** No erasure: the original picture is sent. */
    public static final TextErasure NONE = new TextErasure(Mode.NONE, null, null);

    /**
     * Debian's tesseract-ocr-eng puts it here; TESSDATA_PREFIX wins when set.
     *
     * @return the language data folder
     */
    public static Path defaultTessdata() {
        String env = System.getenv("TESSDATA_PREFIX");
        return Path.of(env != null && !env.isBlank() ? env : "/usr/share/tesseract-ocr/5/tessdata");
    }

    /**
     * A mode by name, in any case.
     *
     * @param value builtin, none, precomputed or ocr
     * @return the mode
     * @throws IllegalArgumentException naming the allowed values
     */
    public static Mode mode(String value) {
        try {
            return Mode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("allowed: builtin, none, precomputed, ocr");
        }
    }

    /** Fails with what is missing: the erased-image folder, Tesseract's natives, or the OCR libraries and language data. */
    public void check() {
        if (mode == Mode.BUILTIN) {
            TesseractWords.check();
        }
        if (mode == Mode.PRECOMPUTED && (directory == null || !Files.isDirectory(directory))) {
            throw new IllegalArgumentException("the folder of erased images " + directory + " does not exist");
        }
        if (mode == Mode.OCR) {
            requireLibraries();
            if (tessdata == null || !Files.isRegularFile(tessdata.resolve("eng.traineddata"))) {
                throw new IllegalArgumentException(
                        "no eng.traineddata in " + tessdata
                                + ": install Tesseract's English data (Debian: tesseract-ocr-eng) or set adammeme.text-erasure.tessdata");
            }
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
            case OCR ->
                "ocr (the installed Tesseract finds the words, OpenCV inpaints their boxes; erased pictures cached in "
                        + directory + ")";
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
            case OCR -> ocr(images);
        };
    }

    private TextEraser ocr(MemeImages images) {
        requireLibraries();
        try {
            // Loaded by name: the class links against Tess4J and OpenCV, which only OCR users have.
            return Class.forName("io.github.adammeme.internal.data.OcrTextEraser")
                    .asSubclass(TextEraser.class)
                    .getConstructor(Path.class, Path.class, MemeImages.class)
                    .newInstance(directory, tessdata, images);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("cannot start OCR text erasure: " + cause.getMessage(), cause);
        }
    }

    private static void requireLibraries() {
        for (String[] needed : new String[][] {
            {"net.sourceforge.tess4j.Tesseract", "net.sourceforge.tess4j:tess4j"},
            {"org.opencv.photo.Photo", "org.openpnp:opencv"}
        }) {
            try {
                Class.forName(needed[0], false, TextErasure.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(
                        "text erasure 'ocr' needs " + needed[1]
                                + " on the classpath (an optional dependency of adammeme-core): add it to your test dependencies");
            }
        }
    }
}
