package io.github.adammeme.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time of this JVM's own threads by kind, read from {@code /proc/self/task} (Linux). The
 * compilation MXBean reports the JIT's elapsed time, which a busy two-core machine stretches well
 * beyond the CPU it used; the compiler threads' CPU is the figure that competes with the harness.
 * Threads that end during a run take their time with them, so bench/run keeps compiler threads alive.
 */
final class ThreadCpu {

    /** Seconds of CPU by kind: the JIT's compiler threads, the collector's threads. */
    record Split(double compilerSeconds, double gcSeconds, boolean measured) {}

    private static final Path TASKS = Path.of("/proc/self/task");
    private static final double TICKS_PER_SECOND = 100.0; // USER_HZ, 100 on every Linux the JDK supports

    private final Map<String, long[]> before;

    private ThreadCpu(Map<String, long[]> before) {
        this.before = before;
    }

    static ThreadCpu start() {
        return new ThreadCpu(snapshot());
    }

    Split stop() {
        if (!Files.isDirectory(TASKS)) {
            return new Split(0, 0, false);
        }
        long compiler = 0;
        long gc = 0;
        for (Map.Entry<String, long[]> now : snapshot().entrySet()) {
            long[] then = before.get(now.getKey());
            long ticks = now.getValue()[1] - (then == null ? 0 : then[1]);
            if (now.getValue()[0] == 1) {
                compiler += ticks;
            } else if (now.getValue()[0] == 2) {
                gc += ticks;
            }
        }
        return new Split(compiler / TICKS_PER_SECOND, gc / TICKS_PER_SECOND, true);
    }

    /** Thread id to {kind (0 other, 1 compiler, 2 collector), user + system ticks}. */
    private static Map<String, long[]> snapshot() {
        Map<String, long[]> out = new HashMap<>();
        if (!Files.isDirectory(TASKS)) {
            return out;
        }
        try (Stream<Path> tasks = Files.list(TASKS)) {
            tasks.forEach(task -> {
                try {
                    String name = Files.readString(task.resolve("comm")).trim();
                    String stat = Files.readString(task.resolve("stat"));
                    // Fields after the command name, which may itself hold spaces and parentheses.
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                    out.put(task.getFileName().toString(), new long[] {kind(name), ticks});
                } catch (IOException | RuntimeException e) {
                    // the thread ended between listing and reading
                }
            });
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    private static int kind(String name) {
        if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
            return 1;
        }
        if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.startsWith("VM Thread")) {
            return 2;
        }
        return 0;
    }
}
