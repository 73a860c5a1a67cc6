package io.github.adammeme.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Loads one or several datasets into one list of memes, as the paper mixes FHM, HarM and MAMI.
 * Each meme's id carries its source, and an id that two datasets share is refused rather than
 * silently merged.
 */
public final class Datasets {

    /** Metadata files a folder dataset may hold, in the order they are looked for. */
    private static final List<String> FOLDER_METADATA = List.of("memes.jsonl", "memes.csv", "annotations.jsonl",
            "annotations.csv", "metadata.jsonl", "metadata.csv");

    private Datasets() {
    }

    /** @param format one format for all, or null to detect each from its content */
    public static List<Meme> load(List<Path> paths, DatasetFormat format) {
        List<Meme> all = new ArrayList<>();
        Map<String, Path> origins = new HashMap<>();
        for (Path path : paths) {
            for (Meme meme : load(path, format)) {
                Path earlier = origins.putIfAbsent(meme.id(), path);
                if (earlier != null) {
                    throw new DatasetException(meme.origin() + ": id " + meme.id() + " is also in " + earlier
                            + "; give one of the datasets another folder name or format");
                }
                all.add(meme);
            }
        }
        return all;
    }

    public static List<Meme> load(Path path, DatasetFormat format) {
        if (HardCaseBank.isBank(path)) {
            return bankMemes(path);
        }
        if (Files.isDirectory(path)) {
            return folder(path, format);
        }
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (format == DatasetFormat.MAMI || name.endsWith(".csv") || name.endsWith(".tsv") || name.endsWith(".txt")) {
            return CsvDatasetLoader.load(path, format == DatasetFormat.FOLDER ? DatasetFormat.FOLDER
                    : format == DatasetFormat.MAMI ? DatasetFormat.MAMI : null, null);
        }
        return JsonlDatasetLoader.load(path, format == DatasetFormat.FOLDER ? null : format,
                format == DatasetFormat.FOLDER ? folderSource(path.toAbsolutePath().getParent()) : null);
    }

    /** A bank's cases as memes (id {@code bank:<case id>}), each picture checked against its digest. */
    private static List<Meme> bankMemes(Path bank) {
        List<Meme> memes = new ArrayList<>();
        for (HardCase c : HardCaseBank.read(bank)) {
            memes.add(HardCaseBank.meme(bank, c));
        }
        return memes;
    }

    /** Whether every dataset is a hard-case bank: such a run replays them instead of mining. */
    public static boolean allBanks(List<Path> paths) {
        return !paths.isEmpty() && paths.stream().allMatch(HardCaseBank::isBank);
    }

    /** A folder of images with a metadata file (id, image, text) inside it. */
    private static List<Meme> folder(Path dir, DatasetFormat format) {
        Path metadata = FOLDER_METADATA.stream().map(dir::resolve).filter(Files::isRegularFile).findFirst()
                .orElseGet(() -> single(dir));
        String source = folderSource(dir);
        String name = metadata.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".jsonl")) {
            return JsonlDatasetLoader.load(metadata, format == DatasetFormat.FOLDER ? null : format, source);
        }
        return CsvDatasetLoader.load(metadata, format == DatasetFormat.MAMI ? DatasetFormat.MAMI : DatasetFormat.FOLDER,
                format == DatasetFormat.MAMI ? null : source);
    }

    private static Path single(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> candidates = files.filter(Files::isRegularFile).filter(p -> p.toString().toLowerCase(Locale.ROOT)
                    .matches(".*\\.(jsonl|csv|tsv)$")).sorted().toList();
            if (candidates.size() == 1) {
                return candidates.get(0);
            }
            throw new DatasetException("dataset folder " + dir + " needs one metadata file with id, image and text "
                    + "(memes.jsonl or memes.csv); found " + (candidates.isEmpty() ? "none" : candidates));
        } catch (IOException e) {
            throw new DatasetException("cannot list dataset folder " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String folderSource(Path dir) {
        return dir.getFileName().toString().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-");
    }
}
