package io.github.adammeme.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Which {@link TextEraser} a run uses ({@code adammeme.text-erasure}).
 *
 * @param mode      none, precomputed or ocr
 * @param directory precomputed: the folder of erased images; ocr: the cache of erased images
 * @param tessdata  ocr: Tesseract's language data folder
 */
public record TextErasure(Mode mode, Path directory, Path tessdata) {

    /** How the printed text is removed from a meme's picture. */
    public enum Mode {
        /** not at all: the original picture is sent */
        NONE,
        /** by reading an erased copy of each picture from a folder */
        PRECOMPUTED,
        /** by OCR and inpainting, cached on disk */
        OCR
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
     * @param value none, precomputed or ocr
     * @return the mode
     * @throws IllegalArgumentException naming the allowed values
     */
    public static Mode mode(String value) {
        try {
            return Mode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("allowed: none, precomputed, ocr");
        }
    }

    /** Fails with what is missing: the erased-image folder, or the OCR libraries and language data. */
    public void check() {
        if (mode == Mode.PRECOMPUTED && (directory == null || !Files.isDirectory(directory))) {
            throw new IllegalArgumentException("the folder of erased images " + directory + " does not exist");
        }
        if (mode == Mode.OCR) {
            requireLibraries();
            if (tessdata == null || !Files.isRegularFile(tessdata.resolve("eng.traineddata"))) {
                throw new IllegalArgumentException("no eng.traineddata in " + tessdata
                        + ": install Tesseract's English data (Debian: tesseract-ocr-eng) or set adammeme.text-erasure.tessdata");
            }
        }
    }

    /**
     * The eraser, checking that what it needs is there before any meme is read.
     *
     * @param images reads and prepares pictures
     * @return the eraser for this mode
     */
    public TextEraser create(MemeImages images) {
        return switch (mode) {
            case NONE -> TextEraser.NONE;
            case PRECOMPUTED -> new PrecomputedTextEraser(directory, images);
            case OCR -> ocr(images);
        };
    }

    private TextEraser ocr(MemeImages images) {
        requireLibraries();
        try {
            // Loaded by name: the class links against Tess4J and OpenCV, which only OCR users have.
            return (TextEraser) Class.forName("io.github.adammeme.data.OcrTextEraser")
                    .getConstructor(Path.class, Path.class, MemeImages.class).newInstance(directory, tessdata, images);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalStateException("cannot start OCR text erasure: " + cause.getMessage(), cause);
        }
    }

    private static void requireLibraries() {
        for (String[] needed : new String[][] {{"net.sourceforge.tess4j.Tesseract", "net.sourceforge.tess4j:tess4j"},
                {"org.opencv.photo.Photo", "org.openpnp:opencv"}}) {
            try {
                Class.forName(needed[0], false, TextErasure.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("text erasure 'ocr' needs " + needed[1]
                        + " on the classpath (an optional dependency of adammeme-junit): add it to your test dependencies");
            }
        }
    }
}
