package io.github.adammeme.internal.data;

import io.github.adammeme.Constants;
import java.io.Reader;
import org.jspecify.annotations.Nullable;

/**
 * {@link DatasetLines} as the Reader commons-csv parses, each line given back with an LF. A quoted
 * field may run over several lines, so bounding lines alone would let one unclosed quote gather the
 * rest of the file into one field: the bytes handed over since the record began are counted too, and
 * a record is held to the same cap as a line. commons-csv reads ahead through its own buffer (8 KiB),
 * so a record may pass the cap by that much before it is refused; it never grows further.
 *
 * <p>It also tells what the parser's own count cannot: the line a record begins on when empty lines (which
 * commons-csv skips) come before it, and whether the parser has read to the end of the file.
 */
final class LinesReader extends Reader {

    private final DatasetLines lines;
    private @Nullable String pushedBack;
    private String current = "";
    private int position;
    private long recordBytes;
    private long recordLine = 1;
    private long recordFirstLine;
    private long lastLine;
    private boolean ended;

    /** @param firstLine a line already taken from {@code lines} (to look at the header), given back first */
    LinesReader(DatasetLines lines, String firstLine) {
        this.lines = lines;
        this.pushedBack = firstLine;
    }

    /**
     * A new record begins at this line, or at the first line after it that is not empty: its bytes are counted
     * from here.
     */
    void startRecord(long line) {
        recordBytes = 0;
        recordLine = line;
        // a line already handed over cannot be looked at again: the record is taken to begin there
        recordFirstLine = lastLine >= line ? line : 0;
    }

    /** @return the line the current record begins on: its first line that is not empty */
    long recordLine() {
        return recordFirstLine > 0 ? recordFirstLine : recordLine;
    }

    /** @return the last line handed to the parser, which is as far as it has read */
    long lastLine() {
        return lastLine;
    }

    /** @return whether the parser has asked for more after the last line */
    boolean ended() {
        return ended;
    }

    @Override
    public int read(char[] buffer, int offset, int length) {
        if (length == 0) {
            return 0;
        }
        if (position == current.length()) {
            String next = pushedBack != null ? pushedBack : lines.next();
            pushedBack = null;
            if (next == null) {
                ended = true;
                return -1;
            }
            lastLine = lines.number();
            if (recordFirstLine == 0 && lastLine >= recordLine && !next.isEmpty()) {
                recordFirstLine = lastLine;
            }
            current = next + "\n";
            position = 0;
        }
        int count = Math.min(length, current.length() - position);
        for (int i = position; i < position + count; i++) {
            recordBytes += utf8Bytes(current.charAt(i));
        }
        if (recordBytes > lines.maxLineBytes()) {
            throw DatasetException.at(
                    lines.file(),
                    recordLine(),
                    "the record is over " + lines.maxLineBytes() + " bytes (" + Constants.DATASET_MAX_LINE_BYTES
                            + "); is a quoted field left open?");
        }
        current.getChars(position, position + count, buffer, offset);
        position += count;
        return count;
    }

    /** A surrogate is half of a four-byte character. */
    private static int utf8Bytes(char c) {
        return c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
    }

    @Override
    public void close() {
        lines.close();
    }
}
