package io.github.adammeme.internal.data.image;

import static io.github.adammeme.internal.data.image.ImageHeaders.be32;
import static io.github.adammeme.internal.data.image.ImageHeaders.fourCc;
import static io.github.adammeme.internal.data.image.ImageHeaders.u8;

import java.util.Arrays;

/** A PNG's chunks walked to IEND: its size from IHDR, and no chunk running past the file's end. */
final class ImagePngChunks {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    /** PNG's own ceiling for a width or a height. */
    private static final long MAX_SIDE = Integer.MAX_VALUE;

    private ImagePngChunks() {}

    static ImageHeader walk(byte[] b) throws ImageCorruption {
        if (b.length < SIGNATURE.length || !Arrays.equals(b, 0, SIGNATURE.length, SIGNATURE, 0, SIGNATURE.length)) {
            throw new ImageCorruption("its PNG signature is damaged");
        }
        long width = 0;
        long height = 0;
        int bytesPerPixel = 0;
        boolean data = false;
        long at = SIGNATURE.length;
        while (true) {
            if (at + 8 > b.length) {
                throw new ImageCorruption("it ends before its IEND chunk (truncated?)");
            }
            long length = be32(b, at);
            String type = fourCc(b, at + 4);
            // Some writers leave out IEND's checksum, and decoders accept that: IEND ends the walk as soon as it is
            // seen.
            if (type.equals("IEND") && at > SIGNATURE.length) {
                break;
            }
            long end = at + 12 + length;
            if (end > b.length) {
                throw ImageHeaders.pastTheEnd("its " + type + " chunk", at, length, b.length, "the file");
            }
            if (at == SIGNATURE.length) {
                if (!type.equals("IHDR") || length != 13) {
                    throw new ImageCorruption(
                            "its first chunk is " + type + " of " + length + " bytes, not IHDR of 13");
                }
                width = be32(b, at + 8);
                height = be32(b, at + 12);
                if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
                    throw new ImageCorruption("its IHDR gives a size of " + width + " x " + height);
                }
                bytesPerPixel = bytesPerPixel(u8(b, at + 16), u8(b, at + 17));
            }
            data |= type.equals("IDAT");
            at = end;
        }
        if (!data) {
            throw new ImageCorruption("it has no image data (no IDAT chunk before IEND)");
        }
        return new ImageHeader(ImageFormat.PNG, (int) width, (int) height, false, bytesPerPixel, 0);
    }

    /** Channels for the colour type (grey, RGB, palette, grey and alpha, RGBA) times bytes per sample. */
    private static int bytesPerPixel(int bitDepth, int colourType) throws ImageCorruption {
        int channels = switch (colourType) {
            case 0, 3 -> 1;
            case 2 -> 3;
            case 4 -> 2;
            case 6 -> 4;
            default ->
                throw new ImageCorruption("its IHDR gives colour type " + colourType + ", which PNG does not have");
        };
        return channels * (bitDepth > 8 ? 2 : 1);
    }
}
