package io.github.adammeme.internal.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;
import org.jspecify.annotations.Nullable;

/**
 * Reads delimited annotation files: MAMI in its official and common forms, and the plain
 * {@code id,image,text} files of a folder dataset. The delimiter is taken from the header, not the
 * file name, because MAMI's official training file is tab-separated despite its {@code .csv}.
 */
final class CsvDatasetLoader {

    /** MAMI's official names first, then the variants seen in the wild. */
    private static final List<String> MAMI_IMAGE = List.of("file_name");

    private static final List<String> MAMI_LABEL = List.of("misogynous", "label");
    private static final List<String> TEXT = List.of("Text Transcription", "text", "Text", "caption_text");
    private static final List<String> MAMI_EXTRA = List.of("shaming", "stereotype", "objectification", "violence");

    private CsvDatasetLoader() {}

    /**
     * @param file the annotation file
     * @param format MAMI or FOLDER, or null to tell from the header ({@code file_name} means MAMI)
     * @param source id prefix, or null for the format's own ({@code mami}, or the folder's name)
     * @return its memes, in file order
     */
    public static List<Meme> load(Path file, @Nullable DatasetFormat format, @Nullable String source) {
        return load(file, format, source, DatasetLimits.DEFAULT);
    }

    /**
     * @param file the annotation file
     * @param format MAMI or FOLDER, or null to tell from the header
     * @param source id prefix, or null for the format's own
     * @param limits how long a line, or a record over several lines, may be
     * @return its memes, in file order
     * @throws DatasetException naming the file, line and field of anything malformed, a duplicate id, or a
     *     file with no memes
     */
    public static List<Meme> load(
            Path file, @Nullable DatasetFormat format, @Nullable String source, DatasetLimits limits) {
        if (!Files.isRegularFile(file)) {
            throw new DatasetException("dataset file " + file + " does not exist or is not a file");
        }
        try (DatasetLines lines = DatasetLines.open(file, limits)) {
            String header = lines.next();
            LinesReader in = new LinesReader(lines, header == null ? "" : header);
            char delimiter = delimiter(header == null ? "" : header);
            return read(file, format, source, in, delimiter);
        }
    }

