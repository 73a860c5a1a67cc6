package io.github.adammeme.internal.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Records appended one after another as bytes, for what a run keeps of every meme or pair until its
 * report: numbers take 7 bits a byte, strings that repeat from record to record (categories, labels, an
 * origin's file) are stored once and named by number, and any other string is stored inline char by char,
 * so that every string, lone surrogates included, comes back as it went in. 0 stands for null wherever a
 * value may be missing. Appending is single-threaded; once filled, any number of threads may read.
 */
final class PackedRecords {

    private static final int BLOCK = 1 << 16;

    private final List<String> strings = new ArrayList<>();
    private final Map<String, Integer> codes = new HashMap<>();
    private final List<byte[]> blocks = new ArrayList<>();
    private long[] starts = new long[64];
    private long end;
    private int size;

    /** Starts the next record. */
    void begin() {
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size + (size >> 1));
        }
        starts[size++] = end;
    }

    /** @return how many records were begun */
    int size() {
        return size;
    }

    /** @return how many distinct repeated strings are held */
    int distinctStrings() {
        return strings.size();
    }

    /**
     * @param index a record's place
     * @return a reader at its first byte
     */
    Reader read(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return new Reader(starts[index]);
    }

    void codes(@Nullable List<String> values) {
        number(values == null ? 0 : values.size() + 1);
        if (values != null) {
            values.forEach(this::code);
        }
    }

    void code(@Nullable String value) {
        if (value == null) {
            number(0);
            return;
        }
        Integer code = codes.get(value);
        if (code == null) {
            code = strings.size();
            strings.add(value);
            codes.put(value, code);
        }
        number(code + 1);
    }

    void text(@Nullable String value) {
        if (value == null) {
            number(0);
            return;
        }
        number(value.length() + 1);
        for (int i = 0; i < value.length(); i++) {
            number(value.charAt(i));
        }
    }

    void number(int value) {
        while ((value & ~0x7F) != 0) {
            write((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        write(value);
    }

    private void write(int b) {
        int offset = (int) (end % BLOCK);
        if (offset == 0 && end / BLOCK == blocks.size()) {
            blocks.add(new byte[BLOCK]);
        }
        blocks.get((int) (end / BLOCK))[offset] = (byte) b;
        end++;
    }

    /** Reads one record from its first byte on, in the order it was written. */
    final class Reader {

        private long position;

        private Reader(long position) {
            this.position = position;
        }

        int number() {
            int value = 0;
            for (int shift = 0; ; shift += 7) {
                int b = blocks.get((int) (position / BLOCK))[(int) (position % BLOCK)];
                position++;
                value |= (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
        }

        @Nullable
        String code() {
            int code = number();
            return code == 0 ? null : strings.get(code - 1);
        }

        @Nullable
        List<String> codes() {
            int count = number();
            if (count == 0) {
                return null;
            }
            String[] values = new String[count - 1];
            for (int i = 0; i < values.length; i++) {
                values[i] = code();
            }
            return Collections.unmodifiableList(Arrays.asList(values));
        }

        @Nullable
        String text() {
            int length = number();
            if (length == 0) {
                return null;
            }
            char[] chars = new char[length - 1];
            for (int i = 0; i < chars.length; i++) {
                chars[i] = (char) number();
            }
            return new String(chars);
        }
    }
}
