package io.github.adammeme.internal.data.image;

import static io.github.adammeme.internal.data.image.ImageSamples.PNG_SIGNATURE;
import static io.github.adammeme.internal.data.image.ImageSamples.chunk;
import static io.github.adammeme.internal.data.image.ImageSamples.concat;
import static io.github.adammeme.internal.data.image.ImageSamples.ihdr;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.adammeme.internal.llm.ContentPart;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.imageio.IIOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files built to break intake: each costs one named ImageException, in bounded time, never a hang
 * or an exception of another kind. Every message is checked whole.
 */
class ImageIntakeTest {

    /** Far more than any refusal here needs; a hang or a whole read of a huge file would pass it. */
    private static final Duration QUICKLY = Duration.ofSeconds(5);

    @TempDir
    static Path shared;
    /** 6000 x 4000: 24 megapixels, under the pixel limit, far over the side sent. */
    private static Path large;

    @TempDir
    Path dir;

    @BeforeAll
    static void writeALargePicture() throws Exception {
        large = shared.resolve("large.png");
        Files.write(large, ImageSamples.encoded(ImageSamples.gradient(6000, 4000), "png"));
    }

    @Test
    void aPngChunkLengthNear2To32IsAnErrorNotAHang() throws Exception {
        // 37 bytes: the old walk added 12 + 0xFFFFFFF4 to an int position, which wrapped to where it was.
        byte[] ihdrData = Arrays.copyOfRange(ihdr(2, 2), 8, 21);
        Path file = write("wrap.png", concat(PNG_SIGNATURE, chunk(0xFFFF_FFF4L, "IHDR", ihdrData), new byte[4]));
        assertEquals(37, Files.size(file));
        assertEquals(
                "image " + file + " is corrupt: its IHDR chunk at byte 8 claims 4294967284 bytes, past the end of the"
                        + " file at byte 37",
                refused(new MemeImages(ImageLimits.defaults()), file).getMessage());
    }

    @Test
    void aPngChunkLengthOf2To31IsAnImageError() throws Exception {
        // The old walk's position became negative: an ArrayIndexOutOfBoundsException that failed the run.
        Path file = write("negative.png", concat(PNG_SIGNATURE, ihdr(2, 2), chunk(1L << 31, "IDAT", new byte[0])));
        assertEquals(
                "image " + file + " is corrupt: its IDAT chunk at byte 33 claims 2147483648 bytes, past the end of the"
                        + " file at byte 45",
                refused(new MemeImages(ImageLimits.defaults()), file).getMessage());
    }

    @Test
    void aPngChunkRunningPastTheEndIsRefused() throws Exception {
        Path file = write(
                "long.png",
                concat(PNG_SIGNATURE, ihdr(2, 2), chunk(1000, "IDAT", new byte[10]), chunk(0, "IEND", new byte[0])));
        assertEquals(
                "image " + file + " is corrupt: its IDAT chunk at byte 33 claims 1000 bytes, past the end of the"
                        + " file at byte 67",
                refused(new MemeImages(ImageLimits.defaults()), file).getMessage());
    }

