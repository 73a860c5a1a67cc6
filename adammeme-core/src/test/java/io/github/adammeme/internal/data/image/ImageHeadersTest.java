package io.github.adammeme.internal.data.image;

import static io.github.adammeme.internal.data.image.ImageSamples.PNG_SIGNATURE;
import static io.github.adammeme.internal.data.image.ImageSamples.chunk;
import static io.github.adammeme.internal.data.image.ImageSamples.concat;
import static io.github.adammeme.internal.data.image.ImageSamples.ihdr;
import static io.github.adammeme.internal.data.image.ImageWebpWriter.canvas;
import static io.github.adammeme.internal.data.image.ImageWebpWriter.riff;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Each container walk gives a picture's size, or the reason its structure cannot be trusted. */
class ImageHeadersTest {

    private static final Path FILE = Path.of("memes/x");
    private static final byte[] IEND = chunk(0, "IEND", new byte[0]);
    private static final byte[] IDAT = chunk(3, "IDAT", new byte[3]);
    private static final byte[] SOI = {(byte) 0xFF, (byte) 0xD8};
    private static final byte[] EOI = {(byte) 0xFF, (byte) 0xD9};
    private static final byte[] SOS = {(byte) 0xFF, (byte) 0xDA, 0, 2, 0x11, 0x22};
    private static final byte[] ONE_PIXEL = ImageWebpWriter.bitstream(ImageWebpWriter.lossless(1, 1, (x, y) -> true));

    @Test
    void pngSizeComesFromIhdrAndItsChunksMustRunToIend() {
        assertEquals(
                new ImageHeader(ImageFormat.PNG, 300, 200, false, 3, 0),
                read(concat(PNG_SIGNATURE, ihdr(300, 200), IDAT, IEND)));
        // IEND's checksum left out, as some writers do and decoders accept.
        assertEquals(
                new ImageHeader(ImageFormat.PNG, 2, 2, false, 3, 0),
                read(concat(PNG_SIGNATURE, ihdr(2, 2), IDAT, Arrays.copyOf(IEND, 8))));
        byte[] damaged = PNG_SIGNATURE.clone();
        damaged[6] = '\n';
        assertCorrupt("its PNG signature is damaged", concat(damaged, ihdr(2, 2), IDAT, IEND));
        assertCorrupt("its first chunk is IEND of 0 bytes, not IHDR of 13", concat(PNG_SIGNATURE, IEND));
        assertCorrupt("its IHDR gives a size of 0 x 5", concat(PNG_SIGNATURE, ihdr(0, 5), IDAT, IEND));
        assertCorrupt(
                "its IHDR gives a size of 2147483648 x 5",
                concat(PNG_SIGNATURE, ihdr(Integer.MIN_VALUE, 5), IDAT, IEND));
        assertCorrupt("it has no image data (no IDAT chunk before IEND)", concat(PNG_SIGNATURE, ihdr(2, 2), IEND));
        byte[] rgba16 = ihdr(2, 2);
        rgba16[16] = 16;
        rgba16[17] = 6;
        assertEquals(8, read(concat(PNG_SIGNATURE, rgba16, IDAT, IEND)).bytesPerPixel());
        byte[] noSuchType = ihdr(2, 2);
        noSuchType[17] = 5;
        assertCorrupt(
                "its IHDR gives colour type 5, which PNG does not have", concat(PNG_SIGNATURE, noSuchType, IDAT, IEND));
        assertCorrupt(
                "its 0x00010203 chunk at byte 33 claims 4096 bytes, past the end of the file at byte 53",
                concat(
                        PNG_SIGNATURE,
                        ihdr(2, 2),
                        ByteBuffer.allocate(20).putInt(4096).putInt(0x00010203).array()));
    }

    @Test
    void jpegSizeComesFromItsFrameHeaderAndItsSegmentsMustRunToEoi() {
        byte[] sof = {(byte) 0xFF, (byte) 0xC0, 0, 11, 8, 0, 30, 0, 40, 1, 1, 0x11, 0};
        assertEquals(
                new ImageHeader(ImageFormat.JPEG, 40, 30, true, 1, 0),
                read(concat(SOI, sof, SOS, new byte[] {1, 2}, EOI)));
        // Stray bytes between segments are stepped over, and a trailer after EOI is never read.
        assertEquals(
                new ImageHeader(ImageFormat.JPEG, 40, 30, true, 1, 0),
                read(concat(
                        SOI,
                        sof,
                        new byte[] {0x12, 0x34, 0x56},
                        SOS,
                        new byte[] {(byte) 0xFF, 0, (byte) 0xFF, (byte) 0xD3},
                        EOI,
                        new byte[] {(byte) 0xFF, (byte) 0xC0, (byte) 0xFF})));
        assertCorrupt("it has no frame header (SOF) before its end-of-image marker", concat(SOI, SOS, EOI));
        assertCorrupt("it has no image data (no SOS segment) before its end-of-image marker", concat(SOI, sof, EOI));
        byte[] noHeight = sof.clone();
        noHeight[6] = 0;
        assertCorrupt("its frame header gives a size of 40 x 0", concat(SOI, noHeight, SOS, EOI));
        assertCorrupt(
                "its frame header at byte 2 is 6 bytes, too short",
                concat(SOI, new byte[] {(byte) 0xFF, (byte) 0xC2, 0, 6, 8, 0, 1, 0}, EOI));
        assertCorrupt(
                "its segment 0xE1 at byte 2 has a length of 1",
                concat(SOI, new byte[] {(byte) 0xFF, (byte) 0xE1, 0, 1}, EOI));
        assertCorrupt(
                "it ends before its end-of-image marker (truncated?)", concat(SOI, sof, SOS, new byte[] {1, 2, 3}));
    }

