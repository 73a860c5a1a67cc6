package io.github.adammeme.internal.util;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a JSONL file or stream, read the one way every dataset, bank, journal, batch output
 * and run file is read: a UTF-8 byte-order mark at the start is dropped (editors on Windows write
 * one, and it would otherwise stick to the first field), each line is decoded strictly (a stray byte
 * is named by line and column, never replaced by U+FFFD), LF and CRLF end a line, and a line longer
 * than the cap is refused while it is read, so no more than the cap is ever held however long the
 * line is. Each line is then parsed by Jackson.
 *
 * <p>Why not Jackson's {@code MappingIterator} over the whole stream: it reads values, not lines, so a value
 * split over two lines or two values on one line pass unnoticed, and after a malformed value it cannot go on
 * at the next line to name the next bad one. Nor can it bound a line: {@code StreamReadConstraints
 * .maxDocumentLength} counts the whole stream, not a line, and {@code maxStringLength} bounds one string,
 * not a line of many.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class JsonLines implements Closeable {

    /** A line over the cap, or one that is not UTF-8: the message says which, {@link #line()} where. */
    public static final class BadLine extends IOException {
        private static final long serialVersionUID = 1L;

        /** The line's number, from 1. */
        private final long line;
        /** Whether the line was over the cap, else not UTF-8. */
        private final boolean tooLong;

        BadLine(long line, boolean tooLong, String message) {
            super(message);
            this.line = line;
            this.tooLong = tooLong;
        }

        /** @return the line's number, from 1 */
        public long line() {
            return line;
        }

        /** @return whether the line was over the cap (else it was not UTF-8) */
        public boolean tooLong() {
            return tooLong;
        }
    }

    private static final int CHUNK_BYTES = 64 << 10;
    private static final int FIRST_LINE_BUFFER = 8 << 10;
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final InputStream in;
    private final int maxLineBytes;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] chunk = new byte[CHUNK_BYTES];
    private int chunkPos;
    private int chunkEnd;
    private byte[] line;
    private int lineLength;
    private long number;
    private boolean atEnd;
    private boolean ended = true;

    /**
     * @param in the bytes, closed with this reader
     * @param maxLineBytes the longest line read, in bytes
     */
    public JsonLines(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
        this.line = new byte[Math.min(FIRST_LINE_BUFFER, maxLineBytes + 1)];
    }

    /** @return the number of the line {@link #next()} returned last, from 1 */
    public long number() {
        return number;
    }

    /** @return whether the line returned last ended with a line break (a write cut short leaves one without) */
    public boolean ended() {
        return ended;
    }

    /**
     * @return the next line without its line break, or null at the end
     * @throws BadLine when the line is over the cap or not UTF-8
     * @throws IOException when the stream cannot be read
     */
    public @Nullable String next() throws IOException {
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
                ended = false;
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
                ended = true;
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

    private boolean fill() throws IOException {
        int read = in.read(chunk);
        chunkPos = 0;
        chunkEnd = Math.max(read, 0);
        return read > 0;
    }

    /** Holds one byte beyond the cap, since a CR there may yet be followed by LF and belong to the break. */
    private void append(int from, int count) throws BadLine {
        if (lineLength + count > maxLineBytes + 1) {
            throw tooLong(number + 1);
        }
        if (lineLength + count > line.length) {
            line = Arrays.copyOf(
                    line, (int) Math.min(maxLineBytes + 1L, Math.max(2L * line.length, lineLength + count)));
        }
        System.arraycopy(chunk, from, line, lineLength, count);
        lineLength += count;
    }

    private BadLine tooLong(long lineNumber) {
        return new BadLine(lineNumber, true, "the line is over " + maxLineBytes + " bytes");
    }

    private String decoded() throws BadLine {
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
            throw new BadLine(
                    number,
                    false,
                    String.format("not UTF-8 text (byte 0x%02X at column %d)", line[at] & 0xFF, at - offset + 1));
        }
        decoder.flush(chars);
        return chars.flip().toString();
    }

    private boolean startsWithBom() {
        return lineLength >= BOM.length && line[0] == BOM[0] && line[1] == BOM[1] && line[2] == BOM[2];
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
