package io.github.adammeme.internal.data.image;

import java.nio.file.Path;

/**
 * Reads a picture's size and checks its structure from the container alone, before any decoder
 * sees it: a decoder trusts lengths and sizes an attacker wrote, so every length is checked here
 * against the file's end in long arithmetic, and every walk moves forward at each step, so it ends
 * in time linear in the file's size whatever the bytes say.
 *
 * <p>Why not the ImageIO readers' {@code getWidth(0)}, which read a size without decoding: a size is the least
 * of what is needed here. A PNG cut short after its IHDR, a chunk claiming more bytes than the file holds, a
 * GIF whose first frame is larger than its screen, a lossless WebP whose prefix codes would build
 * tables far beyond its pixels: each is found here, named, before any reader trusts a length, and the bytes
 * a pixel takes in the decoder's raster bound its memory in advance.
 */
final class ImageHeaders {

    private ImageHeaders() {}

    /** @throws ImageException naming the file when it is no PNG, JPEG, GIF or WebP, or its structure is broken */
    static ImageHeader read(Path file, byte[] bytes) {
        ImageFormat format = ImageFormat.sniff(bytes);
        if (format == null) {
            throw new ImageException("image " + file + " is not a PNG, JPEG, GIF or WebP file");
        }
        try {
            return switch (format) {
                case PNG -> ImagePngChunks.walk(bytes);
                case JPEG -> ImageJpegSegments.walk(bytes);
                case GIF -> ImageGifBlocks.walk(bytes);
                case WEBP -> ImageWebpChunks.walk(bytes);
            };
        } catch (ImageCorruption e) {
            throw new ImageException("image " + file + " is corrupt: " + e.getMessage());
        }
    }

    // Readers of fixed-width numbers. Callers check that the bytes are there first.

    static int u8(byte[] b, long at) {
        return b[(int) at] & 0xff;
    }

    static int be16(byte[] b, long at) {
        return u8(b, at) << 8 | u8(b, at + 1);
    }

    static long be32(byte[] b, long at) {
        return (long) be16(b, at) << 16 | be16(b, at + 2);
    }

    static int le16(byte[] b, long at) {
        return u8(b, at) | u8(b, at + 1) << 8;
    }

    static int le24(byte[] b, long at) {
        return le16(b, at) | u8(b, at + 2) << 16;
    }

    static long le32(byte[] b, long at) {
        return le16(b, at) | (long) le16(b, at + 2) << 16;
    }

    /** A chunk's four-character code as text when it is printable, in hex when it is not. */
    static String fourCc(byte[] b, long at) {
        StringBuilder code = new StringBuilder(4);
        for (int i = 0; i < 4; i++) {
            int c = u8(b, at + i);
            if (c < 0x20 || c > 0x7e) {
                return String.format("0x%08X", be32(b, at));
            }
            code.append((char) c);
        }
        return code.toString();
    }

    /** The reason given when a length runs past where its data may end. */
    static ImageCorruption pastTheEnd(String what, long at, long claimed, long end, String endName) {
        return new ImageCorruption(what + " at byte " + at + " claims " + claimed + " bytes, past the end of " + endName
                + " at byte " + end);
    }
}
