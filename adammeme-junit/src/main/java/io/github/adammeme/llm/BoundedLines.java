package io.github.adammeme.llm;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a JSONL stream (a batch's output file, the batch journal), each decoded strictly as
 * UTF-8 and refused past a cap while it is read, so a broken or hostile file never fills the heap.
 */
final class BoundedLines implements Closeable {

    /** A line past the cap, or one that is not UTF-8. */
    static final class BadLine extends IOException {
        BadLine(String message) {
            super(message);
        }
    }

    private final InputStream in;
    private final int maxLineBytes;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long number;
    private boolean ended = true;

    BoundedLines(InputStream in, int maxLineBytes) {
        this.in = new BufferedInputStream(in, 64 << 10);
        this.maxLineBytes = maxLineBytes;
    }

    /**
     * @return the next line without its end (LF or CRLF), or null at the end of the stream
     * @throws BadLine when the line is longer than the cap or not UTF-8
     * @throws IOException when the stream fails
     */
    String next() throws IOException {
        line.reset();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (line.size() >= maxLineBytes) {
                throw new BadLine("line " + (number + 1) + " is longer than " + maxLineBytes + " bytes");
            }
            line.write(b);
        }
        if (b == -1 && line.size() == 0) {
            return null;
        }
        number++;
        ended = b == '\n';
        byte[] bytes = line.toByteArray();
        int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, length)).toString();
        } catch (CharacterCodingException e) {
            throw new BadLine("line " + number + " is not UTF-8");
        }
    }

    /** @return the number of the line {@link #next} returned last, from 1 */
    long number() {
        return number;
    }

    /** @return whether the line returned last ended with a line break (a write cut short leaves one without) */
    boolean ended() {
        return ended;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
