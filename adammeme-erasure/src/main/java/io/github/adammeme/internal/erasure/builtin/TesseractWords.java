package io.github.adammeme.internal.erasure.builtin;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.tesseract.ResultIterator;
import org.bytedeco.tesseract.TessBaseAPI;
import org.bytedeco.tesseract.global.tesseract;
import org.jspecify.annotations.Nullable;

/**
 * Where the words are on a picture, by the Tesseract that JavaCPP ships for this platform, with the
 * English model packaged in this library: nothing to install. A Tesseract handle serves one thread at
 * a time, so handles are pooled, a few at most, and kept for the life of the process.
 */
final class TesseractWords {

    /** The packaged model: Tesseract's tessdata_fast English, Apache-2.0. */
    static final String MODEL = "tessdata/eng.traineddata";

    /** Pictures are read at least this wide (scaled up at most four times): Tesseract misses small text. */
    static final int MIN_READ_WIDTH = 800;

    /** A pixel whose every channel is above this is white, as caption letters are. */
    static final int WHITE = 190;

    /** A word Tesseract read, where, and how sure it is (0 to 100). */
    record Word(String text, float confidence, Rectangle box) {}

    private static volatile byte @Nullable [] model;
    /** Whether Tesseract has started once in this process: a configuration is checked without starting it again. */
    private static volatile boolean started;

    private static @Nullable TesseractWords shared;

    private final BlockingQueue<TessBaseAPI> idle;
    private final AtomicInteger created = new AtomicInteger();
    private final int max;

    /**
     * Loads the natives and the model, and checks that Tesseract starts with them.
     *
     * @param handles how many pictures may be read at once
     * @throws IllegalStateException naming what is missing: this platform's natives or the model
     */
    @SuppressWarnings("StaticAssignmentInConstructor") // the one pool's start is the process's first start too
    TesseractWords(int handles) {
        this.max = handles;
        this.idle = new ArrayBlockingQueue<>(handles);
        created.set(1);
        release(open());
        started = true;
    }

