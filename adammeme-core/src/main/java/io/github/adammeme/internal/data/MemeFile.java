package io.github.adammeme.internal.data;

import java.nio.file.Path;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The memes of a JSONL dataset, read from the file as they are asked for rather than held: a million-line
 * dataset costs the line number of each meme (four bytes), a window of the memes read last, and one
 * open reader. Mining asks for memes in order, a few batches apart, so the file is read once from start
 * to end; a meme asked for out of order is found by reading again from the start.
 */
final class MemeFile extends AbstractList<Meme> implements RandomAccess {

    /** Memes kept once read: far more than the batches mining holds in flight at once. */
    private static final int WINDOW = 4096;

    private final Path file;
    private final DatasetLimits limits;
    private final Function<DatasetRecord, Meme> reader;
    private final int[] lines;
    private final Map<Integer, Meme> window = new LinkedHashMap<>(WINDOW * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Meme> eldest) {
            return size() > WINDOW;
        }
    };
    private @Nullable DatasetLines cursor;
    /** The index of the meme the cursor reads next. */
    private int cursorIndex;

    /**
     * @param file the dataset file, already read through once and found sound
     * @param lines the line number of each meme, in order
     * @param reader turns a line's record into its meme
     */
    MemeFile(Path file, DatasetLimits limits, int[] lines, Function<DatasetRecord, Meme> reader) {
        this.file = file;
        this.limits = limits;
        this.lines = lines;
        this.reader = reader;
    }

    @Override
    public int size() {
        return lines.length;
    }

    /** @throws DatasetException when the file changed since it was read through and the line is no longer sound */
    @Override
    public synchronized Meme get(int index) {
        Objects.checkIndex(index, lines.length);
        Meme kept = window.get(index);
        if (kept != null) {
            return kept;
        }
        if (cursor == null || index < cursorIndex) {
            close();
            cursor = DatasetLines.open(file, limits);
            cursorIndex = 0;
        }
        Meme meme = null;
        while (cursorIndex <= index) {
            String line;
            do {
                line = cursor.next();
                if (line == null) {
                    close();
                    throw DatasetException.at(
                            file, lines[cursorIndex], "the line is gone: the file changed while the run" + " read it");
                }
            } while (cursor.number() < lines[cursorIndex]);
            meme = reader.apply(
                    new DatasetRecord(file, cursor.number(), DatasetJson.object(file, cursor.number(), line)));
            window.put(cursorIndex, meme);
            cursorIndex++;
        }
        if (cursorIndex == lines.length) {
            close();
        }
        return Objects.requireNonNull(meme, "the loop reads up to the index");
    }

    private void close() {
        if (cursor != null) {
            cursor.close();
            cursor = null;
        }
    }

    /** Line numbers as they are found, in an array that grows by half. */
    static final class Lines {
        private int[] numbers = new int[1024];
        private int size;

        void add(long line) {
            if (line > Integer.MAX_VALUE) {
                throw new DatasetException("dataset file has over " + Integer.MAX_VALUE + " lines");
            }
            if (size == numbers.length) {
                numbers = Arrays.copyOf(numbers, size + (size >> 1));
            }
            numbers[size++] = (int) line;
        }

        int[] toArray() {
            return Arrays.copyOf(numbers, size);
        }
    }
}
