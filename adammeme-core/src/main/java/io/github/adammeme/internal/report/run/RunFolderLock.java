package io.github.adammeme.internal.report.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.ReportText;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * One run at a time in an output folder. Two runs writing one folder interleave their files silently: each
 * exits 0 and the first one's "results:" line names the second one's figures. A run therefore holds a lock on
 * {@value #FILE} in its folder from before it writes anything there until it has published; a second run, in
 * this process or another on any machine sharing the folder, stops at once, naming the folder and the run that
 * holds it (process, host, start). The lock is the operating system's, so a run that dies releases it; the file
 * stays, emptied, since removing it would let two runs lock two different files of one name.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class RunFolderLock implements AutoCloseable {

    /** The lock's file in the output folder. */
    public static final String FILE = ".adammeme-run.lock";

    /** The most of a holder's line read back: the file is in a folder anyone may write. */
    private static final int MAX_HOLDER = 300;

    private final FileChannel channel;
    private final FileLock lock;

    private RunFolderLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Another run holds the folder. */
    public static final class FolderInUseException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        FolderInUseException(String message) {
            super(ReportText.plain(message));
        }
    }

    /**
     * Takes the folder for one run, creating it if need be.
     *
     * @param folder the run's output folder
     * @param run    the run, as the holder's line names it to a run that finds the folder taken
     * @return the lock, to close once the run has published
     * @throws FolderInUseException naming the folder and the run that holds it
     * @throws UncheckedIOException naming the lock's file when it cannot be made
     */
    public static RunFolderLock take(Path folder, String run) {
        Path file = folder.resolve(FILE);
        FileChannel channel = null;
        try {
            Files.createDirectories(folder);
            channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException heldHere) {
                lock = null; // another run of this process holds it
            }
            if (lock == null) {
                String holder = holder(channel);
                channel.close();
                throw new FolderInUseException(
                        "the output folder " + folder.toAbsolutePath() + " is in use by another run"
                                + (holder.isEmpty() ? "" : " (" + holder + ")")
                                + ": two runs in one folder would write over each"
                                + " other's files; wait for it to end, or give this run another adammeme.output-dir");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(holderLine(run).getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new RunFolderLock(channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException(
                    "cannot lock the output folder with " + file.toAbsolutePath() + ": "
                            + (e.getMessage() != null
                                    ? e.getMessage()
                                    : e.getClass().getSimpleName()),
                    e);
        }
    }

    /** Who holds the folder, as its lock file says, bounded and plain. */
    private static String holder(FileChannel channel) {
        try (InputStream in = Channels.newInputStream(channel.position(0))) {
            return ReportText.plain(new String(in.readNBytes(MAX_HOLDER), StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            return "";
        }
    }

    private static String holderLine(String run) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "an unnamed host";
        }
        return "pid " + ProcessHandle.current().pid() + " on " + host + ", started "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ": " + run + "\n";
    }

    /** Empties the holder's line and releases the folder. */
    @Override
    public void close() {
        try {
            channel.truncate(0);
            lock.release();
        } catch (IOException e) {
            // the lock goes with the channel in any case
        } finally {
            closeQuietly(channel);
        }
    }

    private static void closeQuietly(@Nullable FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // nothing more can be done with it
            }
        }
    }
}
