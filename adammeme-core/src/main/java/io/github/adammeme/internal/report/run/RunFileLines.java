package io.github.adammeme.internal.report.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.util.JsonLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a run's samples.jsonl, read back as a baseline or a shard by {@link JsonLines}: each
 * line is bounded while it is read, so a file that is not a run's (a huge one without line breaks,
 * say) is named instead of filling the heap.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RunFileLines {

    /**
     * Far above any sample: a sample holds a few model answers, each bounded by the client's 16 MiB,
     * and of a kilobyte or so at the usual token limits.
     */
    static final int MAX_LINE_BYTES = 64 << 20;

    /** Takes one line and its number (from 1). */
    @FunctionalInterface
    public interface Line {
        /**
         * @param number the line's number, from 1
         * @param line   the line, without its break
         */
        void accept(int number, String line);
    }

    /** A line past {@link #MAX_LINE_BYTES}, or one that is not UTF-8: the message names the file and the line. */
    public static final class TooLong extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLong(Path file, JsonLines.BadLine bad) {
            super(file + " line " + bad.line()
                    + (bad.tooLong() ? " is over " + MAX_LINE_BYTES + " bytes" : ": " + bad.getMessage())
                    + "; not a run's " + file.getFileName());
        }
    }

    private RunFileLines() {}

    /**
     * Why a run's samples.jsonl cannot be the one its summary.json describes, or null when it can: the
     * summary counts every sample, originals and refinements, so a file cut short (a copy that failed,
     * a disk that filled) is found instead of giving figures from part of the run.
     *
     * @param samples the samples file
     * @param read how many samples it holds
     * @param summary the run's summary
     * @return the reason, or null
     */
    public static @Nullable String notTheSummarys(Path samples, int read, JsonNode summary) {
        JsonNode counted = summary.at("/metrics/withRefinementsOverall/samples");
        if (!counted.canConvertToInt() || counted.asInt() == read) {
            return null;
        }
        return samples + " holds " + read + " samples where its "
                + samples.resolveSibling("summary.json").getFileName() + " counts " + counted.asInt()
                + "; it was cut short or is not this run's";
    }

    /**
     * Every line, LF or CRLF ended, in order.
     *
     * @param file the run file
     * @param each takes each line
     * @throws IOException when the file cannot be read
     * @throws TooLong when a line is over {@link #MAX_LINE_BYTES} or not UTF-8
     */
    public static void forEach(Path file, Line each) throws IOException {
        try (JsonLines lines = new JsonLines(Files.newInputStream(file), MAX_LINE_BYTES)) {
            for (String line = lines.next(); line != null; line = lines.next()) {
                each.accept((int) lines.number(), line);
            }
        } catch (JsonLines.BadLine e) {
            throw new TooLong(file, e);
        }
    }
}
