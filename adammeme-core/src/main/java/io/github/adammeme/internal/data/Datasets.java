package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.RandomAccess;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Loads one or several datasets into one list of memes, as the paper mixes FHM, HarM and MAMI.
 * Each meme's id carries its source, and an id that two datasets share is refused rather than
 * silently merged.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Datasets {

    /** Metadata files a folder dataset may hold, in the order they are looked for. */
    private static final List<String> FOLDER_METADATA = List.of(
            "memes.jsonl", "memes.csv", "annotations.jsonl", "annotations.csv", "metadata.jsonl", "metadata.csv");
    /** Enough candidates to say there are several. */
    private static final int MAX_LISTED = 10;

    private Datasets() {}

    /**
     * @param paths dataset files, folders or hard-case banks
     * @param format one format for all, or null to detect each from its content
     * @return their memes, in order
     */
    public static List<Meme> load(List<Path> paths, @Nullable DatasetFormat format) {
        return load(paths, format, DatasetLimits.DEFAULT);
    }

    /**
     * @param paths dataset files, folders or hard-case banks
     * @param format one format for all, or null to detect each from its content
     * @param limits how much of a line, a record or a bank's picture is read
     * @return their memes, in order
     * @throws DatasetException when a dataset cannot be read, or two hold the same id
     */
    public static List<Meme> load(List<Path> paths, @Nullable DatasetFormat format, DatasetLimits limits) {
        if (paths.size() == 1) {
            return load(paths.get(0), format, limits);
        }
        // Ids are compared by hash, and the memes read from their files, so that several large datasets are not
        // held whole either.
        List<List<Meme>> parts = new ArrayList<>();
        List<Meme> all = new Concatenated(parts);
        IdHashes seen = new IdHashes();
        int index = 0;
        for (Path path : paths) {
            List<Meme> part = load(path, format, limits);
            for (Meme meme : part) {
                int earlier = seen.putIfAbsent(meme.id(), index++);
                if (earlier >= 0 && all.get(earlier).id().equals(meme.id())) {
                    throw new DatasetException(meme.origin() + ": id " + DatasetException.shown(meme.id())
                            + " is also in " + paths.get(partOf(parts, earlier))
                            + "; give one of the datasets another folder name or format");
                }
            }
            parts.add(part);
        }
        return all;
    }

    private static int partOf(List<List<Meme>> parts, int index) {
        int part = 0;
        for (int before = 0; before + parts.get(part).size() <= index; part++) {
            before += parts.get(part).size();
        }
        return part;
    }

    /** Several datasets' memes as one list, each still read from its own file as it is asked for. */
    private static final class Concatenated extends AbstractList<Meme> implements RandomAccess {
        private final List<List<Meme>> parts;

        Concatenated(List<List<Meme>> parts) {
            this.parts = parts;
        }

        @Override
        public Meme get(int index) {
            int i = index;
            for (List<Meme> part : parts) {
                if (i < part.size()) {
                    return part.get(i);
                }
                i -= part.size();
            }
            throw new IndexOutOfBoundsException(index);
        }

        @Override
        public int size() {
            return parts.stream().mapToInt(List::size).sum();
        }
    }

    /**
     * One dataset, read within the default caps.
     *
     * @param path a dataset file, folder or hard-case bank
     * @param format its format, or null to detect it from its content
     * @return its memes, in order
     */
    public static List<Meme> load(Path path, @Nullable DatasetFormat format) {
        return load(path, format, DatasetLimits.DEFAULT);
    }

    /**
     * One dataset: a hard-case bank's cases, a folder's metadata file, a CSV-like file (MAMI or a folder's)
     * or a jsonl file (FHM or HarMeme).
     *
     * @param path a dataset file, folder or hard-case bank
     * @param format its format, or null to detect it from its content
     * @param limits how much of a line, a record or a bank's picture is read
     * @return its memes, in order
     * @throws DatasetException naming the file, line and field of what cannot be read
     */
    public static List<Meme> load(Path path, @Nullable DatasetFormat format, DatasetLimits limits) {
        if (HardCaseBank.isBank(path, limits)) {
            return bankMemes(path, limits);
        }
        if (Files.isDirectory(path)) {
            return folder(path, format, limits);
        }
        containedFile(path);
        String name = String.valueOf(path.getFileName()).toLowerCase(Locale.ROOT);
        if (format == DatasetFormat.MAMI || name.endsWith(".csv") || name.endsWith(".tsv") || name.endsWith(".txt")) {
            return CsvDatasetLoader.load(
                    path,
                    format == DatasetFormat.FOLDER
                            ? DatasetFormat.FOLDER
                            : format == DatasetFormat.MAMI ? DatasetFormat.MAMI : null,
                    null,
                    limits);
        }
        return JsonlDatasetLoader.load(
                path,
                format == DatasetFormat.FOLDER ? null : format,
                format == DatasetFormat.FOLDER
                        ? folderSource(path.toAbsolutePath().getParent())
                        : null,
                limits);
    }

    /**
     * A dataset file named by the user that is a symbolic link out of its dataset (its folder, or for HarMeme
     * the folder above annotations/): refused like a folder's metadata file, since its lines, the first
     * above all, are quoted in messages.
     */
    private static void containedFile(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path folder = absolute.getParent();
        if (folder == null || !Files.isRegularFile(absolute)) {
            return;
        }
        if (folder.getFileName() != null
                && folder.getFileName().toString().equals("annotations")
                && folder.getParent() != null) {
            folder = folder.getParent();
        }
        try {
            Path real = absolute.toRealPath();
            Path realFolder = folder.toRealPath();
            if (!real.startsWith(realFolder)) {
                throw new DatasetException("dataset file " + file + " leads outside its dataset folder " + folder
                        + " (through a symbolic link)");
            }
        } catch (IOException e) {
            throw new DatasetException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
    }

    /** A bank's cases as memes (id {@code bank:<case id>}), each picture checked against its digest. */
    private static List<Meme> bankMemes(Path bank, DatasetLimits limits) {
        List<Meme> memes = new ArrayList<>();
        for (HardCase c : HardCaseBank.read(bank, limits)) {
            memes.add(HardCaseBank.meme(bank, c, limits));
        }
        return memes;
    }

    /**
     * Whether every dataset is a hard-case bank: such a run replays them instead of mining.
     *
     * @param paths the configured datasets
     * @return true when there is at least one and each is a bank
     */
    public static boolean allBanks(List<Path> paths) {
        return !paths.isEmpty() && paths.stream().allMatch(HardCaseBank::isBank);
    }

    /** A folder of images with a metadata file (id, image, text) inside it. */
    private static List<Meme> folder(Path dir, @Nullable DatasetFormat format, DatasetLimits limits) {
        String found = FOLDER_METADATA.stream()
                .filter(name -> Files.exists(dir.resolve(name), LinkOption.NOFOLLOW_LINKS))
                .findFirst()
                .orElseGet(() -> single(dir));
        Path metadata = contained(dir, found);
        String source = folderSource(dir);
        String name = metadata.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".jsonl")) {
            return JsonlDatasetLoader.load(metadata, format == DatasetFormat.FOLDER ? null : format, source, limits);
        }
        return CsvDatasetLoader.load(
                metadata,
                format == DatasetFormat.MAMI ? DatasetFormat.MAMI : DatasetFormat.FOLDER,
                format == DatasetFormat.MAMI ? null : source,
                limits);
    }

    /**
     * The folder's metadata file, refused like an image when it is a link out of the folder (its lines,
     * the header above all, would be quoted in error messages) or not a regular file. It keeps the
     * name it has in the folder, so messages name the file the user sees.
     */
    private static Path contained(Path dir, String name) {
        Path absolute = dir.toAbsolutePath().normalize();
        DatasetPaths.contained(
                absolute,
                name,
                new DatasetPaths.Folder(absolute, true, "the dataset folder " + dir),
                true,
                problem -> new DatasetException(
                        "dataset folder " + dir + ": metadata file '" + DatasetException.shown(name) + "' " + problem));
        return dir.resolve(name);
    }

    private static String single(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> candidates = files.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> String.valueOf(p.getFileName())
                            .toLowerCase(Locale.ROOT)
                            .matches(".*\\.(jsonl|csv|tsv)"))
                    .sorted()
                    .limit(MAX_LISTED)
                    .toList();
            if (candidates.size() == 1) {
                return candidates.get(0).getFileName().toString();
            }
            throw new DatasetException("dataset folder " + dir + " needs one metadata file with id, image and text "
                    + "(memes.jsonl or memes.csv); found "
                    + (candidates.isEmpty()
                            ? "none"
                            : DatasetException.shown(candidates.stream()
                                    .map(p -> String.valueOf(p.getFileName()))
                                    .toList()
                                    .toString())));
        } catch (IOException | UncheckedIOException e) {
            throw new DatasetException("cannot list dataset folder " + dir + ": " + e.getMessage(), e);
        }
    }

    static String folderSource(@Nullable Path dir) {
        Path name = dir == null ? null : dir.getFileName();
        return name == null
                ? "dataset"
                : name.toString().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-");
    }
}
