package io.github.adammeme.internal.data.image;

import static io.github.adammeme.internal.data.image.ImageHeaders.le16;
import static io.github.adammeme.internal.data.image.ImageHeaders.u8;

/**
 * A GIF's blocks walked to the end of its first picture, the only one decoded: the logical screen's
 * size from the header, the first frame's from its descriptor (a frame may be larger than the
 * screen, and the decoder allocates the frame), and every sub-block inside the file.
 */
final class ImageGifBlocks {

    private static final int HEADER = 13;

    private ImageGifBlocks() {}

    static ImageHeader walk(byte[] b) throws ImageCorruption {
        if (b.length < HEADER) {
            throw new ImageCorruption("it ends inside its header (truncated?)");
        }
        int screenWidth = le16(b, 6);
        int screenHeight = le16(b, 8);
        long at = (long) HEADER + colourTable(u8(b, 10));
        while (at < b.length) {
            int block = u8(b, at);
            if (block == 0x21) { // an extension: label, then sub-blocks
                at = afterSubBlocks(b, at + 2);
            } else if (block == 0x2C) { // the first image: descriptor, colour table, LZW code size, sub-blocks
                if (at + 10 > b.length) {
                    break;
                }
                int width = le16(b, at + 5);
                int height = le16(b, at + 7);
                if (width < 1 || height < 1) {
                    throw new ImageCorruption("its first image at byte " + at + " is " + width + " x " + height);
                }
                afterSubBlocks(b, at + 10 + colourTable(u8(b, at + 9)) + 1);
                // One byte a pixel: the decoder keeps a GIF's palette indices.
                return new ImageHeader(
                        ImageFormat.GIF, Math.max(screenWidth, width), Math.max(screenHeight, height), false, 1, 0);
            } else if (block == 0x3B) {
                throw new ImageCorruption("its trailer at byte " + at + " comes before any image");
            } else {
                throw new ImageCorruption(String.format("it has an unknown block 0x%02X at byte %d", block, at));
            }
        }
        throw new ImageCorruption("it ends before its first image is whole (truncated?)");
    }

    /** A colour table's size from a packed field: 3 bytes for each of 2^(n+1) colours, when present. */
    private static int colourTable(int packed) {
        return (packed & 0x80) == 0 ? 0 : 3 << ((packed & 7) + 1);
    }

    /** Where a chain of sub-blocks ends: each is a length byte and that many bytes, up to a zero length. */
    private static long afterSubBlocks(byte[] b, long at) throws ImageCorruption {
        while (at < b.length) {
            int size = u8(b, at);
            at += 1 + size;
            if (size == 0) {
                return at;
            }
        }
        throw new ImageCorruption("it ends before its first image is whole (truncated?)");
    }
}