    private static List<Meme> read(
            Path file, @Nullable DatasetFormat format, @Nullable String source, LinesReader in, char delimiter) {
        CSVFormat csv = CSVFormat.DEFAULT
                .builder()
                .setDelimiter(delimiter)
                .setHeader()
                .setSkipHeaderRecord(true)
                .setIgnoreSurroundingSpaces(true)
                .setTrim(true)
                .setDuplicateHeaderMode(DuplicateHeaderMode.DISALLOW)
                .get();
        CSVParser parser;
        try {
            parser = csv.parse(in);
        } catch (IllegalArgumentException e) {
            // an empty or a repeated column name: commons-csv says which
            throw DatasetException.at(file, 1, "unusable header: " + DatasetException.shownMessage(e.getMessage()), e);
        } catch (IOException | UncheckedIOException e) {
            // the header itself: no parser to ask, and nothing read beyond what was handed to it
            throw malformed(file, in, Math.max(in.lastLine(), 1), e);
        }
        List<Meme> memes = new ArrayList<>();
        Map<String, Integer> header = parser.getHeaderMap();
        boolean mami = format == DatasetFormat.MAMI || (format == null && header.containsKey("file_name"));
        String imageColumn = column(file, header, mami ? MAMI_IMAGE : List.of("image", "img", "file_name"), "image");
        String textColumn = column(file, header, mami ? TEXT : List.of("text", "Text Transcription"), "text");
        Optional<String> labelColumn = mami
                ? MAMI_LABEL.stream().filter(header::containsKey).findFirst()
                : Optional.of("label").filter(header::containsKey);
        Optional<String> idColumn = Optional.of("id").filter(header::containsKey);
        String prefix = source != null ? source : mami ? "mami" : folderName(file);
        Map<String, Long> seen = new HashMap<>();
        Iterator<CSVRecord> records = parser.iterator();
        while (true) {
            in.startRecord(parser.getCurrentLineNumber() + 1);
            CSVRecord record;
            try {
                if (!records.hasNext()) {
                    break;
                }
                record = records.next();
            } catch (UncheckedIOException e) {
                throw malformed(file, in, parser.getCurrentLineNumber(), e);
            }
            long line = parser.getCurrentLineNumber();
            if (!record.isConsistent()) {
                throw DatasetException.at(
                        file,
                        line,
                        "expected " + header.size() + " fields separated by '"
                                + (delimiter == '\t' ? "\\t" : String.valueOf(delimiter)) + "', found "
                                + record.size());
            }
            String image = required(file, line, record, imageColumn);
            String text = record.get(textColumn);
            String id = idColumn.map(record::get).filter(v -> !v.isBlank()).orElse(withoutExtension(image));
            Long earlier = seen.putIfAbsent(id, line);
            if (earlier != null) {
                throw DatasetException.at(
                        file,
                        line,
                        "field '" + idColumn.orElse(imageColumn) + "': duplicate id " + DatasetException.shown(id)
                                + " (also on line " + earlier + ")");
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
            memes.add(new Meme(
                    prefix + ":" + id,
                    prefix,
                    DatasetText.oneLine(text),
                    DatasetPaths.image(file, line, imageColumn, image, false),
                    labels,
                    file + ":" + line));
        }
        if (memes.isEmpty()) {
            throw new DatasetException("dataset file " + file + " holds no memes");
        }
        return memes;
    }

    /**
     * What commons-csv could not parse, at the line its parser had reached, not one read out of its message. Its
     * lexer fails in two ways: at a character that may not follow a closing quote, where the parser stopped; or at
     * the end of the file inside a quoted field, the one way it ever asks for more after the last line, named at the
     * line its record begins on. When the parser stopped past the record's first line, a quoted field ran on over
     * the line ends, and the record's first line is the one named.
     */
    private static DatasetException malformed(Path file, LinesReader in, long where, Exception e) {
        Throwable cause = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        String message = DatasetException.shownMessage(String.valueOf(cause.getMessage()));
        long start = in.recordLine();
        if (in.ended()) {
            return DatasetException.at(file, start, "a quoted field is not closed before the end of the file", e);
        }
        if (start < where) {
            // A record over several lines is a quoted field left open: its line, not where the parser gave up.
            return DatasetException.at(
                    file,
                    start,
                    "malformed CSV: the record that begins on this line runs on to line " + where
                            + " (is a quoted field left open?): " + message,
                    e);
        }
        return DatasetException.at(file, where, "malformed CSV: " + message, e);
    }

    /** A tab in the header line means tab-separated, whatever the file is called. */
    private static char delimiter(String header) {
        return header.contains("\t") ? '\t' : header.contains(";") && !header.contains(",") ? ';' : ',';
    }

    /** MAMI names a meme by its file: {@code 15236.jpg} is meme {@code 15236}. */
    private static String withoutExtension(String image) {
        int dot = image.lastIndexOf('.');
        return dot >= 0 && dot < image.length() - 1 ? image.substring(0, dot) : image;
    }

    private static String column(Path file, Map<String, Integer> header, List<String> names, String role) {
        for (String name : names) {
            if (header.containsKey(name)) {
                return name;
            }
        }
        throw DatasetException.at(
                file,
                1,
                "no " + role + " column; expected one of " + names + ", found "
                        + DatasetException.shown(header.keySet().toString()));
    }

    private static String required(Path file, long line, CSVRecord record, String column) {
        String value = record.get(column);
        if (value == null || value.isBlank()) {
            throw DatasetException.at(file, line, "field '" + column + "' is empty");
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
            default ->
                throw DatasetException.at(
                        file,
                        line,
                        "field '" + column + "': expected 0 or 1, got '" + DatasetException.shown(value) + "'");
        };
    }

    private static String folderName(Path file) {
        return Datasets.folderSource(file.toAbsolutePath().getParent());
    }
}
