package io.github.adammeme.internal.util;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.apiguardian.api.API.Status.INTERNAL;

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
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** A file shared by the threads of this JVM and by other processes, which take turns to use it. */
@API(status = INTERNAL, since = "0.1.0")
public final class LockedFile {

    private static final Map<Path, ReentrantLock> IN_THIS_JVM = new ConcurrentHashMap<>();

    private final Path file;
    private final Path lockFile;
    private final String what;

    /**
     * A file and the lock file beside it.
     *
     * @param file the file
     * @param what the file as an error names it, e.g. {@code the batch journal <path>}
     */
    public LockedFile(Path file, String what) {
        this.file = file;
        this.lockFile = file.resolveSibling(file.getFileName() + ".lock");
        this.what = what;
    }

    /**
     * Written and synced to the disk before it counts as written.
     *
     * @param target the file written
     * @param bytes what is written
     * @param mode how it is opened besides for writing: appended to or truncated
     * @throws IOException when the file cannot be written
     */
    public static void write(Path target, byte[] bytes, OpenOption mode) throws IOException {
        try (FileChannel channel = FileChannel.open(target, CREATE, WRITE, mode)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    /**
     * What is done with the file while the lock is held.
     *
     * @param <T> what it gives back
     */
    @FunctionalInterface
    public interface Action<T> {
        /**
         * Does it.
         *
         * @return what it gives back, or null for an action that gives nothing back
         * @throws IOException when the file cannot be used
         */
        @Nullable
        T run() throws IOException;
    }

    /**
     * One writer at a time: threads of this JVM by a lock, processes by a file lock beside the file.
     *
     * @param action what is done with the file
     * @param <T> what it gives back
     * @return what the action gave back
     * @throws UncheckedIOException when the file or its lock cannot be used
     */
    @SuppressWarnings("try") // the file lock is a guard: holding it is its use
    public <T> @Nullable T locked(Action<T> action) {
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
