package io.github.adammeme.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The harness's heap during one run. The peak of "used" mostly says how lazily the collector ran;
 * the peak of what was left after a collection is what the run kept alive, the figure that decides
 * whether it fits a heap limit.
 */
final class HeapWatch {

    /**
     * @param peakAfterGc the largest heap occupancy right after a collection, in bytes
     * @param peakUsed    the sum of the heap pools' peaks, in bytes
     * @param max         the heap limit (-Xmx), in bytes
     * @param collections collections during the run
     */
    record Figures(long peakAfterGc, long peakUsed, long max, long collections) {}

    private final List<Runnable> unregister = new ArrayList<>();
    private final AtomicLong peakAfterGc = new AtomicLong();
    private final AtomicLong collections = new AtomicLong();

    private HeapWatch() {}

    static HeapWatch start() {
        HeapWatch watch = new HeapWatch();
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
        NotificationListener listener = (notification, handback) -> {
            if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                return;
            }
            GarbageCollectionNotificationInfo info =
                    GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
            long after = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                MemoryUsage usage = info.getGcInfo().getMemoryUsageAfterGc().get(pool.getName());
                if (pool.getType() == MemoryType.HEAP && usage != null) {
                    after += usage.getUsed();
                }
            }
            watch.collections.incrementAndGet();
            watch.peakAfterGc.accumulateAndGet(after, Math::max);
        };
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                watch.unregister.add(() -> {
                    try {
                        emitter.removeNotificationListener(listener);
                    } catch (ListenerNotFoundException e) {
                        // already gone
                    }
                });
            }
        }
        return watch;
    }

    Figures stop() {
        unregister.forEach(Runnable::run);
        long peakUsed = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peakUsed += pool.getPeakUsage().getUsed();
            }
        }
        return new Figures(peakAfterGc.get(), peakUsed, Runtime.getRuntime().maxMemory(), collections.get());
    }

    /** Time the JIT compilers spent so far, in ms: CPU the JVM spends on the harness's code, not the harness itself. */
    static long compilationMillis() {
        return ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    }

    static long collectionMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionTime)
                .filter(t -> t > 0)
                .sum();
    }

    static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
