package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.util.Digests;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Which scored samples a second judge scores again: a seeded draw by sample id, so the same samples
 * are rechecked whatever the order or concurrency of the run, and across targets.
 *
 * @param fraction share of scored samples drawn, 0 for none
 * @param seed     the run's random seed
 */
record Recheck(double fraction, long seed) {

    static final Recheck NONE = new Recheck(0, 0);

    boolean selects(String sampleId) {
        if (fraction <= 0) {
            return false;
        }
        byte[] digest = Digests.sha256((seed + "\u0000recheck\u0000" + sampleId).getBytes(StandardCharsets.UTF_8));
        double u = (ByteBuffer.wrap(digest).getLong() >>> 11) / (double) (1L << 53);
        return u < fraction;
    }
}
