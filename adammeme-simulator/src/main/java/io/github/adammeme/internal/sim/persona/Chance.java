package io.github.adammeme.internal.sim.persona;

import io.github.adammeme.internal.util.Digests;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** The simulator's only source of variation: a number fixed by its inputs, so a request always gets the same answer. */
final class Chance {

    private Chance() {}

    /** @return a number in [0, 1), the same for the same seed and parts */
    static double of(long seed, String... parts) {
        StringBuilder sb = new StringBuilder().append(seed);
        for (String p : parts) {
            sb.append('\u0000').append(p);
        }
        byte[] digest = Digests.sha256(sb.toString().getBytes(StandardCharsets.UTF_8));
        long bits = ByteBuffer.wrap(digest).getLong() >>> 11;
        return bits / (double) (1L << 53);
    }
}
