package io.github.adammeme.internal.data.image;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;

/** Pictures for tests, whole or built byte by byte to lie about themselves. */
public final class ImageSamples {

    static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    /** Google's smallest lossy WebP: one grey pixel. */
    static final byte[] WEBP_LOSSY_1X1 =
            Base64.getDecoder().decode("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA");
    /** The smallest GIF there is: a 1 x 1 screen, a two-colour table and one 1 x 1 image. */
    private static final byte[] GIF_1X1 = {
        'G',
        'I',
        'F',
        '8',
        '9',
        'a',
        1,
        0,
        1,
        0,
        (byte) 0x80,
        0,
        0,
        (byte) 0xFF,
        (byte) 0xFF,
        (byte) 0xFF,
        0,
        0,
        0,
        0x2C,
        0,
        0,
        0,
        0,
        1,
        0,
        1,
        0,
        0,
        2,
        2,
        0x44,
        1,
        0,
        0x3B
    };

    private ImageSamples() {}

    /** A PNG chunk whose length field says claimedLength, whatever the data's real length. */
    public static byte[] chunk(long claimedLength, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        return ByteBuffer.allocate(12 + data.length)
                .putInt((int) claimedLength)
                .put(typeBytes)
                .put(data)
                .putInt((int) crc.getValue())
                .array();
    }

    /** An IHDR chunk for an 8-bit RGB picture of this size. */
    static byte[] ihdr(int width, int height) {
        return chunk(
                13,
                "IHDR",
                ByteBuffer.allocate(13)
                        .putInt(width)
                        .putInt(height)
                        .put((byte) 8)
                        .put((byte) 2)
                        .array());
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** The picture encoded by ImageIO in a format it writes: png, jpg or gif. */
    static byte[] encoded(BufferedImage picture, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(picture, format, out)) {
                throw new IllegalArgumentException("no writer for " + format);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A smooth picture: cheap to store as PNG, slow enough to decode at large sizes. */
    static BufferedImage gradient(int width, int height) {
        BufferedImage picture = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                picture.setRGB(x, y, (x * 255 / width) << 16 | (y * 255 / height) << 8 | 0x40);
            }
        }
        return picture;
    }

    /** The 1 x 1 GIF with its logical screen claiming another size. */
    static byte[] gifWithScreen(int width, int height) {
        byte[] gif = GIF_1X1.clone();
        ByteBuffer.wrap(gif)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putShort(6, (short) width)
                .putShort(8, (short) height);
        return gif;
    }
}
