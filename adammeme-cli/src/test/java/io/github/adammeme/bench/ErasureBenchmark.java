package io.github.adammeme.bench;

import io.github.adammeme.internal.data.JsonlDatasetLoader;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.erasure.TextEraser;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.llm.ContentPart;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.tesseract.ResultIterator;
import org.bytedeco.tesseract.TessBaseAPI;
import org.bytedeco.tesseract.global.tesseract;

/**
 * How well text erasure works on real memes, measured with a Tesseract reading with another English model than the
 * eraser's (an installed one, Debian's; the library is the eraser's own, JavaCPP's, read page-wise as Tesseract's
 * command line reads):
 * <ul>
 *   <li><b>words gone</b>: of the words Tesseract reads on the original picture that the dataset's own
 *       text also has (three letters or more, so that what it reads in a face or a texture does not
 *       count), the share it no longer reads on the erased picture; overall, and how many memes lose
 *       90% or more of theirs;</li>
 *   <li><b>picture kept</b>: the share of pixels changed (by more than {@value #TOLERANCE} levels in a
 *       channel) outside the text's boxes, the lines Tesseract reads those words in, each grown by a
 *       fifth of its height.</li>
 * </ul>
 * Each eraser erases each picture once, on a fresh cache, timed. Targets: at least 90% of the words
 * gone, under 5% of the pixels outside the boxes changed.
 *
 * <p>Run it with {@code bench/erasure}; options are {@code --name value}: {@code harmeme} (the
 * annotations file), {@code erasers} (a list of builtin, precomputed), {@code save} (a folder to keep each
 * original and erased picture in), {@code memes} (at most this many).
 */
public final class ErasureBenchmark {

    static final double WORDS_GONE_TARGET = 0.90;
    static final double PIXELS_CHANGED_TARGET = 0.05;
    static final int TOLERANCE = 4;
    static final double BOX_GROWTH = 0.2;

    private ErasureBenchmark() {}

    /** What one eraser did to one meme. */
    record Outcome(String memeId, int words, int stillRead, long outside, long changedOutside, long millis) {}

    /** What Tesseract reads on the original: the words that count, and the boxes of the lines they are in. */
    record Reading(List<String> words, List<Rectangle> boxes) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of(
                "harmeme",
                "../shared/data/harmeme-val/annotations/val.jsonl",
                "erasers",
                "builtin",
                "save",
                "",
                "memes",
                "100000"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        Path annotations = Path.of(options.get("harmeme"));
        if (!Files.exists(annotations)) {
            throw new IllegalArgumentException("no annotations at " + annotations + " (--harmeme PATH)");
        }
        String prefix = System.getenv("TESSDATA_PREFIX");
        Path tessdata = Path.of(prefix != null && !prefix.isBlank() ? prefix : "/usr/share/tesseract-ocr/5/tessdata");
        if (!Files.exists(tessdata.resolve("eng.traineddata"))) {
            throw new IllegalStateException("measuring needs Tesseract's English data in " + tessdata
                    + " (Debian: apt-get install tesseract-ocr-eng; or set TESSDATA_PREFIX)");
        }
        TessBaseAPI reader = new TessBaseAPI();
        if (reader.Init(tessdata.toString(), "eng") != 0) {
            throw new IllegalStateException("Tesseract did not start with the English data in " + tessdata);
        }
        List<Meme> memes = JsonlDatasetLoader.load(annotations, null).stream()
                .limit(Long.parseLong(options.get("memes")))
                .toList();
        MemeImages images = new MemeImages(ImageLimits.defaults());
        Path work = Files.createTempDirectory("erasure-bench");
        Path save = options.get("save").isEmpty() ? null : Path.of(options.get("save"));

        Map<String, Reading> readings = new LinkedHashMap<>();
        for (Meme meme : memes) {
            readings.put(meme.id(), reading(reader, decode(images.load(meme.image())), meme.text()));
        }
        PrintStream out = System.out;
        out.printf(
                "%d memes from %s; Tesseract %s with %s reads %d words of their text on %d of them%n",
                memes.size(),
                annotations,
                tesseract.TessVersion().getString(),
                tessdata.resolve("eng.traineddata"),
                readings.values().stream().mapToInt(r -> r.words().size()).sum(),
                readings.values().stream().filter(r -> !r.words().isEmpty()).count());

        Map<String, List<Outcome>> results = new LinkedHashMap<>();
        for (String name : options.get("erasers").split(",")) {
            TextErasure.Mode mode = TextErasure.mode(name);
            TextEraser eraser = new TextErasure(mode, work.resolve(name)).create(images);
            List<Outcome> outcomes = new ArrayList<>();
            for (Meme meme : memes) {
                ContentPart.Image original = images.load(meme.image());
                long start = System.nanoTime();
                ContentPart.Image erasedPart = eraser.erase(meme, original);
                long millis = (System.nanoTime() - start) / 1_000_000;
                BufferedImage before = decode(original);
                BufferedImage after = decode(erasedPart);
                Reading reading = readings.get(meme.id());
                List<String> readAfter = tokens(reader, after);
                int still = stillRead(reading.words(), readAfter);
                long[] pixels = changedOutside(before, after, reading.boxes());
                outcomes.add(new Outcome(meme.id(), reading.words().size(), still, pixels[0], pixels[1], millis));
                if (save != null) {
                    Files.createDirectories(save.resolve(name));
                    String file = meme.id().replaceAll("[^A-Za-z0-9_.-]", "_");
                    ImageIO.write(before, "png", save.resolve(file + ".png").toFile());
                    ImageIO.write(
                            after,
                            "png",
                            save.resolve(name).resolve(file + ".png").toFile());
                }
            }
            results.put(name, outcomes);
        }
        report(out, results);
    }

