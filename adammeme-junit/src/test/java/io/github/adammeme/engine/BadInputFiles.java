package io.github.adammeme.engine;

import io.github.adammeme.internal.data.image.ImageSamples;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/** Files the bad-input suite builds for itself: broken pictures, pipes, sparse giants, raw bytes. */
final class BadInputFiles {

    static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private BadInputFiles() {}

    /** A PNG chunk whose length field says {@code claimedLength}, whatever the data's real length. */
    static byte[] pngChunk(long claimedLength, String type, byte[] data) {
        return ImageSamples.chunk(claimedLength, type, data);
    }

    /** An IHDR chunk of an 8-bit RGB picture of this size. */
    static byte[] ihdr(int width, int height) {
        return pngChunk(13, "IHDR", ihdrData(width, height));
    }

    static byte[] ihdrData(int width, int height) {
        return ByteBuffer.allocate(13)
                .putInt(width)
                .putInt(height)
                .put((byte) 8)
                .put((byte) 2)
                .array();
    }

    /** 37 bytes: a signature and an IHDR whose length field claims 0xFFFFFFF4 bytes. */
    static byte[] pngLengthNear2To32() {
        return concat(PNG_SIGNATURE, pngChunk(0xFFFF_FFF4L, "IHDR", ihdrData(2, 2)), new byte[4]);
    }

    /** A sound IHDR, then an IDAT claiming 2^31 bytes. */
    static byte[] pngLength2To31() {
        return concat(PNG_SIGNATURE, ihdr(2, 2), pngChunk(1L << 31, "IDAT", new byte[0]));
    }

    /** A well-formed PNG (IHDR, one IDAT, IEND) whose header announces this size. */
    static byte[] pngAnnouncing(int width, int height) {
        return concat(
                PNG_SIGNATURE,
                ihdr(width, height),
                pngChunk(6, "IDAT", new byte[] {0x78, (byte) 0x9C, 3, 0, 0, 1}),
                pngChunk(0, "IEND", new byte[0]));
    }

    /** A drawn meme encoded as png or jpg. */
    static byte[] drawn(String caption, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            BufferedImage picture = SyntheticMemes.draw(caption, 1);
            if (format.equals("jpg")) {
                BufferedImage rgb =
                        new BufferedImage(picture.getWidth(), picture.getHeight(), BufferedImage.TYPE_INT_RGB);
                rgb.getGraphics().drawImage(picture, 0, 0, null);
                picture = rgb;
            }
            if (!ImageIO.write(picture, format, out)) {
                throw new IllegalStateException("no writer for " + format);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] truncated(byte[] file, int length) {
        return Arrays.copyOf(file, length);
    }

    /** A lossless WebP holding only its VP8L header, announcing width x height. */
    static byte[] webpAnnouncing(int width, int height) {
        int bits = (width - 1) | (height - 1) << 14;
        byte[] vp8l = ByteBuffer.allocate(6)
                .order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 0x2F)
                .putInt(bits)
                .put((byte) 0)
                .array();
        ByteBuffer riff = ByteBuffer.allocate(8 + 4 + 8 + 6).order(ByteOrder.LITTLE_ENDIAN);
        riff.put("RIFF".getBytes(StandardCharsets.US_ASCII))
                .putInt(4 + 8 + 6)
                .put("WEBP".getBytes(StandardCharsets.US_ASCII))
                .put("VP8L".getBytes(StandardCharsets.US_ASCII))
                .putInt(5)
                .put(vp8l);
        return riff.array();
    }

    /** The smallest GIF (a 1 x 1 picture), its logical screen set to width x height. */
    static byte[] gifAnnouncing(int width, int height) {
        byte[] gif = {
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
        ByteBuffer.wrap(gif)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putShort(6, (short) width)
                .putShort(8, (short) height);
        return gif;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static Path write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code head}, then zeros up to {@code size}: a sparse file, no disk and no heap unless read whole. */
    static Path sparse(Path file, byte[] head, long size) throws IOException {
        write(file, head);
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.setLength(size);
        }
        return file;
    }

    /** A named pipe, or null where mkfifo is not available. */
    static Path fifo(Path path) throws Exception {
        Files.createDirectories(path.toAbsolutePath().getParent());
        try {
            Process mkfifo = new ProcessBuilder("mkfifo", path.toString())
                    .redirectErrorStream(true)
                    .start();
            return mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0 && Files.exists(path) ? path : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Runs a command, true when it exits 0. */
    static boolean command(String... command) {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
