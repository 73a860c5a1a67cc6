package io.github.adammeme.internal.data.image;

import static io.github.adammeme.internal.data.image.ImageHeaders.be16;
import static io.github.adammeme.internal.data.image.ImageHeaders.u8;

/**
 * A JPEG's segments walked to its end-of-image marker: its size from the frame header, every
 * segment's length checked against the file's end, and the entropy-coded data after each scan
 * skipped to the next marker. A stray byte between segments is stepped over, as libjpeg does with
 * a warning; bytes after EOI (some writers add a trailer) are not read.
 */
final class ImageJpegSegments {

    private static final int EOI = 0xD9;
    private static final int SOS = 0xDA;

    private ImageJpegSegments() {}

    static ImageHeader walk(byte[] b) throws ImageCorruption {
        int width = 0;
        int height = 0;
        int bytesPerPixel = 0;
        boolean frame = false;
        boolean scan = false;
        long at = 2;
        while (at + 1 < b.length) {
            int marker = u8(b, at + 1);
            if (u8(b, at) != 0xFF || marker == 0xFF) {
                at++; // a stray byte, or fill before a marker
                continue;
            }
            long segment = at;
            at += 2;
            if (marker == EOI) {
                return finish(frame, scan, width, height, bytesPerPixel);
            }
            if (standalone(marker)) {
                continue;
            }
            if (at + 2 > b.length) {
                break;
            }
            int length = be16(b, at);
            String name = String.format("its segment 0x%02X", marker);
            if (length < 2) {
                throw new ImageCorruption(name + " at byte " + segment + " has a length of " + length);
            }
            long end = at + length;
            if (end > b.length) {
                throw ImageHeaders.pastTheEnd(name, segment, length, b.length, "the file");
            }
            if (startOfFrame(marker)) {
                if (length < 8) {
                    throw new ImageCorruption(
                            "its frame header at byte " + segment + " is " + length + " bytes, too short");
                }
                height = Math.max(height, be16(b, at + 3));
                width = Math.max(width, be16(b, at + 5));
                // Components times sample bytes: 12- and 16-bit precision take two.
                bytesPerPixel = Math.max(bytesPerPixel, u8(b, at + 7) * (u8(b, at + 2) > 8 ? 2 : 1));
                frame = true;
            }
            at = end;
            if (marker == SOS) {
                scan = true;
                at = afterEntropyCodedData(b, at);
            }
        }
        throw new ImageCorruption("it ends before its end-of-image marker (truncated?)");
    }

    private static ImageHeader finish(boolean frame, boolean scan, int width, int height, int bytesPerPixel)
            throws ImageCorruption {
        if (!frame) {
            throw new ImageCorruption("it has no frame header (SOF) before its end-of-image marker");
        }
        if (!scan) {
            throw new ImageCorruption("it has no image data (no SOS segment) before its end-of-image marker");
        }
        if (width < 1 || height < 1) {
            throw new ImageCorruption("its frame header gives a size of " + width + " x " + height);
        }
        return new ImageHeader(ImageFormat.JPEG, width, height, true, Math.max(1, bytesPerPixel), 0);
    }

    /** The first marker after a scan's data: 0xFF followed by anything but a stuffed zero, a restart or fill. */
    private static long afterEntropyCodedData(byte[] b, long at) {
        for (; at + 1 < b.length; at++) {
            int next = u8(b, at + 1);
            if (u8(b, at) == 0xFF && next != 0x00 && next != 0xFF && !(next >= 0xD0 && next <= 0xD7)) {
                return at;
            }
        }
        return b.length;
    }

    /** Markers with no length after them: TEM, the restarts, SOI, and a stuffed zero out of place. */
    private static boolean standalone(int marker) {
        return marker == 0x00 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8);
    }

    /** SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range. */
    private static boolean startOfFrame(int marker) {
        return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    }
}
