package io.github.adammeme.internal.data.image;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * The bounds on what one picture from a dataset may cost before it is refused: its longest side
 * once sent, its pixels and bytes on disk, how many decode at once, and how long one may take.
 * Anything read from a user-named place is bounded in bytes, time and memory.
 *
 * @param maxSide longest side sent to a model, in pixels (adammeme.image.max-side)
 * @param maxPixels width x height above which a picture is refused unread (adammeme.image.max-pixels)
 * @param maxBytes size on disk above which a file is refused unread (adammeme.image.max-bytes)
 * @param decodesAtOnce decodes of ordinary size running at once in this JVM; a larger one counts as several
 * @param timeout time one picture may take to read, and again to decode (adammeme.image.timeout-seconds)
 */
@API(status = INTERNAL, since = "0.1.0")
public record ImageLimits(int maxSide, long maxPixels, long maxBytes, int decodesAtOnce, Duration timeout) {

    /** Models see memes at about this size; larger costs tokens without helping them read the text. */
    public static final int DEFAULT_MAX_SIDE = 768;
    /** A decompression bomb is small on disk: pictures above this are refused from their header. */
    public static final long DEFAULT_MAX_PIXELS = 40_000_000L;
    /**
     * OpenAI-compatible endpoints refuse images above 20 MB, and a 12-megapixel phone JPEG is 3 to 8 MB:
     * nothing larger can be a meme a model would take, and each worker holds at most this much at once.
     */
    public static final long DEFAULT_MAX_BYTES = 20L << 20;
    /**
     * A 40-megapixel PNG decodes in one to three seconds on one core: ten times that leaves room for
     * a loaded machine, and a stuck picture costs one meme half a minute, not the run.
     */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    /** The heap one decode of ordinary size may take at its peak; see {@link #defaultDecodesAtOnce()}. */
    public static final long DECODE_SHARE_BYTES = 128L << 20;
    /** A Java array holds at most this many bytes (a little under 2^31 on every JVM). */
    static final long MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;
    /** One byte under it, so that a read can hold one byte past the limit and tell a file over it. */
    static final long MAX_MAX_BYTES = MAX_ARRAY_BYTES - 1;

    /**
     * Checks each bound.
     *
     * @param maxSide longest side sent to a model, at least 32
     * @param maxPixels pixel limit, at least 1
     * @param maxBytes byte limit, from 1 to a little under 2 GiB (one Java array)
     * @param decodesAtOnce decodes running at once, at least 1
     * @param timeout time one picture may take to read, and again to decode; positive
     * @throws IllegalArgumentException naming the bound that is out of range
     */
    public ImageLimits {
        if (maxSide < 32) {
            throw new IllegalArgumentException("longest image side must be at least 32 px, was " + maxSide);
        }
        if (maxPixels < 1) {
            throw new IllegalArgumentException(Constants.IMAGE_MAX_PIXELS + " must be at least 1, was " + maxPixels);
        }
        if (maxBytes < 1 || maxBytes > MAX_MAX_BYTES) {
            throw new IllegalArgumentException(
                    Constants.IMAGE_MAX_BYTES + " must be between 1 and " + MAX_MAX_BYTES + ", was " + maxBytes);
        }
        if (decodesAtOnce < 1) {
            throw new IllegalArgumentException("decodes at once must be at least 1, was " + decodesAtOnce);
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException(Constants.IMAGE_TIMEOUT_SECONDS + " must be positive, was " + timeout);
        }
    }

    /**
     * The default bounds, with as many decodes at once as this JVM's heap and cores allow.
     *
     * @return the limits
     */
    public static ImageLimits defaults() {
        return new ImageLimits(
                DEFAULT_MAX_SIDE, DEFAULT_MAX_PIXELS, DEFAULT_MAX_BYTES, defaultDecodesAtOnce(), DEFAULT_TIMEOUT);
    }

    /**
     * One decode per 128 MiB of heap, and no more than there are cores. A meme decoded for sending
     * is subsampled to at most twice the side sent (at 768 px: 1536 x 1536, under 40 MiB at the
     * peak), so 128 MiB leaves room beside the rest of the run; a full-size decode (text erasure,
     * lossless WebP) is counted as several shares. Decoding is CPU-bound: more decodes than cores
     * only hold more pictures in memory without finishing sooner.
     *
     * @return the number of decodes, at least 1
     */
    public static int defaultDecodesAtOnce() {
        long shares = Runtime.getRuntime().maxMemory() / DECODE_SHARE_BYTES;
        return (int) Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), shares));
    }

    /**
     * @param side the longest side sent
     * @return these limits with that side
     */
    public ImageLimits withMaxSide(int side) {
        return new ImageLimits(side, maxPixels, maxBytes, decodesAtOnce, timeout);
    }

    /**
     * @param pixels the pixel limit
     * @return these limits with that pixel limit
     */
    public ImageLimits withMaxPixels(long pixels) {
        return new ImageLimits(maxSide, pixels, maxBytes, decodesAtOnce, timeout);
    }

    /**
     * @param bytes the byte limit
     * @return these limits with that byte limit
     */
    public ImageLimits withMaxBytes(long bytes) {
        return new ImageLimits(maxSide, maxPixels, bytes, decodesAtOnce, timeout);
    }

    /**
     * @param decodes decodes running at once
     * @return these limits with that number of decodes
     */
    public ImageLimits withDecodesAtOnce(int decodes) {
        return new ImageLimits(maxSide, maxPixels, maxBytes, decodes, timeout);
    }

    /**
     * @param bound time one picture may take to read, and again to decode
     * @return these limits with that timeout
     */
    public ImageLimits withTimeout(Duration bound) {
        return new ImageLimits(maxSide, maxPixels, maxBytes, decodesAtOnce, bound);
    }
}
