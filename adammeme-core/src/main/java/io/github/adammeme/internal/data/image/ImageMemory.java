package io.github.adammeme.internal.data.image;

/**
 * What a decode may cost in heap at its peak, from the header alone, so that decodes share the
 * heap by what they need ({@link ImageDecodeSlots}) and one that could not fit is never started.
 */
final class ImageMemory {

    /** The 8-bit RGB copy (TYPE_INT_RGB) that downscaling always makes, and that full size needs for any other type. */
    static final int RGB_COPY_BYTES_PER_PIXEL = 4;
    /** The halving steps (under a third of the copy) and the encoder's buffers, rounded up. */
    static final int SCALING_BYTES_PER_PIXEL = 2;
    /** TwelveMonkeys decodes a lossless WebP whole into ARGB ints before subsampling it. */
    static final int WEBP_FULL_SIZE_BYTES_PER_PIXEL = 4;
    /**
     * Heap TwelveMonkeys 3.13 holds per VP8L prefix-code group: five Huffman tables of 256 ints and
     * their lists. Measured: a 582 KB lossless WebP of 1024 x 1024 with 65,536 groups fails to
     * decode in 256 MiB of heap and decodes in 512; 8 KiB a group is that figure, rounded up.
     */
    static final long PREFIX_CODE_GROUP_BYTES = 8 << 10;
    /** VP8L numbers groups on 16 bits. */
    static final long MAX_PREFIX_CODE_GROUPS = 1 << 16;
    /** The fewest bits a group can be written in: five one-symbol codes of 4 bits. */
    static final long MIN_GROUP_BITS = 20;
    /** One group per block of at least 4 x 4 pixels. */
    static final int MIN_GROUP_BLOCK = 4;

    private ImageMemory() {}

    /** Java 17 has no Math.ceilDiv. */
    static long ceilDiv(long dividend, long divisor) {
        return -Math.floorDiv(-dividend, divisor);
    }

    /**
     * The most heap the decode may take: the decoder's raster, the RGB copy unless the picture is
     * kept at full size and is 8-bit RGB already (3 bytes a pixel from a PNG or a JPEG), the
     * scaling; for a WebP also its whole canvas, and for VP8L-coded data as many prefix-code
     * groups as the picture's blocks and the data's bits allow: a group costs kilobytes and can be
     * written in 20 bits, the one way a picture's cost is not bounded by its pixels.
     */
    static long peakBytes(ImageHeader header, int step, boolean scaled) {
        long decoded = ceilDiv(header.width(), step) * ceilDiv(header.height(), step);
        boolean plain = header.bytesPerPixel() == 3 && header.format() != ImageFormat.WEBP;
        long perPixel = (long) header.bytesPerPixel()
                + (scaled || !plain ? RGB_COPY_BYTES_PER_PIXEL : 0)
                + (scaled ? SCALING_BYTES_PER_PIXEL : 0);
        if (header.format() != ImageFormat.WEBP) {
            return decoded * perPixel;
        }
        long blocks = ceilDiv(header.width(), MIN_GROUP_BLOCK) * ceilDiv(header.height(), MIN_GROUP_BLOCK);
        long groups = header.prefixCodedBytes() == 0
                ? 0
                : Math.min(
                        MAX_PREFIX_CODE_GROUPS, Math.min(blocks, header.prefixCodedBytes() * 8 / MIN_GROUP_BITS + 1));
        return decoded * perPixel + header.pixels() * WEBP_FULL_SIZE_BYTES_PER_PIXEL + groups * PREFIX_CODE_GROUP_BYTES;
    }

    static long mebibytes(long bytes) {
        return ceilDiv(bytes, 1 << 20);
    }
}
