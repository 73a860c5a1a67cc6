package io.github.adammeme.internal.data;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.util.JsonLines;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a user-named dataset or bank file, as {@link JsonLines} reads every JSONL file, with
 * each refusal a {@link DatasetException} that names the file, the line and, for a line too long,
 * the key that sets the cap.
 */
final class DatasetLines implements Closeable {

    private final Path file;
    private final JsonLines lines;
    private final int maxLineBytes;

    private DatasetLines(Path file, JsonLines lines, int maxLineBytes) {
        this.file = file;
        this.lines = lines;
        this.maxLineBytes = maxLineBytes;
    }

    /** @throws DatasetException when the file cannot be opened */
    static DatasetLines open(Path file, DatasetLimits limits) {
        try {
            return new DatasetLines(
                    file, new JsonLines(Files.newInputStream(file), limits.maxLineBytes()), limits.maxLineBytes());
        } catch (IOException e) {
            throw new DatasetException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
    }

    Path file() {
        return file;
    }

    int maxLineBytes() {
        return maxLineBytes;
    }

    /** The number of the line {@link #next()} returned last, from 1. */
    long number() {
        return lines.number();
    }

    /**
     * @return the next line without its line break, or null at the end of the file
     * @throws DatasetException naming the file and line of a line that is too long or not UTF-8
     */
    @Nullable
    String next() {
        try {
            return lines.next();
        } catch (JsonLines.BadLine e) {
            throw DatasetException.at(
                    file,
                    e.line(),
                    e.getMessage() + (e.tooLong() ? " (" + Constants.DATASET_MAX_LINE_BYTES + ")" : ""));
        } catch (IOException e) {
            throw new DatasetException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            lines.close();
        } catch (IOException ignored) {
            // the file was only read: whatever it held has been read or refused already
        }
    }
}
