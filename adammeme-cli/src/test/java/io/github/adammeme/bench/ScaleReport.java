package io.github.adammeme.bench;

import io.github.adammeme.internal.llm.ModelConnector;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * How wall time and heap grow with the dataset: one row per size, and the check that neither grows
 * faster than the memes do. A run's fixed costs (the JVM, the ramp at each barrier, the last
 * category's refinement) are shared by more memes as the dataset grows, so wall and heap per 1,000
 * memes should fall or stay level; rising by more than {@link #TOLERANCE} means something grows with
 * the run that should not (samples kept twice, a cache without a bound, a quadratic step).
 */
final class ScaleReport {

    /** How far a figure per 1,000 memes at the largest size may rise above the smallest size's. */
    static final double TOLERANCE = 0.10;
    /** The dataset size the heap is projected to, from the slope between the sizes measured. */
    private static final int MILLION = 1_000_000;

    /**
     * @param memes    memes in the dataset
     * @param calls    calls made to the endpoints
     * @param wallSeconds wall time of the run
     * @param peakHeap peak heap after GC, in bytes
     * @param maxHeap  the heap limit, in bytes
     */
    record Row(int memes, long calls, double wallSeconds, long peakHeap, long maxHeap) {

        double wallPerThousand() {
            return wallSeconds * 1000 / memes;
        }

        double heapPerThousand() {
            return mib(peakHeap) * 1000 / memes;
        }
    }

    private ScaleReport() {}

    static void print(PrintStream out, PipelineBenchmark.Options options, List<Row> rows) {
        out.println();
        out.printf(
                Locale.ROOT,
                "AdamMeme pipeline at scale: first target, concurrency %d, %s%n",
                options.concurrency(),
                options.connector() == ModelConnector.HTTP
                        ? String.format(
                                Locale.ROOT,
                                "mean latency %d ms (log-normal, sigma %.2f)",
                                options.latencyMs(),
                                options.spread())
                        : "no latency (answers in this process)");
        out.println("models reached " + options.reached());
        out.println();
        out.printf(
                "%9s | %9s | %8s | %8s | %13s | %8s%n",
                "memes", "calls", "wall s", "wall/1k", "peak heap MiB", "heap/1k");
        for (Row r : rows) {
            out.printf(
                    Locale.ROOT,
                    "%,9d | %,9d | %8.1f | %8.2f | %13.0f | %8.1f%n",
                    r.memes(),
                    r.calls(),
                    r.wallSeconds(),
                    r.wallPerThousand(),
                    mib(r.peakHeap()),
                    r.heapPerThousand());
        }
        out.println();
        Row smallest = rows.get(0);
        Row largest = rows.get(rows.size() - 1);
        if (rows.size() > 1) {
            grows(
                    out,
                    "wall per 1,000 memes",
                    "s",
                    smallest,
                    largest,
                    smallest.wallPerThousand(),
                    largest.wallPerThousand());
            grows(
                    out,
                    "peak heap after GC per 1,000 memes",
                    "MiB",
                    smallest,
                    largest,
                    smallest.heapPerThousand(),
                    largest.heapPerThousand());
            // What the heap's slope between the sizes measured says of a dataset of a million memes.
            double slope = (mib(largest.peakHeap()) - mib(smallest.peakHeap())) / (largest.memes() - smallest.memes());
            double million = mib(largest.peakHeap()) + slope * (MILLION - largest.memes());
            Report.check(
                    out,
                    String.format(
                            Locale.ROOT,
                            "peak heap after GC at 1,000,000 memes, by the slope of %.3f MiB"
                                    + " per 1,000 memes: %.0f MiB",
                            slope * 1000,
                            million),
                    million <= mib(largest.maxHeap()),
                    String.format(Locale.ROOT, "within the heap limit, %.0f MiB", mib(largest.maxHeap())));
        }
        for (Row r : rows) {
            Report.check(
                    out,
                    String.format(
                            Locale.ROOT, "peak heap after GC at %,d memes: %.0f MiB", r.memes(), mib(r.peakHeap())),
                    r.peakHeap() <= r.maxHeap(),
                    String.format(Locale.ROOT, "within the heap limit, %.0f MiB", mib(r.maxHeap())));
        }
    }

    private static void grows(
            PrintStream out, String what, String unit, Row smallest, Row largest, double small, double large) {
        Report.check(
                out,
                String.format(
                        Locale.ROOT,
                        "%s at %,d memes: %.2f %s, against %.2f %s at %,d",
                        what,
                        largest.memes(),
                        large,
                        unit,
                        small,
                        unit,
                        smallest.memes()),
                large <= small * (1 + TOLERANCE),
                String.format(Locale.ROOT, "at most %.0f%% above", 100 * TOLERANCE));
    }

    private static double mib(long bytes) {
        return bytes / 1048576.0;
    }
}
