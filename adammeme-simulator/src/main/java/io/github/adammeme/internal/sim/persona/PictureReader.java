package io.github.adammeme.internal.sim.persona;

import io.github.adammeme.internal.erasure.builtin.PrintedText;
import io.github.adammeme.internal.util.Digests;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;

/**
 * How the simulated model reads the text printed on a picture it is shown: at the size an OpenAI vision model
 * reads it at the request's {@code detail}, by the OCR the built-in eraser uses ({@link PrintedText}). A picture
 * is read once per detail however often it is shown (the same memes come back in every stage and refinement step),
 * and a picture whose text was erased reads as the eraser left it: blank, or the odd letter it missed.
 */
final class PictureReader {

    /** {@code low}: the model is given the picture fitted into 512 x 512. */
    static final int LOW_SIDE = 512;
    /** {@code high} and {@code auto}: fitted into 2048 x 2048, then its shorter side at most 768. */
    static final int HIGH_SIDE = 2048;

    static final int HIGH_SHORT_SIDE = 768;

    /** Far above a run's distinct pictures (a dataset's originals and erased copies, at two details). */
    private static final int REMEMBERED = 4096;

    private static final Map<String, CompletableFuture<String>> READ = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CompletableFuture<String>> eldest) {
            return size() > REMEMBERED;
        }
    };

    private PictureReader() {}

    /**
     * The text printed on a picture as the model sees it.
     *
     * @param picture the picture as the request sent it
     * @return its words in reading order; empty for a picture that is no data URL or cannot be decoded, whose text
     *     a real model could not read either
     */
    static String text(SimRequest.Picture picture) {
        String key = Digests.sha256Hex(picture.url()) + "/" + picture.detail();
        CompletableFuture<String> mine = new CompletableFuture<>();
        CompletableFuture<String> known;
        synchronized (READ) {
            known = READ.putIfAbsent(key, mine);
        }
        if (known != null) {
            return known.join();
        }
        try {
            mine.complete(read(picture));
        } catch (RuntimeException | LinkageError e) {
            // Waiters get the same failure (Tesseract's natives missing on this platform): never a silent blank.
            mine.completeExceptionally(e);
            synchronized (READ) {
                READ.remove(key);
            }
            throw e;
        }
        return mine.join();
    }

    private static String read(SimRequest.Picture picture) {
        BufferedImage image = decode(picture.url());
        if (image == null) {
            return "";
        }
        try {
            return PrintedText.read(asSeen(image, picture.detail()));
        } catch (NoClassDefFoundError e) {
            // A build that excludes adammeme-erasure from adammeme-junit has no OCR to read with.
            throw new IllegalStateException(
                    "sim:reader reads pictures with the built-in eraser's OCR, and io.github.adammeme:adammeme-erasure"
                            + " is not on the classpath: add it, or use another sim: model",
                    e);
        }
    }

    private static @Nullable BufferedImage decode(String url) {
        int comma = url.indexOf(',');
        if (!url.startsWith("data:") || comma < 0 || !url.substring(0, comma).endsWith(";base64")) {
            return null;
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(url.substring(comma + 1).getBytes(StandardCharsets.US_ASCII));
            return ImageIO.read(new ByteArrayInputStream(bytes));
        } catch (IllegalArgumentException | IOException e) {
            return null;
        }
    }

    /** The picture at the size the model is given it: OpenAI's rules for {@code low}, {@code high} and {@code auto}. */
    static BufferedImage asSeen(BufferedImage image, @Nullable String detail) {
        int w = image.getWidth();
        int h = image.getHeight();
        double scale;
        if ("low".equals(detail)) {
            scale = Math.min(1.0, (double) LOW_SIDE / Math.max(w, h));
        } else {
            scale = Math.min(
                    1.0, Math.min((double) HIGH_SIDE / Math.max(w, h), (double) HIGH_SHORT_SIDE / Math.min(w, h)));
        }
        if (scale >= 1.0) {
            return image;
        }
        int sw = Math.max(1, (int) Math.round(w * scale));
        int sh = Math.max(1, (int) Math.round(h * scale));
        BufferedImage out = new BufferedImage(sw, sh, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(image, 0, 0, sw, sh, null);
        g.dispose();
        return out;
    }
}
