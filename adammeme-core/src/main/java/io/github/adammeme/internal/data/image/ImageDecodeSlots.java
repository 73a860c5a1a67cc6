package io.github.adammeme.internal.data.image;

import io.github.adammeme.Constants;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * How many pictures decode at once, shared by every MemeImages in the JVM: the heap the decodes
 * fill is the JVM's, and several runs (suites, targets) may prepare memes side by side. Instances
 * configured with the same count share one bound; a different count (a test, a custom run) gets
 * its own. A decode takes one share per {@link ImageLimits#DECODE_SHARE_BYTES} of heap it may need
 * at its peak, and at most all of them, so a full-size decode of a large picture runs alone. Waiters
 * are served in order, and each waits no longer than the decodes ahead of it may take.
 */
final class ImageDecodeSlots {

    /** Shares held by one decode, given back by close(). */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    private static final ConcurrentMap<Integer, ImageDecodeSlots> SHARED = new ConcurrentHashMap<>();

    private final int count;
    private final Semaphore shares;

    private ImageDecodeSlots(int count) {
        this.count = count;
        this.shares = new Semaphore(count, true);
    }

    static ImageDecodeSlots shared(int decodesAtOnce) {
        return SHARED.computeIfAbsent(decodesAtOnce, ImageDecodeSlots::new);
    }

    /** @throws ImageException when the decodes ahead take longer than their own bounds allow */
    Held acquire(Path file, long peakBytes, Duration bound) throws InterruptedException {
        int wanted = (int) Math.max(1, Math.min(count, ImageMemory.ceilDiv(peakBytes, ImageLimits.DECODE_SHARE_BYTES)));
        Duration patience = bound.multipliedBy(1L + shares.getQueueLength());
        if (!shares.tryAcquire(wanted, patience.toNanos(), TimeUnit.NANOSECONDS)) {
            throw new ImageException(
                    "image " + file + " waited more than " + ImageWatchdog.seconds(patience) + " s for a decode slot ("
                            + Constants.IMAGE_TIMEOUT_SECONDS + "): decodes ahead of it did not end in time");
        }
        return () -> shares.release(wanted);
    }
}