    /**
     * The process's one pool, started on first use. A pool per run kept each run's handles (tens of MB of native
     * model each) to the end of the process. The handles are never freed: the process's end frees them, and freeing
     * them in a shutdown hook crashed the JVM inside Leptonica (SIGSEGV in pixaGetPix) while the process ended.
     *
     * @return the pool, as many handles as cores, at most 4
     * @throws IllegalStateException naming what is missing: this platform's natives or the model
     */
    static synchronized TesseractWords shared() {
        if (shared == null) {
            shared = new TesseractWords(
                    Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())));
        }
        return shared;
    }

    /**
     * The words on a picture, in its coordinates.
     *
     * @param picture the picture
     * @return every word Tesseract finds in either reading, with its confidence
     */
    List<Word> read(BufferedImage picture) {
        double scale = Math.max(1, Math.min(4, (double) MIN_READ_WIDTH / picture.getWidth()));
        List<Word> words = new ArrayList<>(read(scaled(picture, scale, BufferedImage.TYPE_BYTE_GRAY), scale));
        words.addAll(read(whiteText(scaled(picture, scale, BufferedImage.TYPE_INT_RGB)), scale));
        return words;
    }

    /**
     * Meme captions are mostly white letters in a dark outline, over a photograph that Tesseract's own
     * thresholding splits badly: the white, unsaturated pixels alone, drawn black on white, are letters
     * it reads well.
     */
    private static BufferedImage whiteText(BufferedImage colour) {
        BufferedImage gray = new BufferedImage(colour.getWidth(), colour.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
        byte[] out = ((DataBufferByte) gray.getRaster().getDataBuffer()).getData();
        int w = colour.getWidth();
        int[] rgb = colour.getRGB(0, 0, w, colour.getHeight(), null, 0, w);
        for (int i = 0; i < rgb.length; i++) {
            int p = rgb[i];
            int min = Math.min((p >> 16) & 0xff, Math.min((p >> 8) & 0xff, p & 0xff));
            out[i] = (byte) (min > WHITE ? 0 : 255);
        }
        return gray;
    }

    private List<Word> read(BufferedImage gray, double scale) {
        TessBaseAPI api = acquire();
        try {
            byte[] pixels = ((DataBufferByte) gray.getRaster().getDataBuffer()).getData();
            api.SetImage(pixels, gray.getWidth(), gray.getHeight(), 1, gray.getWidth());
            api.SetSourceResolution(300);
            if (api.Recognize(null) != 0) {
                throw new IllegalStateException("Tesseract could not read the picture");
            }
            List<Word> words = new ArrayList<>();
            try (ResultIterator it = api.GetIterator()) {
                if (it == null) {
                    return words;
                }
                int[] l = new int[1];
                int[] t = new int[1];
                int[] r = new int[1];
                int[] b = new int[1];
                int level = tesseract.RIL_WORD;
                do {
                    if (it.Empty(level) || !it.BoundingBox(level, l, t, r, b)) {
                        continue;
                    }
                    BytePointer text = it.GetUTF8Text(level);
                    String word = text == null ? "" : text.getString(java.nio.charset.StandardCharsets.UTF_8);
                    if (text != null) {
                        text.deallocate();
                    }
                    int x0 = (int) Math.floor(l[0] / scale);
                    int y0 = (int) Math.floor(t[0] / scale);
                    int x1 = (int) Math.ceil(r[0] / scale);
                    int y1 = (int) Math.ceil(b[0] / scale);
                    words.add(new Word(word.strip(), it.Confidence(level), new Rectangle(x0, y0, x1 - x0, y1 - y0)));
                } while (it.Next(level));
            }
            return words;
        } finally {
            api.Clear();
            release(api);
        }
    }

    /** The picture scaled, as grey or RGB pixels. */
    private static BufferedImage scaled(BufferedImage picture, double scale, int type) {
        int w = (int) Math.round(picture.getWidth() * scale);
        int h = (int) Math.round(picture.getHeight() * scale);
        BufferedImage out = new BufferedImage(w, h, type);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(picture, 0, 0, w, h, null);
        g.dispose();
        return out;
    }

    /**
     * Checks that Tesseract starts here, with this platform's natives and the packaged model.
     *
     * @throws IllegalStateException naming what is missing
     */
    static void check() {
        if (!started) {
            open().close();
            started = true;
        }
    }

    private TessBaseAPI acquire() {
        TessBaseAPI api = idle.poll();
        if (api != null) {
            return api;
        }
        if (created.incrementAndGet() <= max) {
            return open();
        }
        created.decrementAndGet();
        try {
            return idle.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Tesseract", e);
        }
    }

    private void release(TessBaseAPI api) {
        idle.offer(api);
    }

    private static TessBaseAPI open() {
        byte[] data = model();
        TessBaseAPI api;
        try {
            api = new TessBaseAPI();
        } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
            throw new IllegalStateException(
                    "Tesseract's natives for " + System.getProperty("os.name") + " "
                            + System.getProperty("os.arch")
                            + " are not on the classpath: add org.bytedeco:tesseract, leptonica and"
                            + " javacpp with this platform's classifier (e.g. macosx-arm64), or set adammeme.text-erasure=none",
                    e);
        }
        // From memory: the model never has to be unpacked to a folder Tesseract can read.
        try (BytePointer bytes = new BytePointer(data);
                BytePointer language = new BytePointer("eng")) {
            if (api.Init(
                            bytes,
                            data.length,
                            language,
                            tesseract.OEM_LSTM_ONLY,
                            (org.bytedeco.javacpp.PointerPointer<?>) null,
                            0,
                            null,
                            null,
                            false,
                            null)
                    != 0) {
                api.close();
                throw new IllegalStateException("Tesseract did not start with its packaged English model");
            }
        }
        // Sparse text: captions sit anywhere on a picture, in no column or paragraph order.
        api.SetPageSegMode(tesseract.PSM_SPARSE_TEXT);
        // What it notes while reading ("Detected 12 diacritics") would fill the run's console.
        api.SetVariable("debug_file", System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
        return api;
    }

    private static byte[] model() {
        byte[] m = model;
        if (m == null) {
            synchronized (TesseractWords.class) {
                if (model == null) {
                    try (InputStream in = TesseractWords.class.getResourceAsStream(MODEL)) {
                        if (in == null) {
                            throw new IllegalStateException(
                                    "the English model " + MODEL + " is missing from adammeme-erasure's jar");
                        }
                        model = in.readAllBytes();
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read the packaged Tesseract model", e);
                    }
                }
                m = model;
            }
        }
        return m;
    }
}
