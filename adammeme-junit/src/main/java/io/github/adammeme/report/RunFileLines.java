package io.github.adammeme.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The lines of a run's samples.jsonl, read back as a baseline or a shard: each line is bounded while
 * it is read, so a file that is not a run's (a huge one without line breaks, say) is named instead of
 * filling the heap.
 */
final class RunFileLines {

    /**
     * Far above any sample: a sample holds a few model answers, each bounded by the client's 16 MiB,
     * and of a kilobyte or so at the usual token limits.
     */
    static final int MAX_LINE_CHARS = 64 << 20;

    /** Takes one line and its number (from 1). */
    @FunctionalInterface
    interface Line {
        void accept(int number, String line);
    }

    /** A line past {@link #MAX_LINE_CHARS}: the message names the file and the line. */
    static final class TooLong extends RuntimeException {
        TooLong(Path file, int number) {
            super(file + " line " + number + " is over " + MAX_LINE_CHARS + " characters; not a run's " + file.getFileName());
        }
    }

    private RunFileLines() {
    }

    /** Every line, LF or CRLF ended, in order. */
    static void forEach(Path file, Line each) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder();
            char[] buffer = new char[8192];
            int number = 1;
            for (int n; (n = in.read(buffer)) >= 0; ) {
                for (int i = 0; i < n; i++) {
                    char c = buffer[i];
                    if (c == '\n') {
                        int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
                        each.accept(number++, line.substring(0, end));
                        line.setLength(0);
                    } else if (line.length() == MAX_LINE_CHARS) {
                        throw new TooLong(file, number);
                    } else {
                        line.append(c);
                    }
                }
            }
            if (line.length() > 0) {
                each.accept(number, line.toString());
            }
        }
    }
}
