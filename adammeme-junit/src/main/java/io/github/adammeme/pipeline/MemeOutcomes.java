package io.github.adammeme.pipeline;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * Every input meme's outcome, in the order they were added, held as bytes rather than as objects: a
 * million memes' outcomes, with each Miner's vote, must fit beside the pipeline in a small heap. The
 * strings that repeat from meme to meme (an origin's file, categories, votes, dataset labels) are stored
 * once and named by number; a meme's id, its origin's line and its reason are stored inline. Each {@link #get} rebuilds an outcome
 * equal to the one added. Appending is single-threaded; once filled, any number of threads may read.
 */
final class MemeOutcomes extends AbstractList<MemeOutcome> implements RandomAccess {

    private static final int BLOCK = 1 << 16;
    private static final MemeOutcome.Status[] STATUSES = MemeOutcome.Status.values();

    private final List<String> strings = new ArrayList<>();
    private final Map<String, Integer> codes = new HashMap<>();
    private final List<byte[]> blocks = new ArrayList<>();
    private long[] starts = new long[64];
    private long end;
    private int size;

    /**
     * Appends an outcome.
     *
     * @param outcome the outcome of the next meme
     */
    void append(MemeOutcome outcome) {
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size + (size >> 1));
        }
        starts[size] = end;
        writeText(outcome.memeId());
        writeOrigin(outcome.origin());
        writeNumber(outcome.status().ordinal());
        writeCodes(outcome.categories());
        List<List<String>> votes = outcome.votes();
        writeNumber(votes == null ? 0 : votes.size() + 1);
        if (votes != null) {
            for (List<String> vote : votes) {
                writeCodes(vote);
            }
        }
        writeCodes(outcome.datasetLabels());
        writeText(outcome.reason());
        size++;
    }

    /** How many distinct repeated strings are held: it grows with the categories and labels, not with the memes. */
    int distinctStrings() {
        return strings.size();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public MemeOutcome get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        Reader in = new Reader(starts[index]);
        String id = in.text();
        String origin = in.origin();
        MemeOutcome.Status status = STATUSES[in.number()];
        List<String> categories = in.codes();
        int voteCount = in.number();
        List<List<String>> votes = null;
        if (voteCount > 0) {
            votes = new ArrayList<>(voteCount - 1);
            for (int i = 0; i < voteCount - 1; i++) {
                votes.add(in.codes());
            }
            votes = Collections.unmodifiableList(votes);
        }
        List<String> labels = in.codes();
        return new MemeOutcome(id, origin, status, categories, votes, labels, in.text());
    }

    // Numbers are variable-length (7 bits a byte); 0 stands for null wherever a value may be missing.

    /** An origin is a file and a line: the file is stored once, the line inline. */
    private void writeOrigin(String origin) {
        int colon = origin == null ? -1 : origin.lastIndexOf(':');
        writeNumber(origin == null ? 0 : colon < 0 ? 1 : 2);
        if (origin == null) {
            return;
        }
        if (colon < 0) {
            writeText(origin);
        } else {
            writeCode(origin.substring(0, colon));
            writeText(origin.substring(colon + 1));
        }
    }

    private void writeCodes(List<String> values) {
        writeNumber(values == null ? 0 : values.size() + 1);
        if (values != null) {
            values.forEach(this::writeCode);
        }
    }

    private void writeCode(String value) {
        if (value == null) {
            writeNumber(0);
            return;
        }
        Integer code = codes.get(value);
        if (code == null) {
            code = strings.size();
            strings.add(value);
            codes.put(value, code);
        }
        writeNumber(code + 1);
    }

    /** Every char as a number, so any string, lone surrogates included, comes back as it went in. */
    private void writeText(String value) {
        if (value == null) {
            writeNumber(0);
            return;
        }
        writeNumber(value.length() + 1);
        for (int i = 0; i < value.length(); i++) {
            writeNumber(value.charAt(i));
        }
    }

    private void writeNumber(int value) {
        while ((value & ~0x7F) != 0) {
            writeByte((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        writeByte(value);
    }

    private void writeByte(int b) {
        int offset = (int) (end % BLOCK);
        if (offset == 0 && end / BLOCK == blocks.size()) {
            blocks.add(new byte[BLOCK]);
        }
        blocks.get((int) (end / BLOCK))[offset] = (byte) b;
        end++;
    }

    /** Reads one outcome from its first byte on. */
    private final class Reader {

        private long position;

        Reader(long position) {
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

        String origin() {
            return switch (number()) {
                case 0 -> null;
                case 1 -> text();
                default -> code() + ":" + text();
            };
        }

        String code() {
            int code = number();
            return code == 0 ? null : strings.get(code - 1);
        }

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
