package io.github.adammeme.engine;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.text.Console;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The memes discovery checked, kept for the run so that a large dataset is not checked again (a million lines take
 * minutes). A dataset file changed between discovery and the run is read again rather than mined by the line numbers
 * of what it held before. Compared by identity: the list may be a million memes read from their file on demand.
 */
final class DiscoveredMemes {

    private final Optional<List<Meme>> memes;
    private final Map<Path, String> stamps;

    private DiscoveredMemes(Optional<List<Meme>> memes, Map<Path, String> stamps) {
        this.memes = memes;
        this.stamps = stamps;
    }

    /** @throws io.github.adammeme.internal.data.DatasetException naming the file, line and field of what cannot be read */
    static DiscoveredMemes check(EvaluationConfig config) {
        Map<Path, String> stamps = stamps(config.datasets());
        return new DiscoveredMemes(AdamMeme.memesToMine(config), stamps);
    }

    /** @return the memes as discovery read them, or empty for banks: for an estimate, which a change cannot spoil */
    Optional<List<Meme>> asDiscovered() {
        return memes;
    }

    /**
     * @param config the run's configuration (the datasets are the same for every target of a suite)
     * @return the memes to mine, or empty for hard-case banks to replay
     */
    Optional<List<Meme>> forRun(EvaluationConfig config) {
        if (stamps.equals(stamps(config.datasets()))) {
            return memes;
        }
        Console.warn(config.datasetDescription() + " changed since discovery; it is read again");
        return AdamMeme.memesToMine(config);
    }

    /** What a folder's metadata file may be called; its pictures, which may sit beside it, are not stamped. */
    private static final Pattern METADATA = Pattern.compile("(?i).*\\.(jsonl|json|csv|tsv|txt)");

    /** Each dataset file's size and time of last change; in a folder, those of the files its metadata may be. */
    private static Map<Path, String> stamps(List<Path> datasets) {
        Map<Path, String> stamps = new LinkedHashMap<>();
        for (Path dataset : datasets) {
            if (Files.isDirectory(dataset)) {
                try (Stream<Path> files = Files.list(dataset)) {
                    files.filter(f ->
                                    METADATA.matcher(f.getFileName().toString()).matches())
                            .sorted()
                            .forEach(f -> stamps.put(f, stamp(f)));
                } catch (IOException | UncheckedIOException e) {
                    // A folder that cannot be listed now: read again, and named as it is then.
                    stamps.put(dataset, "unlistable");
                }
            } else {
                stamps.put(dataset, stamp(dataset));
            }
        }
        return stamps;
    }

    private static String stamp(Path file) {
        try {
            return Files.size(file) + "@" + Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            // A file gone since discovery: a stamp no file has, so the dataset is read again and named as it is.
            return "missing";
        }
    }

    @Override
    public String toString() {
        return memes.map(m -> m.size() + " memes checked at discovery").orElse("hard-case banks to replay");
    }
}
