package io.github.adammeme.internal.data.image;

/**
 * What a picture's container says about it, read before any decoder sees the bytes.
 *
 * @param width the widest the decoder may make it (for GIF and WebP, the canvas or a larger frame)
 * @param height likewise
 * @param lossy a JPEG or a lossy WebP: a photograph, sent again as JPEG
 * @param bytesPerPixel bytes a pixel takes in the decoder's own raster: channels times sample bytes
 * @param prefixCodedBytes the largest VP8L-coded chunk of a WebP (lossless pixels or alpha): its
 *     decoder builds Huffman tables for as many prefix-code groups as these bytes can describe
 */
record ImageHeader(ImageFormat format, int width, int height, boolean lossy, int bytesPerPixel, long prefixCodedBytes) {

    ImageHeader {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("a picture is at least 1 x 1, not " + width + " x " + height);
        }
    }

    long pixels() {
        return (long) width * height;
    }

    int longestSide() {
        return Math.max(width, height);
    }
}
