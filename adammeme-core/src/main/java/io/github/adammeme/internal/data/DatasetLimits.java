package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.image.ImageLimits;
import org.apiguardian.api.API;

/**
 * How much of a user-named dataset or bank is read at once: a line (or a CSV record spread over
 * several lines) is held whole before it is parsed, and a bank's picture is hashed, so each has a cap
 * that a file built to exhaust memory cannot pass.
 *
 * @param maxLineBytes  the longest line or CSV record, in UTF-8 bytes without its line break
 *                      ({@value Constants#DATASET_MAX_LINE_BYTES})
 * @param maxImageBytes the largest hard-case picture hashed at discovery ({@value Constants#IMAGE_MAX_BYTES}, the
 *                      same cap as any meme picture's: a bank's picture is sent
 *                      to the model like one)
 */
@API(status = INTERNAL, since = "0.1.0")
public record DatasetLimits(int maxLineBytes, long maxImageBytes) {

    /** Far above any real annotation line (FHM's and MAMI's are under 2 KiB), far below any heap. */
    public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;
    /** {@link ImageLimits#DEFAULT_MAX_BYTES}: a picture the model would not take is not hashed either. */
    public static final long DEFAULT_MAX_IMAGE_BYTES = ImageLimits.DEFAULT_MAX_BYTES;

    /** The default caps. */
    public static final DatasetLimits DEFAULT = new DatasetLimits(DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_IMAGE_BYTES);

    /**
     * Checks that both caps are positive and a line fits in one array.
     *
     * @param maxLineBytes the longest line or CSV record, in UTF-8 bytes
     * @param maxImageBytes the largest hard-case picture hashed
     */
    public DatasetLimits {
        // a line is held in one array, and a few bytes beyond the cap are kept to see a line break
        if (maxLineBytes < 1 || maxLineBytes > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException(Constants.DATASET_MAX_LINE_BYTES + " must be between 1 and "
                    + (Integer.MAX_VALUE - 16) + ", was " + maxLineBytes);
        }
        if (maxImageBytes < 1) {
            throw new IllegalArgumentException(Constants.IMAGE_MAX_BYTES + " must be positive, was " + maxImageBytes);
        }
    }
}
