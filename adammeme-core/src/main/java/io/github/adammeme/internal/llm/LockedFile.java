package io.github.adammeme.internal.llm;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/** A file shared by the threads of this JVM and by other processes, which take turns to use it. */
final class LockedFile {

    private static final Map<Path, ReentrantLock> IN_THIS_JVM = new ConcurrentHashMap<>();

    private final Path file;
    private final Path lockFile;
    private final String what;

    /** @param what the file as an error names it, e.g. {@code the batch journal <path>} */
    LockedFile(Path file, String what) {
        this.file = file;
        this.lockFile = file.resolveSibling(file.getFileName() + ".lock");
        this.what = what;
    }

    /** Written and synced to the disk before it counts as written. */
    static void write(Path target, byte[] bytes, OpenOption mode) throws IOException {
        try (FileChannel channel = FileChannel.open(target, CREATE, WRITE, mode)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    @FunctionalInterface
    interface Action<T> {
        T run() throws IOException;
    }

    /** One writer at a time: threads of this JVM by a lock, processes by a file lock beside the file. */
    @SuppressWarnings("try") // the file lock is a guard: holding it is its use
    <T> T locked(Action<T> action) {
        ReentrantLock here = IN_THIS_JVM.computeIfAbsent(file, f -> new ReentrantLock());
        here.lock();
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(lockFile, CREATE, WRITE);
                    FileLock held = channel.lock()) {
                return action.run();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    what + " cannot be used: "
                            + (e.getMessage() != null
                                    ? e.getMessage()
                                    : e.getClass().getSimpleName()),
                    e);
        } finally {
            here.unlock();
        }
    }
}