    static void report(PrintStream out, Map<String, List<Outcome>> results) {
        out.printf(
                "%n%-8s | %6s | %5s | %-9s | %-18s | %-17s | %-17s | %s%n",
                "eraser",
                "words",
                "gone",
                "gone %",
                "memes >= 90% gone",
                "changed outside",
                "  (memes w/ text)",
                "ms per picture");
        List<String> verdicts = new ArrayList<>();
        for (Map.Entry<String, List<Outcome>> e : results.entrySet()) {
            List<Outcome> all = e.getValue();
            List<Outcome> withText = all.stream().filter(o -> o.words() > 0).toList();
            int words = withText.stream().mapToInt(Outcome::words).sum();
            int gone = words - withText.stream().mapToInt(Outcome::stillRead).sum();
            long mostlyGone = withText.stream()
                    .filter(o -> o.words() - o.stillRead() >= 0.9 * o.words())
                    .count();
            double changed = share(all);
            double changedWithText = share(withText);
            double ms = all.stream().mapToLong(Outcome::millis).average().orElse(0);
            double goneShare = (double) gone / words;
            out.printf(
                    "%-8s | %6d | %5d | %8.1f%% | %7d of %-7d | %16.2f%% | %16.2f%% | %.0f%n",
                    e.getKey(),
                    words,
                    gone,
                    100 * goneShare,
                    mostlyGone,
                    withText.size(),
                    100 * changed,
                    100 * changedWithText,
                    ms);
            verdicts.add(String.format(
                    Locale.ROOT,
                    "%s    %s: words gone %.1f%% (target at least %.0f%%)",
                    goneShare >= WORDS_GONE_TARGET ? "PASS" : "FAIL",
                    e.getKey(),
                    100 * goneShare,
                    100 * WORDS_GONE_TARGET));
            verdicts.add(String.format(
                    Locale.ROOT,
                    "%s    %s: pixels changed outside the text's boxes %.2f%% (target under %.0f%%)",
                    changed < PIXELS_CHANGED_TARGET ? "PASS" : "FAIL",
                    e.getKey(),
                    100 * changed,
                    100 * PIXELS_CHANGED_TARGET));
        }
        out.println();
        out.println("per meme (words read on the original, still read after, % of pixels outside the boxes changed):");
        List<String> ids =
                results.values().iterator().next().stream().map(Outcome::memeId).toList();
        for (int i = 0; i < ids.size(); i++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-22s", ids.get(i)));
            for (Map.Entry<String, List<Outcome>> e : results.entrySet()) {
                Outcome o = e.getValue().get(i);
                line.append(String.format(
                        Locale.ROOT,
                        " | %s %3d -> %3d, %5.1f%%",
                        e.getKey(),
                        o.words(),
                        o.stillRead(),
                        100.0 * o.changedOutside() / Math.max(1, o.outside())));
            }
            out.println(line);
        }
        out.println();
        verdicts.forEach(out::println);
    }

    private static double share(List<Outcome> outcomes) {
        long outside = outcomes.stream().mapToLong(Outcome::outside).sum();
        long changed = outcomes.stream().mapToLong(Outcome::changedOutside).sum();
        return outside == 0 ? 0 : (double) changed / outside;
    }

