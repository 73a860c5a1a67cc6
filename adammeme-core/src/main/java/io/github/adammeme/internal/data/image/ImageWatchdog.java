package io.github.adammeme.internal.data.image;

import io.github.adammeme.Constants;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Bounds each step of a picture's intake in time. One daemon thread serves the whole JVM: it only
 * flips flags and interrupts when a bound passes, and a cancelled alarm leaves its queue at once.
 */
final class ImageWatchdog {

    /** A step of intake, told what watches it. */
    interface Step<T> {
        T run(ImageWatch watch) throws Exception;
    }

    private static final ScheduledThreadPoolExecutor ALARMS = alarms();

    private final Duration bound;

    ImageWatchdog(Duration bound) {
        this.bound = bound;
    }

    /** @throws ImageException "image F took more than N s to DOING" when the step outlives the bound */
    <T> T within(Path file, String doing, Step<T> step) throws Exception {
        ImageWatch watch = new ImageWatch();
        ScheduledFuture<?> alarm = ALARMS.schedule(watch::expire, bound.toNanos(), TimeUnit.NANOSECONDS);
        T result;
        try {
            result = step.run(watch);
        } catch (Throwable failure) {
            stop(alarm, watch);
            if (watch.expired()) {
                throw tookTooLong(file, doing, failure); // the failure is what the abort or interrupt caused
            }
            throw failure;
        }
        stop(alarm, watch);
        if (watch.expired()) {
            throw tookTooLong(file, doing, null);
        }
        return result;
    }

    private static void stop(ScheduledFuture<?> alarm, ImageWatch watch) {
        alarm.cancel(false);
        watch.finish();
    }

    private ImageException tookTooLong(Path file, String doing, @Nullable Throwable cause) {
        return new ImageException(
                "image " + file + " took more than " + seconds(bound) + " s to " + doing + " ("
                        + Constants.IMAGE_TIMEOUT_SECONDS + ")",
                cause);
    }

    /** A bound in seconds as a person writes it: 30, or 0.005. */
    static String seconds(Duration duration) {
        return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString();
    }

    private static ScheduledThreadPoolExecutor alarms() {
        ScheduledThreadPoolExecutor alarms = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "adammeme-image-watchdog");
            thread.setDaemon(true);
            return thread;
        });
        alarms.setRemoveOnCancelPolicy(true);
        return alarms;
    }
}
