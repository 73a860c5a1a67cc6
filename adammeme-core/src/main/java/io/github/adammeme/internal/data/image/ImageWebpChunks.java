package io.github.adammeme.internal.data.image;

import static io.github.adammeme.internal.data.image.ImageHeaders.fourCc;
import static io.github.adammeme.internal.data.image.ImageHeaders.le16;
import static io.github.adammeme.internal.data.image.ImageHeaders.le24;
import static io.github.adammeme.internal.data.image.ImageHeaders.le32;
import static io.github.adammeme.internal.data.image.ImageHeaders.u8;

import org.jspecify.annotations.Nullable;

/**
 * A WebP's RIFF chunks walked to the end its RIFF header gives, which must be within the file:
 * the size of a simple file from its VP8 or VP8L bitstream header, of an extended one (VP8X) from
 * its canvas and from every frame inside it, whichever is larger, since the decoder allocates both.
 */
final class ImageWebpChunks {

    private static final int RIFF_HEADER = 12;
    private static final int CHUNK_HEADER = 8;
    /** An ANMF frame's header: position, size, duration and flags, before its own chunks. */
    private static final int FRAME_HEADER = 16;

    private ImageWebpChunks() {}

    static ImageHeader walk(byte[] b) throws ImageCorruption {
        long end = 8 + le32(b, 4);
        if (end > b.length) {
            throw new ImageCorruption(
                    "its RIFF header gives " + end + " bytes but the file has " + b.length + " (truncated?)");
        }
        Size size = new Size();
        long first = RIFF_HEADER;
        if (first + CHUNK_HEADER > end) {
            throw new ImageCorruption("it ends before its first chunk (truncated?)");
        }
        String type = fourCc(b, first);
        long payload = first + CHUNK_HEADER;
        long length = payloadLength(b, first, end);
        switch (type) {
            case "VP8 ", "VP8L" -> size.bitstream(b, type, payload, length);
            case "VP8X" -> {
                if (length < 10) {
                    throw new ImageCorruption("its VP8X chunk is " + length + " bytes, too short for a canvas");
                }
                size.add(le24(b, payload + 4) + 1, le24(b, payload + 7) + 1);
                walkChunks(b, next(first, length), end, size, true);
            }
            default -> throw new ImageCorruption("its first chunk is " + type + ", not VP8, VP8L or VP8X");
        }
        if (size.lossy == null) {
            throw new ImageCorruption("it has no VP8 or VP8L image data");
        }
        // Four bytes a pixel: TwelveMonkeys decodes into ARGB, or BGR when there is no alpha.
        return new ImageHeader(ImageFormat.WEBP, size.width, size.height, size.lossy, 4, size.prefixCodedBytes);
    }

    /**
     * The chunks from one place to an end, and inside each animation frame the frame's own chunks; a
     * frame inside a frame is not WebP, and following it would let the file choose the stack's depth.
     */
    private static void walkChunks(byte[] b, long at, long end, Size size, boolean topLevel) throws ImageCorruption {
        while (at + CHUNK_HEADER <= end) {
            String type = fourCc(b, at);
            long payload = at + CHUNK_HEADER;
            long length = payloadLength(b, at, end);
            if (type.equals("VP8 ") || type.equals("VP8L")) {
                size.bitstream(b, type, payload, length);
            } else if (type.equals("ALPH")) {
                size.prefixCoded(length); // alpha is VP8L-coded, or stored plain, which costs no more
            } else if (type.equals("ANMF")) {
                if (!topLevel) {
                    throw new ImageCorruption("its ANMF chunk at byte " + at + " is inside another frame");
                }
                if (length < FRAME_HEADER) {
                    throw new ImageCorruption(
                            "its ANMF chunk at byte " + at + " is " + length + " bytes, too short for a frame");
                }
                size.add(le24(b, payload + 6) + 1, le24(b, payload + 9) + 1);
                walkChunks(b, payload + FRAME_HEADER, payload + length, size, false);
            }
            at = next(at, length);
        }
    }

    private static long payloadLength(byte[] b, long at, long end) throws ImageCorruption {
        long length = le32(b, at + 4);
        if (at + CHUNK_HEADER + length > end) {
            throw ImageHeaders.pastTheEnd("its " + fourCc(b, at) + " chunk", at, length, end, "its RIFF data");
        }
        return length;
    }

    /** Chunks are padded to an even length. */
    private static long next(long at, long length) {
        return at + CHUNK_HEADER + length + (length & 1);
    }

    /** The largest size seen so far, whether the first bitstream was lossy, and the largest VP8L-coded chunk. */
    private static final class Size {
        int width;
        int height;

        @Nullable
        Boolean lossy;

        long prefixCodedBytes;

        void prefixCoded(long length) {
            prefixCodedBytes = Math.max(prefixCodedBytes, length);
        }

        void add(int w, int h) throws ImageCorruption {
            if (w < 1 || h < 1) {
                throw new ImageCorruption("it gives a size of " + w + " x " + h);
            }
            width = Math.max(width, w);
            height = Math.max(height, h);
        }

        /** A VP8 key frame's or a VP8L header's size (RFC 6386 section 9.1; the WebP lossless format, section 3). */
        void bitstream(byte[] b, String type, long at, long length) throws ImageCorruption {
            boolean vp8 = type.equals("VP8 ");
            if (length < (vp8 ? 10 : 5)) {
                throw new ImageCorruption("its " + type.strip() + " chunk at byte " + (at - CHUNK_HEADER) + " is "
                        + length + " bytes, too short for a header");
            }
            if (vp8) {
                if ((u8(b, at) & 1) != 0 || u8(b, at + 3) != 0x9D || u8(b, at + 4) != 0x01 || u8(b, at + 5) != 0x2A) {
                    throw new ImageCorruption("its VP8 data does not start with a key frame");
                }
                add(le16(b, at + 6) & 0x3FFF, le16(b, at + 8) & 0x3FFF);
            } else {
                long bits = le32(b, at + 1);
                if (u8(b, at) != 0x2F || bits >>> 29 != 0) {
                    throw new ImageCorruption("its VP8L data has no valid signature and version");
                }
                add((int) (bits & 0x3FFF) + 1, (int) (bits >>> 14 & 0x3FFF) + 1);
                prefixCoded(length);
            }
            if (lossy == null) {
                lossy = vp8;
            }
        }
    }
}