    @Test
    void gifSizeIsTheLargerOfItsScreenAndItsFirstImage() {
        assertEquals(new ImageHeader(ImageFormat.GIF, 300, 1, false, 1, 0), read(ImageSamples.gifWithScreen(300, 1)));
        byte[] largeFrame = ImageSamples.gifWithScreen(1, 1);
        ByteBuffer.wrap(largeFrame)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putShort(24, (short) 500)
                .putShort(26, (short) 400);
        assertEquals(new ImageHeader(ImageFormat.GIF, 500, 400, false, 1, 0), read(largeFrame));
        byte[] emptyFrame = ImageSamples.gifWithScreen(1, 1);
        emptyFrame[24] = 0;
        assertCorrupt("its first image at byte 19 is 0 x 1", emptyFrame);
        byte[] gif = ImageSamples.gifWithScreen(1, 1);
        assertCorrupt("it ends inside its header (truncated?)", Arrays.copyOf(gif, 10));
        assertCorrupt("it ends before its first image is whole (truncated?)", Arrays.copyOf(gif, 33));
        byte[] unknown = gif.clone();
        unknown[19] = (byte) 0x99;
        assertCorrupt("it has an unknown block 0x99 at byte 19", unknown);
        byte[] trailerFirst = gif.clone();
        trailerFirst[19] = 0x3B;
        assertCorrupt("its trailer at byte 19 comes before any image", trailerFirst);
    }

    @Test
    void webpSizeComesFromItsBitstreamOrItsCanvasAndFramesWhicheverIsLarger() {
        assertEquals(new ImageHeader(ImageFormat.WEBP, 1, 1, true, 4, 0), read(ImageSamples.WEBP_LOSSY_1X1));
        byte[] lossless = ImageWebpWriter.lossless(7, 5, (x, y) -> true);
        // VP8L-coded bytes are counted: their prefix-code groups cost a decoder heap out of proportion to its pixels.
        assertEquals(new ImageHeader(ImageFormat.WEBP, 7, 5, false, 4, lossless.length - 20), read(lossless));
        byte[] alpha = ImageWebpWriter.riff(
                ImageWebpWriter.chunk("VP8X", canvas(1, 1)),
                ImageWebpWriter.chunk("ALPH", new byte[12]),
                Arrays.copyOfRange(ImageSamples.WEBP_LOSSY_1X1, 12, ImageSamples.WEBP_LOSSY_1X1.length));
        assertEquals(new ImageHeader(ImageFormat.WEBP, 1, 1, true, 4, 12), read(alpha));
        byte[] frame = concat(
                ByteBuffer.allocate(16)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .put(new byte[6])
                        .putShort((short) 899)
                        .put((byte) 0)
                        .putShort((short) 99)
                        .put((byte) 0)
                        .array(),
                ImageWebpWriter.chunk("VP8L", ONE_PIXEL));
        assertEquals(
                new ImageHeader(ImageFormat.WEBP, 900, 200, false, 4, ONE_PIXEL.length),
                read(riff(ImageWebpWriter.chunk("VP8X", canvas(10, 200)), ImageWebpWriter.chunk("ANMF", frame))));
        byte[] nested = concat(new byte[16], ImageWebpWriter.chunk("ANMF", frame));
        assertCorrupt(
                "its ANMF chunk at byte 54 is inside another frame",
                riff(ImageWebpWriter.chunk("VP8X", canvas(10, 10)), ImageWebpWriter.chunk("ANMF", nested)));
        assertCorrupt("it has no VP8 or VP8L image data", riff(ImageWebpWriter.chunk("VP8X", canvas(10, 10))));
        assertCorrupt(
                "its first chunk is ABCD, not VP8, VP8L or VP8X", riff(ImageWebpWriter.chunk("ABCD", new byte[4])));
        byte[] interFrame = ImageSamples.WEBP_LOSSY_1X1.clone();
        interFrame[20] |= 1;
        assertCorrupt("its VP8 data does not start with a key frame", interFrame);
        byte[] unsigned = ImageWebpWriter.lossless(2, 2, (x, y) -> true);
        unsigned[20] = 0x2E;
        assertCorrupt("its VP8L data has no valid signature and version", unsigned);
        byte[] longChunk =
                riff(ImageWebpWriter.chunk("VP8X", canvas(10, 10)), ImageWebpWriter.chunk("VP8L", ONE_PIXEL));
        longChunk[16] = 100;
        assertCorrupt(
                "its VP8X chunk at byte 12 claims 100 bytes, past the end of its RIFF data at byte " + longChunk.length,
                longChunk);
    }

    @Test
    void anythingElseIsNoImage() {
        ImageException e = assertThrows(ImageException.class, () -> ImageHeaders.read(FILE, "GIF7".getBytes()));
        assertEquals("image memes/x is not a PNG, JPEG, GIF or WebP file", e.getMessage());
    }

    private static ImageHeader read(byte[] bytes) {
        return ImageHeaders.read(FILE, bytes);
    }

    private static void assertCorrupt(String reason, byte[] bytes) {
        ImageException e = assertThrows(ImageException.class, () -> read(bytes));
        assertEquals("image memes/x is corrupt: " + reason, e.getMessage());
    }
}
