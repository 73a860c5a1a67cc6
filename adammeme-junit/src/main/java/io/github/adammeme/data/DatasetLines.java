package io.github.adammeme.data;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The lines of a user-named text file, read the one way every dataset and bank file is read: a UTF-8
 * byte-order mark at the start is dropped (editors on Windows write one, and it would otherwise
 * stick to the first field), each line is decoded strictly (a stray byte is named by line and
 * column, never replaced by U+FFFD), LF and CRLF end a line, and a line longer than the cap is refused
 * while it is read, so no more than the cap is ever held however long the line is.
 */
final class DatasetLines implements Closeable {

    private static final int CHUNK_BYTES = 64 << 10;
    private static final int FIRST_LINE_BUFFER = 8 << 10;
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final Path file;
    private final InputStream in;
    private final int maxLineBytes;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] chunk = new byte[CHUNK_BYTES];
    private int chunkPos;
    private int chunkEnd;
    private byte[] line;
    private int lineLength;
    private long number;
    private boolean atEnd;

    private DatasetLines(Path file, InputStream in, int maxLineBytes) {
        this.file = file;
        this.in = in;
        this.maxLineBytes = maxLineBytes;
        this.line = new byte[Math.min(FIRST_LINE_BUFFER, maxLineBytes + 1)];
    }

    /** @throws DatasetException when the file cannot be opened */
    static DatasetLines open(Path file, DatasetLimits limits) {
        try {
            return new DatasetLines(file, Files.newInputStream(file), limits.maxLineBytes());
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
        return number;
    }

    /**
     * @return the next line without its line break, or null at the end of the file
     * @throws DatasetException naming the file and line of a line that is too long or not UTF-8
     */
    String next() {
        if (atEnd) {
            return null;
        }
        lineLength = 0;
        boolean any = false;
        while (true) {
            if (chunkPos == chunkEnd && !fill()) {
                atEnd = true;
                if (!any) {
                    return null;
                }
                number++;
                return decoded();
            }
            any = true;
            int start = chunkPos;
            int newline = indexOfNewline(start);
            int stop = newline < 0 ? chunkEnd : newline;
            append(start, stop - start);
            if (newline >= 0) {
                chunkPos = newline + 1;
                number++;
                if (lineLength > 0 && line[lineLength - 1] == '\r') {
                    lineLength--;
                }
                return decoded();
            }
            chunkPos = chunkEnd;
        }
    }

    private int indexOfNewline(int from) {
        for (int i = from; i < chunkEnd; i++) {
            if (chunk[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private boolean fill() {
        try {
            int read = in.read(chunk);
            chunkPos = 0;
            chunkEnd = Math.max(read, 0);
            return read > 0;
        } catch (IOException e) {
            throw new DatasetException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Holds one byte beyond the cap, since a CR there may yet be followed by LF and belong to the break. */
    private void append(int from, int count) {
        if (lineLength + count > maxLineBytes + 1) {
            throw tooLong(number + 1);
        }
        if (lineLength + count > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(maxLineBytes + 1L, Math.max(2L * line.length, lineLength + count)));
        }
        System.arraycopy(chunk, from, line, lineLength, count);
        lineLength += count;
    }

    private DatasetException tooLong(long lineNumber) {
        return DatasetException.at(file, lineNumber, "the line is over " + maxLineBytes + " bytes ("
                + DatasetLimits.MAX_LINE_BYTES_KEY + ")");
    }

    private String decoded() {
        if (lineLength > maxLineBytes) {
            throw tooLong(number);
        }
        int offset = number == 1 && startsWithBom() ? BOM.length : 0;
        ByteBuffer bytes = ByteBuffer.wrap(line, offset, lineLength - offset);
        CharBuffer chars = CharBuffer.allocate(lineLength - offset);
        decoder.reset();
        CoderResult result = decoder.decode(bytes, chars, true);
        if (result.isError()) {
            int at = bytes.position();
            throw DatasetException.at(file, number, String.format("not UTF-8 text (byte 0x%02X at column %d)",
                    line[at] & 0xFF, at - offset + 1));
        }
        decoder.flush(chars);
        return chars.flip().toString();
    }

    private boolean startsWithBom() {
        return lineLength >= BOM.length && line[0] == BOM[0] && line[1] == BOM[1] && line[2] == BOM[2];
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException ignored) {
            // the file was only read: whatever it held has been read or refused already
        }
    }
}
