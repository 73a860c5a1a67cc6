package io.github.adammeme.data;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads delimited annotation files: MAMI in its official and common forms, and the plain
 * {@code id,image,text} files of a folder dataset. The delimiter is taken from the header, not the
 * file name, because MAMI's official training file is tab-separated despite its {@code .csv}.
 */
public final class CsvDatasetLoader {

    /** MAMI's official names first, then the variants seen in the wild. */
    private static final List<String> MAMI_IMAGE = List.of("file_name");
    private static final List<String> MAMI_LABEL = List.of("misogynous", "label");
    private static final List<String> TEXT = List.of("Text Transcription", "text", "Text", "caption_text");
    private static final List<String> MAMI_EXTRA = List.of("shaming", "stereotype", "objectification", "violence");

    private CsvDatasetLoader() {
    }

    /**
     * @param format MAMI or FOLDER, or null to tell from the header ({@code file_name} means MAMI)
     * @param source id prefix, or null for the format's own ({@code mami}, or the folder's name)
     */
    public static List<Meme> load(Path file, DatasetFormat format, String source) {
        if (!Files.isRegularFile(file)) {
            throw new DatasetException("dataset file " + file + " does not exist or is not a file");
        }
        char delimiter = delimiter(file);
        CSVFormat csv = CSVFormat.DEFAULT.builder().setDelimiter(delimiter).setHeader().setSkipHeaderRecord(true)
                .setIgnoreSurroundingSpaces(true).setTrim(true).get();
        List<Meme> memes = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVParser parser = csv.parse(in)) {
            Map<String, Integer> header = parser.getHeaderMap();
            boolean mami = format == DatasetFormat.MAMI || (format == null && header.containsKey("file_name"));
            String imageColumn = column(file, header, mami ? MAMI_IMAGE : List.of("image", "img", "file_name"), "image");
            String textColumn = column(file, header, mami ? TEXT : List.of("text", "Text Transcription"), "text");
            Optional<String> labelColumn = mami ? MAMI_LABEL.stream().filter(header::containsKey).findFirst()
                    : Optional.of("label").filter(header::containsKey);
            Optional<String> idColumn = Optional.of("id").filter(header::containsKey);
            String prefix = source != null ? source : mami ? "mami" : folderName(file);
            Set<String> seen = new HashSet<>();
            for (CSVRecord record : parser) {
                long line = parser.getCurrentLineNumber();
                if (!record.isConsistent()) {
                    throw new DatasetException(file + ":" + line + ": expected " + header.size() + " fields separated by '"
                            + (delimiter == '\t' ? "\\t" : String.valueOf(delimiter)) + "', found " + record.size());
                }
                String image = required(file, line, record, imageColumn);
                String text = record.get(textColumn);
                String id = idColumn.map(record::get).filter(v -> !v.isBlank())
                        .orElse(image.replaceFirst("\\.[^.]+$", ""));
                if (!seen.add(id)) {
                    throw new DatasetException(file + ":" + line + ": field '" + idColumn.orElse(imageColumn)
                            + "': duplicate id " + id);
                }
                List<String> labels = new ArrayList<>();
                labelColumn.ifPresent(c -> labels.add(label(file, line, c, record.get(c), mami)));
                if (mami) {
                    for (String extra : MAMI_EXTRA) {
                        if (header.containsKey(extra) && "1".equals(record.get(extra))) {
                            labels.add(extra);
                        }
                    }
                }
                memes.add(new Meme(prefix + ":" + id, prefix, text.replaceAll("\\s*\\R\\s*", " ").strip(),
                        JsonlDatasetLoader.resolveImage(file, (int) line, imageColumn, image, false), labels, file + ":" + line));
            }
        } catch (IOException | IllegalStateException | java.io.UncheckedIOException e) {
            throw new DatasetException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
        if (memes.isEmpty()) {
            throw new DatasetException("dataset file " + file + " holds no memes");
        }
        return memes;
    }

    /** A tab in the header line means tab-separated, whatever the file is called. */
    private static char delimiter(Path file) {
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            String header = lines.findFirst().orElse("");
            return header.contains("\t") ? '\t' : header.contains(";") && !header.contains(",") ? ';' : ',';
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new DatasetException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
    }

    private static String column(Path file, Map<String, Integer> header, List<String> names, String role) {
        for (String name : names) {
            if (header.containsKey(name)) {
                return name;
            }
        }
        throw new DatasetException(file + ":1: no " + role + " column; expected one of " + names + ", found "
                + header.keySet());
    }

    private static String required(Path file, long line, CSVRecord record, String column) {
        String value = record.get(column);
        if (value == null || value.isBlank()) {
            throw new DatasetException(file + ":" + line + ": field '" + column + "' is empty");
        }
        return value;
    }

    private static String label(Path file, long line, String column, String value, boolean mami) {
        if (!mami) {
            return value;
        }
        return switch (value.trim()) {
            case "1" -> "misogynous";
            case "0" -> "not misogynous";
            default -> throw new DatasetException(file + ":" + line + ": field '" + column + "': expected 0 or 1, got '"
                    + value + "'");
        };
    }

    private static String folderName(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return parent.getFileName().toString().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-");
    }
}
