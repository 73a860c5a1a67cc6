package io.github.adammeme.internal.data;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Files built to break a loader: raw bytes, pipes, links and lines longer than the heap. */
final class DatasetFiles {

    private DatasetFiles() {}

    /** Lines joined by LF (with a final LF), as UTF-8, into a file whose folders are created. */
    static Path lines(Path file, String... lines) throws IOException {
        return bytes(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    static Path bytes(Path file, byte[] content) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        return Files.write(file, content);
    }

    static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] all = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A named pipe: opening it for reading blocks until someone writes, so a loader must never open one. */
    static Path fifo(Path path) throws Exception {
        Files.createDirectories(path.toAbsolutePath().getParent());
        boolean made;
        try {
            Process mkfifo = new ProcessBuilder("mkfifo", path.toString())
                    .redirectErrorStream(true)
                    .start();
            made = mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0;
        } catch (IOException e) {
            made = false;
        }
        assumeTrue(made && Files.exists(path), "mkfifo is not available here");
        return path;
    }

    static Path symlink(Path link, Path target) throws IOException {
        Files.createDirectories(link.toAbsolutePath().getParent());
        try {
            return Files.createSymbolicLink(link, target);
        } catch (UnsupportedOperationException e) {
            assumeTrue(false, "no symbolic links on this file system");
            return link;
        }
    }

    /** {@code head}, then zero bytes up to {@code size}: no disk is used for them and no heap if read in bounds. */
    static Path sparse(Path file, byte[] head, long size) throws IOException {
        bytes(file, head);
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.setLength(size);
        }
        return file;
    }
}
