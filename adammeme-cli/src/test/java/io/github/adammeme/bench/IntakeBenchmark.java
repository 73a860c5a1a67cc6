package io.github.adammeme.bench;

import io.github.adammeme.internal.data.Datasets;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.io.BufferedWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Dataset intake at scale: writes a HarMeme-form dataset of N memes (10^6 by default, one picture shared),
 * reads it as discovery does, then asks for every meme in order as mining does, and prints the time and
 * the heap kept alive. Run by {@code bench/intake}, under the heap limit given there.
 */
final class IntakeBenchmark {

    private static final double MIB = 1 << 20;

    private IntakeBenchmark() {}

    public static void main(String[] args) throws Exception {
        int memes = 1_000_000;
        Path work = Path.of("target", "bench-intake");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--memes" -> memes = Integer.parseInt(args[i + 1]);
                case "--work" -> work = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dataset = dataset(work, memes);
        System.out.printf(
                Locale.ROOT,
                "intake: %,d memes, %.1f MiB in %s; heap limit %.0f MiB%n",
                memes,
                Files.size(dataset) / MIB,
                dataset,
                Runtime.getRuntime().maxMemory() / MIB);
        System.gc();
        HeapWatch watch = HeapWatch.start();
        long start = System.nanoTime();
        List<Meme> all = Datasets.load(List.of(dataset), null);
        long checked = System.nanoTime();
        long textChars = 0;
        for (int i = 0; i < all.size(); i++) {
            textChars += all.get(i).text().length();
        }
        long read = System.nanoTime();
        System.gc();
        long live = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        HeapWatch.Figures heap = watch.stop();
        System.out.printf(
                Locale.ROOT,
                "intake: checked %,d memes in %.1f s (discovery), read them in order in %.1f s"
                        + " (%,d text characters)%n",
                all.size(),
                (checked - start) / 1e9,
                (read - checked) / 1e9,
                textChars);
        System.out.printf(
                Locale.ROOT,
                "intake: live heap with the dataset open %.1f MiB; peak after GC %.1f MiB;" + " %d collections%n",
                live / MIB,
                heap.peakAfterGc() / MIB,
                heap.collections());
    }

    /** N lines naming one picture, each with its own id and a text of typical length; made once per size. */
    private static Path dataset(Path work, int memes) throws Exception {
        Path root = work.resolve(memes + "-memes");
        Path annotations = root.resolve("annotations").resolve("memes.jsonl");
        if (Files.isRegularFile(annotations)) {
            return annotations;
        }
        Path seed = SyntheticMemes.write(root.resolve("seed"), 1);
        Path images = Files.createDirectories(root.resolve("images"));
        Files.copy(seed.getParent().resolveSibling("images").resolve("synthetic_0000.png"), images.resolve("one.png"));
        Path tmp = annotations.resolveSibling("memes.jsonl.tmp");
        Files.createDirectories(tmp.getParent());
        try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            for (int i = 0; i < memes; i++) {
                out.write("{\"id\": \"bench_" + i + "\", \"image\": \"one.png\", \"text\": \""
                        + SyntheticMemes.CAPTIONS.get(i % SyntheticMemes.CAPTIONS.size()) + " (" + i
                        + ")\", \"labels\":"
                        + " [\"not harmful\"]}\n");
            }
        }
        Files.move(tmp, annotations);
        return annotations;
    }
}
