package io.github.adammeme.internal.data.image;

import static java.nio.file.LinkOption.NOFOLLOW_LINKS;
import static java.nio.file.StandardOpenOption.READ;

import io.github.adammeme.Constants;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * Reads an image file whole, bounded in bytes, and only when it is a regular file reached without
 * a link. Dataset loaders resolve real paths inside the dataset before a meme is made, so a link at
 * read time means the file changed under us; a directory, a named pipe or a device is never a
 * picture, and a pipe or /dev/zero would block or never end. The size from the file's attributes
 * is checked first, and the read itself stops one byte past the limit, since the file may grow.
 */
final class ImageFiles {

    /** st_mode's file-type bits, as the "unix:mode" attribute gives them. */
    private static final int TYPE_BITS = 0170000;

    private ImageFiles() {}

    /** The file's attributes, read without following a link, when it is a regular file. */
    static BasicFileAttributes attributes(Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw new ImageException("image " + file + " does not exist");
        } catch (IOException e) {
            throw new ImageException("cannot read image " + file + ": " + ImageFailures.describe(e), e);
        }
        if (!attributes.isRegularFile()) {
            throw new ImageException("image " + file + " is " + kind(file, attributes) + ", not a regular file");
        }
        return attributes;
    }

    /** @throws ImageException naming the file when it is missing, not a regular file, unreadable or over maxBytes */
    static byte[] read(Path file, long maxBytes) {
        long size = attributes(file).size();
        if (size > maxBytes) {
            throw new ImageException("image " + file + " is " + size + " bytes, over the limit of " + maxBytes + " ("
                    + Constants.IMAGE_MAX_BYTES + ")");
        }
        byte[] bytes;
        // A pipe swapped in between the check above and this open would block the open itself: only
        // someone who can write to the dataset can do that, and the read after it is interruptible.
        try (SeekableByteChannel channel = Files.newByteChannel(file, Set.of(READ, NOFOLLOW_LINKS));
                InputStream in = Channels.newInputStream(channel)) {
            bytes = readAtMost(in, maxBytes);
        } catch (NoSuchFileException e) {
            throw new ImageException("image " + file + " does not exist");
        } catch (IOException e) {
            throw new ImageException("cannot read image " + file + ": " + ImageFailures.describe(e), e);
        }
        if (bytes.length > maxBytes) {
            throw new ImageException(
                    "image " + file + " grew past " + maxBytes + " bytes while it was read, over the limit of "
                            + maxBytes + " (" + Constants.IMAGE_MAX_BYTES + ")");
        }
        return bytes;
    }

    /** At most maxBytes + 1 bytes, so that a caller can tell a stream over the limit without holding more. */
    static byte[] readAtMost(InputStream in, long maxBytes) throws IOException {
        return in.readNBytes((int) Math.min(maxBytes + 1, ImageLimits.MAX_ARRAY_BYTES));
    }

    private static String kind(Path file, BasicFileAttributes attributes) {
        if (attributes.isSymbolicLink()) {
            return "a symbolic link";
        }
        if (attributes.isDirectory()) {
            return "a directory";
        }
        try {
            return switch ((Integer) Files.getAttribute(file, "unix:mode", NOFOLLOW_LINKS) & TYPE_BITS) {
                case 0010000 -> "a named pipe (FIFO)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | RuntimeException e) {
            return "a special file"; // no "unix" attribute view here: the kind stays unnamed
        }
    }
}