    @Test
    void truncatedPngAndJpegFilesAreRefusedWithTheReason() throws Exception {
        byte[] png = ImageSamples.encoded(SyntheticMemes.draw("cut", 1), "png");
        Path cutPng = write("cut.png", Arrays.copyOf(png, 40));
        assertEquals(
                "image " + cutPng + " is corrupt: it ends before its IEND chunk (truncated?)",
                refused(new MemeImages(ImageLimits.defaults()), cutPng).getMessage());
        byte[] jpeg = ImageSamples.encoded(SyntheticMemes.draw("cut", 1), "jpg");
        Path cutJpeg = write("cut.jpg", Arrays.copyOf(jpeg, jpeg.length / 2));
        assertEquals(
                "image " + cutJpeg + " is corrupt: it ends before its end-of-image marker (truncated?)",
                refused(new MemeImages(ImageLimits.defaults()), cutJpeg).getMessage());
        Path lying =
                write("lying.jpg", new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0x40, 0, 'J', 'F'});
        assertEquals(
                "image " + lying + " is corrupt: its segment 0xE0 at byte 2 claims 16384 bytes, past the end of the"
                        + " file at byte 8",
                refused(new MemeImages(ImageLimits.defaults()), lying).getMessage());
    }

    @Test
    void aFileOverTheByteLimitIsRefusedFromItsSizeWithoutBeingRead() throws Exception {
        Path huge = dir.resolve("huge.png");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.write(PNG_SIGNATURE);
            file.setLength(2L << 30); // sparse: 2 GiB that cost nothing on disk, and would fill the heap if read
        }
        String expected =
                "image " + huge + " is 2147483648 bytes, over the limit of 20971520 (adammeme.image.max-bytes)";
        assertEquals(
                expected, refused(new MemeImages(ImageLimits.defaults()), huge).getMessage());
        assertEquals(
                expected,
                refused(MemeImages::pixels, new MemeImages(ImageLimits.defaults()), huge)
                        .getMessage());

        Path meme = write("meme.png", ImageSamples.encoded(SyntheticMemes.draw("bytes", 1), "png"));
        assertEquals(
                "image " + meme + " is " + Files.size(meme)
                        + " bytes, over the limit of 100 (adammeme.image.max-bytes)",
                refused(new MemeImages(ImageLimits.defaults().withMaxBytes(100)), meme)
                        .getMessage());
    }

    @Test
    void aReadStopsOneBytePastTheLimitHoweverLongTheStream() throws Exception {
        long[] served = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                served[0]++;
                return 0;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                served[0] += len;
                return len;
            }
        };
        assertEquals(1001, ImageFiles.readAtMost(endless, 1000).length);
        assertEquals(1001, served[0]);
    }

    @Test
    void headersAnnouncing16384By16384AreRefusedByThePixelLimit() throws Exception {
        String over = " is 16384 x 16384 = 268435456 pixels, over the limit of 40000000 (adammeme.image.max-pixels);"
                + " it was not decoded";
        Path webp = write("huge.webp", ImageWebpWriter.losslessHeader(16384, 16384));
        assertEquals(
                "image " + webp + over,
                refused(new MemeImages(ImageLimits.defaults()), webp).getMessage());
        // An extended WebP: a 1 x 1 picture on a canvas of 16384 x 16384, which the decoder would allocate.
        byte[] onePixel = ImageWebpWriter.bitstream(ImageWebpWriter.lossless(1, 1, (x, y) -> true));
        Path canvas = write(
                "canvas.webp",
                ImageWebpWriter.riff(
                        ImageWebpWriter.chunk("VP8X", ImageWebpWriter.canvas(16384, 16384)),
                        ImageWebpWriter.chunk("VP8L", onePixel)));
        assertEquals(
                "image " + canvas + over,
                refused(new MemeImages(ImageLimits.defaults()), canvas).getMessage());
        Path gif = write("huge.gif", ImageSamples.gifWithScreen(16384, 16384));
        assertEquals(
                "image " + gif + over,
                refused(new MemeImages(ImageLimits.defaults()), gif).getMessage());
    }

    @Test
    void aWebpWhoseRiffSizeIsNotTheFilesIsRefused() throws Exception {
        byte[] webp = ImageSamples.WEBP_LOSSY_1X1.clone();
        webp[4] += 100;
        Path file = write("riff.webp", webp);
        assertEquals(
                "image " + file + " is corrupt: its RIFF header gives 142 bytes but the file has 42 (truncated?)",
                refused(new MemeImages(ImageLimits.defaults()), file).getMessage());
    }

    @Test
    void aSmallWebpIsSentAsItIsAndDecodesToItsPixels() throws Exception {
        Path file = write("grey.webp", ImageSamples.WEBP_LOSSY_1X1);
        ContentPart.Image sent = new MemeImages(ImageLimits.defaults()).load(file);
        assertEquals("image/webp", sent.mimeType());
        assertArrayEquals(ImageSamples.WEBP_LOSSY_1X1, sent.bytes());
        BufferedImage pixels = new MemeImages(ImageLimits.defaults()).pixels(file);
        assertEquals(1, pixels.getWidth());
        assertEquals(0x828282, pixels.getRGB(0, 0) & 0xffffff);
    }

    @Test
    void aLargeWebpIsDecodedAndDownscaledLikeAnyOtherPicture() throws Exception {
        Path file = write("stripes.webp", ImageWebpWriter.lossless(2000, 1200, (x, y) -> x / 100 % 2 == 0));
        ContentPart.Image sent = new MemeImages(ImageLimits.defaults().withMaxSide(400)).load(file);
        // The test's writer stores 3 bits a pixel uncompressed: as heavy as a photograph, so it goes as JPEG.
        assertEquals("image/jpeg", sent.mimeType());
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(sent.bytes()));
        assertEquals(400, decoded.getWidth());
        assertEquals(240, decoded.getHeight());
        assertTrue((decoded.getRGB(5, 5) & 0xff) > 0xf0, "a white stripe stays white");
        assertTrue((decoded.getRGB(30, 5) & 0xff) < 0x10, "a black stripe stays black");
    }

    @Test
    void aWebpDecoderReadingPastTheEndIsStoppedAtOnce() throws Exception {
        // Found by fuzzing: TwelveMonkeys' VP8L bit reader takes the end of its input for more zero
        // bits, and this 38-byte file kept it building Huffman tables for seconds and hundreds of MiB.
        Path file = write(
                "spin.webp",
                HexFormat.of()
                        .parseHex("524946461e000000574542505650384c110000002f021c00003475ff01fe0ff0dfff388e0300"));
        ImageException e = assertTimeoutPreemptively(
                Duration.ofSeconds(1),
                () -> assertThrows(
                        ImageException.class,
                        () -> new MemeImages(ImageLimits.defaults().withMaxPixels(1 << 16)).load(file)));
        assertEquals(
                "image " + file + " is corrupt: IIOException: the decoder kept reading past the end of the data",
                e.getMessage());
    }

    @Test
    void aLosslessWebpWhosePrefixCodesMayNotFitTheHeapIsRefusedUndecoded() throws Exception {
        // 582 KB, 1024 x 1024: within every limit, yet 65,536 prefix-code groups take its decoder over 256 MiB.
        Path groups = write("groups.webp", ImageWebpWriter.prefixCodeGroups(1024, 1024, 65536));
        assertEquals(
                "image " + groups + " may need 526 MiB of heap to decode, more than half of the 512 MiB there is;"
                        + " it was not decoded",
                refused(new MemeImages(ImageLimits.defaults(), 512L << 20), groups)
                        .getMessage());
        Path fewer = write("fewer.webp", ImageWebpWriter.prefixCodeGroups(256, 256, 4096));
        assertEquals(
                "image/webp",
                new MemeImages(ImageLimits.defaults(), 512L << 20).load(fewer).mimeType());
    }

    @Test
    void aGifIsDecodedAndSentAsPng() throws Exception {
        Path file = write("meme.gif", ImageSamples.encoded(SyntheticMemes.draw("a gif", 3), "gif"));
        ContentPart.Image sent = new MemeImages(ImageLimits.defaults()).load(file);
        assertEquals("image/png", sent.mimeType());
        BufferedImage original = ImageIO.read(file.toFile());
        assertEquals(
                original.getWidth(),
                ImageIO.read(new ByteArrayInputStream(sent.bytes())).getWidth());
    }

    @Test
    void linksDirectoriesPipesAndDevicesAreRefusedByName() throws Exception {
        Path real = write("real.png", ImageSamples.encoded(SyntheticMemes.draw("real", 1), "png"));
        Path link = Files.createSymbolicLink(dir.resolve("link.png"), real);
        assertEquals(
                "image " + link + " is a symbolic link, not a regular file",
                refused(new MemeImages(ImageLimits.defaults()), link).getMessage());
        assertEquals(
                "image " + link + " is a symbolic link, not a regular file",
                refused(MemeImages::pixels, new MemeImages(ImageLimits.defaults()), link)
                        .getMessage());
        Path folder = Files.createDirectory(dir.resolve("folder.png"));
        assertEquals(
                "image " + folder + " is a directory, not a regular file",
                refused(new MemeImages(ImageLimits.defaults()), folder).getMessage());
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            assertEquals(
                    "image /dev/zero is a character device, not a regular file",
                    refused(new MemeImages(ImageLimits.defaults()), zero).getMessage());
        }
    }

    @Test
    void aNamedPipeIsRefusedWithoutBeingOpened() throws Exception {
        Path fifo = dir.resolve("pipe.png");
        boolean made;
        try {
            Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
            made = mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0;
        } catch (IOException e) {
            made = false;
        }
        assumeTrue(made, "mkfifo is not available here");
        // Opening a pipe for reading blocks until a writer comes: the refusal must come before any open.
        assertEquals(
                "image " + fifo + " is a named pipe (FIFO), not a regular file",
                refused(new MemeImages(ImageLimits.defaults()), fifo).getMessage());
    }

    @Test
    void aLargePictureIsDecodedSubsampledToTwiceTheSideSentThenScaled() throws Exception {
        ImageHeader header = ImageHeaders.read(large, Files.readAllBytes(large));
        assertEquals(4, ImageDecoder.subsampling(header.longestSide(), 768)); // 1500 x 1000 decoded, not 6000 x 4000
        // Sent: the 8-bit RGB raster, its RGB copy and the scaling of 1500 x 1000. At full size, the raster alone.
        assertEquals(1500L * 1000 * (3 + 4 + 2), ImageMemory.peakBytes(header, 4, true));
        assertEquals(6000L * 4000 * 3, ImageMemory.peakBytes(header, 1, false));
        assertEquals(1, ImageDecoder.subsampling(1536, 768)); // up to twice the side sent, decoded whole as before
        ContentPart.Image sent =
                assertTimeoutPreemptively(QUICKLY, () -> new MemeImages(ImageLimits.defaults()).load(large));
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(sent.bytes()));
        assertEquals(768, decoded.getWidth());
        assertEquals(512, decoded.getHeight());
    }

    @Test
    void aDecodePastItsTimeBoundIsAbortedAndNamed() throws Exception {
        MemeImages images = new MemeImages(ImageLimits.defaults().withTimeout(Duration.ofMillis(20)));
        for (Function<Path, ?> prepare : List.<Function<Path, ?>>of(images::load, images::pixels)) {
            assertTimeoutPreemptively(QUICKLY, () -> {
                ImageException e = assertThrows(ImageException.class, () -> prepare.apply(large));
                // The bound holds each step: on a busy machine reading the file may already outlast 0.02 s.
                assertTrue(
                        e.getMessage()
                                .matches("image \\Q" + large + "\\E took more than 0\\.02 s to (decode|read)"
                                        + " \\(adammeme\\.image\\.timeout-seconds\\)"),
                        e.getMessage());
                assertFalse(
                        Thread.currentThread().isInterrupted(), "the watchdog's interrupt must not outlive the decode");
            });
        }
    }

    @Test
    void aDecodersOwnFailureBecomesTheMemesImageError() throws Exception {
        // The structure is sound, the compressed data is not: only the decoder can tell.
        Path file = write(
                "garbage.png",
                concat(
                        PNG_SIGNATURE,
                        ihdr(4, 4),
                        chunk(6, "IDAT", new byte[] {1, 2, 3, 4, 5, 6}),
                        chunk(0, "IEND", new byte[0])));
        String message = refused(MemeImages::pixels, new MemeImages(ImageLimits.defaults()), file)
                .getMessage();
        assertTrue(message.matches("image \\Q" + file + "\\E is corrupt: \\w+: .+"), message);
    }

    @Test
    void everyFailureWhilePreparingBecomesAnImageErrorNamingTheFile() {
        Path file = Path.of("memes/x.png");
        assertEquals(
                "image memes/x.png is corrupt: its decoder overflowed the stack",
                guarded(file, new StackOverflowError()).getMessage());
        assertEquals(
                "image memes/x.png needed more memory than the heap had left to decode it (OutOfMemoryError: Java heap space)",
                guarded(file, new OutOfMemoryError("Java heap space")).getMessage());
        assertEquals(
                "image memes/x.png is corrupt: NegativeArraySizeException: -5",
                guarded(file, new NegativeArraySizeException("-5")).getMessage());
        assertEquals(
                "image memes/x.png is corrupt: IIOException: Unsupported Image Type",
                guarded(file, new IIOException("Unsupported Image Type")).getMessage());
        assertEquals(
                "image memes/x.png was not prepared: its thread was interrupted",
                guarded(file, new InterruptedException()).getMessage());
        assertTrue(Thread.interrupted(), "an interrupt that was not ours is kept");
        assertThrows(
                InternalError.class,
                () -> ImageFailures.guard(file, () -> {
                    throw new InternalError("the JVM itself");
                }));
    }

    @Test
    void theDefaultLimitsAndTheirChecks() {
        ImageLimits defaults = ImageLimits.defaults();
        assertEquals(768, defaults.maxSide());
        assertEquals(40_000_000L, defaults.maxPixels());
        assertEquals(20L << 20, defaults.maxBytes());
        assertEquals(Duration.ofSeconds(30), defaults.timeout());
        assertTrue(defaults.decodesAtOnce() >= 1
                && defaults.decodesAtOnce() <= Runtime.getRuntime().availableProcessors());
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class, () -> defaults.withMaxSide(16));
        assertEquals("longest image side must be at least 32 px, was 16", small.getMessage());
        IllegalArgumentException bytes = assertThrows(IllegalArgumentException.class, () -> defaults.withMaxBytes(0));
        assertEquals("adammeme.image.max-bytes must be between 1 and 2147483638, was 0", bytes.getMessage());
    }

    private static ImageException guarded(Path file, Throwable failure) {
        return assertThrows(
                ImageException.class,
                () -> ImageFailures.guard(file, () -> {
                    if (failure instanceof Exception e) {
                        throw e;
                    }
                    throw (Error) failure;
                }));
    }

    private Path write(String name, byte[] bytes) throws Exception {
        return Files.write(dir.resolve(name), bytes);
    }

    private static ImageException refused(MemeImages images, Path file) {
        return refused(MemeImages::load, images, file);
    }

    /** The refusal, within a few seconds whatever the file: a hang fails the test instead of the build. */
    private static ImageException refused(PrepareStep step, MemeImages images, Path file) {
        return assertTimeoutPreemptively(
                QUICKLY, () -> assertThrows(ImageException.class, () -> step.prepare(images, file)));
    }

    @FunctionalInterface
    private interface PrepareStep {
        Object prepare(MemeImages images, Path file);
    }
}
