package io.github.adammeme.internal.data;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where a path written in a dataset or bank may lead: inside its folder, judged first by the
 * name ({@code ..}, an absolute path) and then by the real path, so a symbolic link inside the folder
 * cannot send a file from elsewhere to a model and into a report. What the path names must be a
 * regular file: a directory cannot be read as a picture and a FIFO or a device would block or never end.
 */
final class DatasetPaths {

    private DatasetPaths() {}

    /** An FHM {@code img}: relative to the folder of the dataset file. */
    static Path beside(Path file, long line, String field, String relative) {
        Folder here = datasetFolder(folderOf(file));
        return contained(here.path(), relative, here, false, refusal(file, line, field, relative));
    }

    /**
     * An image name that may be in one of several folders: MOMENTA keeps annotations/ beside
     * images/; copies and plain folders keep images/ inside, or the images next to the file. The
     * first folder that has the file wins; when none has it, the format's usual place is named (MOMENTA's
     * for HarMeme, beside the file otherwise), and the meme becomes an ERROR when its image is read.
     */
    static Path image(Path file, long line, String field, String name, boolean momenta) {
        Path root = folderOf(file);
        List<Folder> folders = new ArrayList<>();
        folders.add(datasetFolder(root));
        folders.add(imagesFolder(root.resolve("images")));
        if (root.getParent() != null) {
            folders.add(imagesFolder(root.resolveSibling("images")));
        }
        if (momenta) {
            Collections.reverse(folders);
        }
        Function<String, DatasetException> refuse = refusal(file, line, field, name);
        Path first = null;
        for (Folder folder : folders) {
            Path candidate = contained(folder.path(), name, folder, false, refuse);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
            first = first == null ? candidate : first;
        }
        return Objects.requireNonNull(first, "there are always folders to look in");
    }

    /** The folder a dataset file is in: a file's absolute path always has one. */
    private static Path folderOf(Path file) {
        return Objects.requireNonNull(file.toAbsolutePath().getParent(), "a file is in a folder");
    }

    private static Folder datasetFolder(Path root) {
        return new Folder(root, true, "the dataset folder " + root);
    }

    private static Folder imagesFolder(Path images) {
        return new Folder(images, false, "the dataset folder " + images);
    }

    private static Function<String, DatasetException> refusal(Path file, long line, String field, String value) {
        return problem -> DatasetException.at(
                file, line, "field '" + field + "': path '" + DatasetException.shown(value) + "' " + problem);
    }

    /**
     * A folder a path must stay in.
     *
     * @param path     the folder as named, absolute
     * @param followed whether the folder itself may be a symbolic link: the folder of a file the user
     *                 named may be (the user chose it); an images folder the dataset brings along may
     *                 not, or it could lead anywhere
     * @param called   how a message names it, e.g. "the dataset folder /data/fhm"
     */
    record Folder(Path path, boolean followed, String called) {

        Path real() throws IOException {
            Path parent = path.getParent();
            return followed || parent == null
                    ? path.toRealPath()
                    : parent.toRealPath().resolve(path.getFileName());
        }
    }

    /**
     * @param base      what a relative path is resolved against
     * @param relative  the path as the file writes it
     * @param folder    where it must stay
     * @param mustExist whether a path to nothing is refused too; otherwise it is returned as named
     *                  (after checking that its nearest existing folder is inside), to fail when read
     * @param refuse    makes the error from what is wrong, e.g. "leads outside the dataset folder /x"
     * @return the real path of the file when it exists, else the normalised path
     */
    static Path contained(
            Path base, String relative, Folder folder, boolean mustExist, Function<String, DatasetException> refuse) {
        Path named;
        try {
            named = base.resolve(relative).normalize();
        } catch (InvalidPathException e) {
            throw refuse.apply("is not a valid path (" + DatasetException.shown(e.getReason()) + ")");
        }
        if (!named.startsWith(folder.path().normalize())) {
            throw refuse.apply("leads outside " + folder.called());
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(named, BasicFileAttributes.class);
        } catch (IOException e) {
            if (mustExist) {
                throw refuse.apply(
                        e instanceof NoSuchFileException ? "does not exist" : "cannot be examined (" + reason(e) + ")");
            }
            // missing or unreadable: the meme fails when its image is read, as any unreadable image does
            return absent(named, folder, refuse);
        }
        try {
            Path real = named.toRealPath();
            if (!real.startsWith(folder.real())) {
                throw refuse.apply("leads outside " + folder.called() + " (through a symbolic link)");
            }
            if (!attributes.isRegularFile()) {
                throw refuse.apply("is not a regular file ("
                        + (attributes.isDirectory() ? "a directory" : "a device, pipe or socket") + ")");
            }
            return real;
        } catch (IOException e) {
            throw refuse.apply("cannot be examined (" + reason(e) + ")");
        }
    }

    /**
     * A path to nothing: a link that leads nowhere is refused (its target could appear later, anywhere),
     * and so is a path whose nearest existing folder is a link out of the folder.
     */
    private static Path absent(Path named, Folder folder, Function<String, DatasetException> refuse) {
        if (Files.isSymbolicLink(named)) {
            throw refuse.apply("is a symbolic link to nothing");
        }
        try {
            Path existing = named.getParent();
            while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
                existing = existing.getParent();
            }
            if (existing != null
                    && existing.startsWith(folder.path())
                    && !existing.toRealPath().startsWith(folder.real())) {
                throw refuse.apply("leads outside " + folder.called() + " (through a symbolic link)");
            }
        } catch (IOException e) {
            throw refuse.apply("cannot be examined (" + reason(e) + ")");
        }
        return named;
    }

    private static String reason(IOException e) {
        String reason = e instanceof FileSystemException f && f.getReason() != null
                ? f.getReason()
                : e.getClass().getSimpleName();
        return DatasetException.shown(reason);
    }
}
