package io.github.adammeme.internal.pipeline.progress;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Calls answered per second over a recent window of the run: the pace the calls left will go at. It is counted from
 * the first answers, not from the start: starting the endpoints, the eraser and the JVM's code is done once, and,
 * counted in, it would make a short run look several times slower than its calls go. It counts the
 * calls answered, however many were in flight at once, so the concurrency is in it as far as the endpoint and the
 * pipeline's own order allow. The window, as {@link TimeLeft} sets it, is the later half of the time since the first
 * answers, and at least a minute: long enough that no one stage's pace rules the estimate, short enough that a run of
 * hours follows a change of pace.
 */
final class CallRate {

    private record Sample(long nanos, long calls) {}

    private final long minWindowNanos;
    private final double windowShare;
    private final Deque<Sample> samples = new ArrayDeque<>();
    private @Nullable Sample first;

    /**
     * @param minWindowSeconds the shortest window
     * @param windowShare      the window as a share of the time since the first answers, when that is longer
     */
    CallRate(long minWindowSeconds, double windowShare) {
        this.minWindowNanos = TimeUnit.SECONDS.toNanos(minWindowSeconds);
        this.windowShare = windowShare;
    }

    /**
     * @param nanos when, on the run's clock
     * @param calls calls answered (made or from the cache) by then
     */
    synchronized void observe(long nanos, long calls) {
        Sample s = new Sample(nanos, calls);
        if (first == null) {
            // The answers counted at the first sample that has any came in after the sample before it.
            if (calls == 0) {
                samples.clear();
                samples.add(s);
                return;
            }
            first = samples.isEmpty() ? s : samples.peekLast();
        }
        samples.add(s);
        // The window's start only moves on, so a sample older than the one the window starts at is never needed again.
        long from = nanos - window(nanos);
        while (samples.size() > 2 && second().nanos() <= from) {
            samples.removeFirst();
        }
    }

    private Sample second() {
        Iterator<Sample> it = samples.iterator();
        it.next();
        return it.next();
    }

    private long window(long nanos) {
        Sample start = Objects.requireNonNull(first, "a window is measured once calls are answered");
        return Math.max(minWindowNanos, (long) ((nanos - start.nanos()) * windowShare));
    }

    /** @return how long calls have been answered, 0 before the first */
    synchronized long answeringNanos() {
        return first == null ? 0 : samples.peekLast().nanos() - first.nanos();
    }

    /** @return calls per second over the window, or 0 before two samples apart in time have answers between them */
    synchronized double perSecond() {
        if (first == null || samples.size() < 2) {
            return 0;
        }
        Sample last = samples.peekLast();
        long from = last.nanos() - window(last.nanos());
        Sample start = samples.peekFirst();
        for (Sample s : samples) {
            if (s.nanos() > from) {
                break;
            }
            start = s;
        }
        long nanos = last.nanos() - start.nanos();
        return nanos <= 0 ? 0 : (last.calls() - start.calls()) * 1e9 / nanos;
    }
}