    /** The words that count on the original, and the boxes of the lines that hold them. */
    static Reading reading(TessBaseAPI reader, BufferedImage picture, String datasetText) {
        Set<String> dataset = Arrays.stream(normal(datasetText).split(" "))
                .filter(ErasureBenchmark::countable)
                .collect(Collectors.toSet());
        List<String> words =
                tokens(reader, picture).stream().filter(dataset::contains).toList();
        List<Rectangle> boxes = new ArrayList<>();
        for (Read line : read(reader, picture, tesseract.RIL_TEXTLINE)) {
            if (Arrays.stream(normal(line.text()).split(" ")).anyMatch(words::contains)) {
                Rectangle box = new Rectangle(line.box());
                int grow = Math.max(2, (int) Math.round(box.height * BOX_GROWTH));
                box.grow(grow, grow);
                boxes.add(box);
            }
        }
        return new Reading(words, boxes);
    }

    /** Every word Tesseract reads, lowercased, of three letters or digits or more. */
    static List<String> tokens(TessBaseAPI reader, BufferedImage picture) {
        return read(reader, picture, tesseract.RIL_WORD).stream()
                .flatMap(w -> Arrays.stream(normal(w.text()).split(" ")))
                .filter(ErasureBenchmark::countable)
                .toList();
    }

    /** A word or line Tesseract read, and where. */
    record Read(String text, Rectangle box) {}

    /** What Tesseract reads on the whole picture, in its RGB pixels, at one level (word or line). */
    static List<Read> read(TessBaseAPI reader, BufferedImage picture, int level) {
        int w = picture.getWidth();
        int h = picture.getHeight();
        int[] argb = picture.getRGB(0, 0, w, h, null, 0, w);
        byte[] rgb = new byte[argb.length * 3];
        for (int i = 0; i < argb.length; i++) {
            rgb[3 * i] = (byte) (argb[i] >> 16);
            rgb[3 * i + 1] = (byte) (argb[i] >> 8);
            rgb[3 * i + 2] = (byte) argb[i];
        }
        reader.SetImage(rgb, w, h, 3, 3 * w);
        List<Read> out = new ArrayList<>();
        try {
            if (reader.Recognize(null) != 0) {
                throw new IllegalStateException("Tesseract could not read the picture");
            }
            try (ResultIterator it = reader.GetIterator()) {
                if (it == null) {
                    return out;
                }
                int[] l = new int[1];
                int[] t = new int[1];
                int[] r = new int[1];
                int[] b = new int[1];
                do {
                    if (it.Empty(level) || !it.BoundingBox(level, l, t, r, b)) {
                        continue;
                    }
                    BytePointer text = it.GetUTF8Text(level);
                    if (text == null) {
                        continue;
                    }
                    String read = text.getString(java.nio.charset.StandardCharsets.UTF_8);
                    text.deallocate();
                    out.add(new Read(read, new Rectangle(l[0], t[0], r[0] - l[0], b[0] - t[0])));
                } while (it.Next(level));
            }
        } finally {
            reader.Clear();
        }
        return out;
    }

    private static String normal(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }

    private static boolean countable(String token) {
        return token.length() >= 3;
    }

    /** How many of the original's words are read again, each reading used once. */
    static int stillRead(List<String> before, List<String> after) {
        Map<String, Integer> left = new HashMap<>();
        after.forEach(w -> left.merge(w, 1, Integer::sum));
        int still = 0;
        for (String w : before) {
            if (left.getOrDefault(w, 0) > 0) {
                left.merge(w, -1, Integer::sum);
                still++;
            }
        }
        return still;
    }

    /** Pixels outside the boxes, and how many of them changed. */
    static long[] changedOutside(BufferedImage before, BufferedImage after, List<Rectangle> boxes) {
        if (before.getWidth() != after.getWidth() || before.getHeight() != after.getHeight()) {
            throw new IllegalStateException("the erased picture is " + after.getWidth() + "x" + after.getHeight()
                    + ", the original " + before.getWidth() + "x" + before.getHeight());
        }
        long outside = 0;
        long changed = 0;
        for (int y = 0; y < before.getHeight(); y++) {
            for (int x = 0; x < before.getWidth(); x++) {
                int px = x;
                int py = y;
                if (boxes.stream().anyMatch(b -> b.contains(px, py))) {
                    continue;
                }
                outside++;
                int a = before.getRGB(x, y);
                int b = after.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    if (Math.abs(((a >> shift) & 0xff) - ((b >> shift) & 0xff)) > TOLERANCE) {
                        changed++;
                        break;
                    }
                }
            }
        }
        return new long[] {outside, changed};
    }

    private static BufferedImage decode(ContentPart.Image image) throws IOException {
        BufferedImage picture = ImageIO.read(new ByteArrayInputStream(image.bytes()));
        if (picture == null) {
            throw new IOException("cannot decode a " + image.mimeType() + " picture");
        }
        return picture;
    }
}
