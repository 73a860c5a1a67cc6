package io.github.adammeme.internal.erasure.builtin;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.erasure.TextEraser;
import io.github.adammeme.internal.llm.ContentPart;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The default eraser, which needs nothing installed: Tesseract (natives from Maven Central, English
 * model inside this library) finds the words, only their letters are masked ({@link LetterMask}), and
 * the mask is filled from around it ({@link Inpainting}). Erased pictures are cached on disk by the
 * original's digest, so each picture is erased once across runs and targets.
 */
final class BuiltinTextEraser implements TextEraser {

    /** Changes whenever the erasure does, so a cache never serves another version's pictures. */
    static final String VERSION = "builtin-1";

    /** Words Tesseract itself doubts are mostly texture, not text. */
    static final float MIN_CONFIDENCE = 50f;

    /** A word's box at most this share of the picture's height, and this wide per character, as a share of its height. */
    static final double MAX_HEIGHT = 0.4;

    static final double MIN_WIDTH = 0.2;
    static final double MAX_WIDTH = 2.0;

    private final Path cache;
    private final MemeImages images;
    private final TesseractWords tesseract;
    private final ConcurrentMap<String, CompletableFuture<Path>> erasing = new ConcurrentHashMap<>();

    /**
     * Starts Tesseract, so a missing native library stops the run before any meme is read.
     *
     * @param cache the folder where erased pictures are kept, by the original's digest
     * @param images reads and prepares the erased pictures as any meme's
     * @throws IllegalStateException when this platform's natives are not on the classpath
     */
    BuiltinTextEraser(Path cache, MemeImages images) {
        this.cache = cache.resolve(VERSION);
        this.images = images;
        this.tesseract = TesseractWords.shared();
    }

    /** @return the Tesseract pool it reads words with */
    TesseractWords tesseract() {
        return tesseract;
    }

    @Override
    public ContentPart.Image erase(Meme meme, ContentPart.Image original) {
        Path cached = cache.resolve(original.sha256() + ".png");
        if (!Files.exists(cached)) {
            // Pictures are shown many times and often at once: one thread erases, the others wait for it.
            CompletableFuture<Path> mine = new CompletableFuture<>();
            CompletableFuture<Path> running = erasing.putIfAbsent(original.sha256(), mine);
            if (running == null) {
                try {
                    store(meme, original, cached);
                    mine.complete(cached);
                } catch (RuntimeException e) {
                    mine.completeExceptionally(e);
                    throw e;
                } finally {
                    erasing.remove(original.sha256());
                }
            } else {
                try {
                    running.join();
                } catch (java.util.concurrent.CompletionException e) {
                    Throwable cause = Objects.requireNonNull(e.getCause(), "join wraps the failure it reports");
                    throw cause instanceof ImageException ie
                            ? new ImageException(ie.getMessage() + " (for " + meme.id() + ")", ie)
                            : new ImageException(
                                    "cannot erase the text of " + meme.id() + ": " + cause.getMessage(), cause);
                }
            }
        }
        return images.load(cached);
    }

    private void store(Meme meme, ContentPart.Image original, Path cached) {
        BufferedImage erased;
        try {
            erased = erase(ErasedPictures.decode(meme, original));
        } catch (ImageException e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            throw new ImageException("cannot erase the text of " + meme.id() + ": " + e, e);
        }
        ErasedPictures.store(erased, cached, meme);
    }

    /**
     * The picture without the letters of the words Tesseract finds on it.
     *
     * @param picture the picture
     * @return a new picture, equal to the original outside the letters
     */
    BufferedImage erase(BufferedImage picture) {
        List<Rectangle> words = tesseract.read(picture).stream()
                .filter(w -> plausible(w, picture.getHeight()))
                .map(TesseractWords.Word::box)
                .toList();
        if (words.isEmpty()) {
            return picture;
        }
        return Inpainting.fill(picture, LetterMask.of(picture, words));
    }

    /** Tesseract also reads words into faces and textures: those are doubted, too tall, or shaped unlike their letters. */
    static boolean plausible(TesseractWords.Word word, int pictureHeight) {
        long letters =
                word.text().codePoints().filter(Character::isLetterOrDigit).count();
        Rectangle box = word.box();
        if (letters == 0
                || word.confidence() < MIN_CONFIDENCE
                || box.height > pictureHeight * MAX_HEIGHT
                || box.height == 0) {
            return false;
        }
        double widthPerCharacter = (double) box.width
                / box.height
                / word.text().codePointCount(0, word.text().length());
        return widthPerCharacter >= MIN_WIDTH && widthPerCharacter <= MAX_WIDTH;
    }
}
