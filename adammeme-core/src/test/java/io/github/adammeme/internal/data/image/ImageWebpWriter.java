package io.github.adammeme.internal.data.image;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.BiPredicate;

/**
 * Writes lossless WebP files for tests: TwelveMonkeys reads WebP but cannot write it, and a test
 * needs pictures of any size. Each pixel is black or white, so every channel takes a two-symbol
 * "simple" prefix code and one bit: the smallest valid VP8L bitstream there is.
 */
final class ImageWebpWriter {

    private ImageWebpWriter() {}

    /** A WIDTH x HEIGHT lossless WebP, white where the pattern says so and black elsewhere. */
    static byte[] lossless(int width, int height, BiPredicate<Integer, Integer> white) {
        Bits bits = new Bits();
        bits.write(0x2F, 8); // VP8L signature
        bits.write(width - 1, 14);
        bits.write(height - 1, 14);
        bits.write(0, 1); // no alpha
        bits.write(0, 3); // version 0
        bits.write(0, 1); // no transform
        bits.write(0, 1); // no colour cache
        bits.write(0, 1); // no meta prefix codes
        for (int channel = 0; channel < 3; channel++) { // green, red, blue: symbols 0 and 255
            bits.write(1, 1);
            bits.write(1, 1);
            bits.write(1, 1);
            bits.write(0, 8);
            bits.write(255, 8);
        }
        bits.write(0b101, 3); // alpha: simple, one symbol, written on 8 bits...
        bits.write(255, 8); // ...always opaque
        bits.write(0b001, 3); // distance: simple, one symbol on 1 bit...
        bits.write(0, 1); // ...symbol 0, never used
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int on = white.test(x, y) ? 1 : 0;
                bits.write(on | on << 1 | on << 2, 3); // green, red, blue
            }
        }
        return riff("VP8L", bits.bytes());
    }

    /**
     * A lossless WebP whose every 4 x 4 block has a prefix-code group of its own, up to the number
     * given: each group costs a decoder five Huffman tables, while its pixels cost no bits at all.
     */
    static byte[] prefixCodeGroups(int width, int height, int groups) {
        Bits bits = new Bits();
        bits.write(0x2F, 8);
        bits.write(width - 1, 14);
        bits.write(height - 1, 14);
        bits.write(0, 4); // no alpha, version 0
        bits.write(0, 1); // no transform
        bits.write(0, 1); // no colour cache
        bits.write(1, 1); // meta prefix codes...
        bits.write(0, 3); // ...one group per 4 x 4 block
        int blocks = ((width + 3) / 4) * ((height + 3) / 4);
        bits.write(0, 1); // the entropy image: no colour cache, group numbers in green (low byte) and red (high byte)
        flatCode(bits, 256 + 24);
        flatCode(bits, 256);
        for (int code = 0; code < 3; code++) {
            oneSymbol(bits, 0); // blue, alpha, distance
        }
        for (int block = 0; block < blocks; block++) {
            int group = block % groups;
            bits.writeCode(group & 0xff, 8);
            bits.writeCode(group >> 8, 8);
        }
        for (int group = 0; group < groups; group++) {
            oneSymbol(bits, 0); // green
            oneSymbol(bits, 0); // red
            oneSymbol(bits, 0); // blue
            oneSymbol(bits, 255); // alpha
            oneSymbol(bits, 0); // distance
        }
        return riff("VP8L", bits.bytes()); // every pixel black, in no bits
    }

    /** A prefix code giving each of the first 256 symbols 8 bits, and none to the rest. */
    private static void flatCode(Bits bits, int alphabet) {
        bits.write(0, 1); // a normal code
        bits.write(12 - 4, 4); // 12 code-length code lengths, in the order 17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8
        for (int order = 0; order < 12; order++) {
            bits.write(order == 2 || order == 11 ? 1 : 0, 3); // lengths 0 and 8 take one bit each
        }
        bits.write(0, 1); // every symbol of the alphabet follows
        for (int symbol = 0; symbol < alphabet; symbol++) {
            bits.write(symbol < 256 ? 1 : 0, 1); // length 8 has code 1, length 0 code 0
        }
    }

    /** A "simple" prefix code of one 8-bit symbol, which takes no bits to read. */
    private static void oneSymbol(Bits bits, int symbol) {
        bits.write(0b101, 3);
        bits.write(symbol, 8);
    }

    /** The header of a lossless WebP that claims a size, with no picture behind it. */
    static byte[] losslessHeader(int width, int height) {
        Bits bits = new Bits();
        bits.write(0x2F, 8);
        bits.write(width - 1, 14);
        bits.write(height - 1, 14);
        bits.write(0, 4);
        return riff("VP8L", bits.bytes());
    }

    /** A RIFF file of one WebP chunk. */
    static byte[] riff(String fourCc, byte[] payload) {
        return riff(chunk(fourCc, payload));
    }

    /** A RIFF file of these chunks, its size field true to them. */
    static byte[] riff(byte[]... chunks) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes("WEBP".getBytes(StandardCharsets.US_ASCII));
        for (byte[] chunk : chunks) {
            body.writeBytes(chunk);
        }
        return ByteBuffer.allocate(8 + body.size())
                .order(ByteOrder.LITTLE_ENDIAN)
                .put("RIFF".getBytes(StandardCharsets.US_ASCII))
                .putInt(body.size())
                .put(body.toByteArray())
                .array();
    }

    /** One chunk, padded to an even length. */
    static byte[] chunk(String fourCc, byte[] payload) {
        int padded = payload.length + (payload.length & 1);
        return ByteBuffer.allocate(8 + padded)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put(fourCc.getBytes(StandardCharsets.US_ASCII))
                .putInt(payload.length)
                .put(payload)
                .array();
    }

    /** A VP8X chunk's payload: no flags, and a canvas of this size. */
    static byte[] canvas(int width, int height) {
        return ByteBuffer.allocate(10)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(0)
                .putShort((short) (width - 1))
                .put((byte) ((width - 1) >> 16))
                .putShort((short) (height - 1))
                .put((byte) ((height - 1) >> 16))
                .array();
    }

    /** The VP8L bitstream inside a lossless WebP file, to put in a chunk of another file. */
    static byte[] bitstream(byte[] webp) {
        int length = ByteBuffer.wrap(webp, 16, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        return Arrays.copyOfRange(webp, 20, 20 + length);
    }

    /** Bits packed least significant first, as VP8L reads them. */
    private static final class Bits {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private long pending;
        private int count;

        void write(int value, int width) {
            pending |= (long) value << count;
            count += width;
            while (count >= 8) {
                out.write((int) pending & 0xff);
                pending >>>= 8;
                count -= 8;
            }
        }

        /** A prefix code's bits go first to last, each in turn at the next free bit. */
        void writeCode(int code, int length) {
            for (int bit = length - 1; bit >= 0; bit--) {
                write(code >> bit & 1, 1);
            }
        }

        byte[] bytes() {
            if (count > 0) {
                out.write((int) pending & 0xff);
                pending = 0;
                count = 0;
            }
            return out.toByteArray();
        }
    }
}
