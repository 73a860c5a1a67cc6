package io.github.adammeme.internal.data.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.adammeme.internal.llm.ContentPart;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A picture's bytes are a stranger's: intake either makes something of them or says what is wrong
 * with which file (an ImageException), never anything else, and never takes longer than its time
 * bound. The inputs folders hold a tiny PNG, JPEG, GIF and WebP of each kind, so the search starts
 * from real structure, and every finding, named for what it was.
 */
class ImageFuzzTest {

    private static final Path NAME = Path.of("fuzz.bin");
    /**
     * Small bounds, so that a decode the fuzzer makes large is refused or ends fast: no picture of
     * 65,536 pixels and a few kilobytes takes a second to decode, so one that meets the time bound
     * is a decoder spinning, a finding, even though the watchdog stops it.
     */
    private static final ImageLimits LIMITS = ImageLimits.defaults()
            .withMaxSide(64)
            .withMaxPixels(1 << 16)
            .withMaxBytes(1 << 20)
            .withDecodesAtOnce(2)
            .withTimeout(Duration.ofSeconds(5));
    /** Time for a step past its bound to notice and unwind; a call that needs more than bound and grace hangs. */
    private static final Duration GRACE = Duration.ofSeconds(1);

    private static final Path DIR = temporaryDirectory();
    private static final AtomicLong INPUTS = new AtomicLong();

    @FuzzTest
    void containerWalksGiveASizeOrSayWhy(byte[] bytes) {
        ImageHeader header;
        try {
            header = ImageHeaders.read(NAME, bytes);
        } catch (ImageException refused) {
            assertTrue(refused.getMessage().startsWith("image fuzz.bin is "), refused.getMessage());
            return;
        }
        assertEquals(ImageFormat.sniff(bytes), header.format());
        assertTrue(header.width() >= 1 && header.height() >= 1, header.toString());
    }

    @FuzzTest
    void loadGivesAPictureOrAnImageErrorInTime(byte[] bytes) throws IOException {
        Path file = Files.write(DIR.resolve(INPUTS.incrementAndGet() + ".img"), bytes);
        MemeImages images = new MemeImages(LIMITS); // a cache of its own: no input is answered with another's picture
        try {
            ContentPart.Image sent = inTime(() -> images.load(file), file);
            if (sent != null) {
                assertNotNull(MemeImages.mimeType(sent.bytes()), "what is sent is a picture");
                BufferedImage pixels = inTime(() -> images.pixels(file), file);
                assertTrue(pixels == null || pixels.getWidth() * (long) pixels.getHeight() <= LIMITS.maxPixels());
            }
        } finally {
            Files.delete(file);
        }
    }

    /** The step's result, or null when it refused the file with an ImageException naming it; anything else fails. */
    private static <T> T inTime(Step<T> step, Path file) {
        long start = System.nanoTime();
        T result = null;
        try {
            result = step.run();
        } catch (ImageException refused) {
            assertTrue(refused.getMessage().contains(file.toString()), refused.getMessage());
            assertFalse(
                    refused.getMessage().matches(".* (took|waited) more than .*"),
                    "the time bound had to end it: " + refused.getMessage());
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(took.compareTo(LIMITS.timeout().plus(GRACE)) <= 0, "took " + took.toMillis() + " ms");
        return result;
    }

    private interface Step<T> {
        T run();
    }

    private static Path temporaryDirectory() {
        try {
            Path dir = Files.createTempDirectory("image-fuzz");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
