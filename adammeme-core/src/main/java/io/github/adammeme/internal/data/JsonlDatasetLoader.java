package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Reads FHM and HarMeme jsonl files. A dataset line is untrusted input: it is read bounded
 * ({@link DatasetLines}), must be exactly one JSON object, and an image path that leaves the dataset
 * folder, by name or through a link, is refused ({@link DatasetPaths}).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class JsonlDatasetLoader {

    private JsonlDatasetLoader() {}

    /**
     * @param file   the jsonl file
     * @param format the format, or null to detect it from the first record
     * @return its memes, in file order
     */
    public static List<Meme> load(Path file, @Nullable DatasetFormat format) {
        return load(file, format, null);
    }

    /**
     * @param file the jsonl file
     * @param format the format, or null to detect it from the first record
     * @param source the id prefix; null for the format's own ({@code fhm}, {@code harmeme})
     * @return its memes, in file order
     */
    public static List<Meme> load(Path file, @Nullable DatasetFormat format, @Nullable String source) {
        return load(file, format, source, DatasetLimits.DEFAULT);
    }

    /**
     * @param file the jsonl file
     * @param format the format, or null to detect it from the first record
     * @param source the id prefix; null for the format's own
     * @param limits how long a line may be
     * @return its memes, in file order
     * @throws DatasetException naming the file, line and field of anything malformed, a duplicate id, or a
     *     file with no memes
     */
    public static List<Meme> load(
            Path file, @Nullable DatasetFormat format, @Nullable String source, DatasetLimits limits) {
        if (!Files.isRegularFile(file)) {
            throw new DatasetException("dataset file " + file + " does not exist or is not a file");
        }
        // Each line is read and checked now, but only its line number is kept: the memes are read again as
        // they are asked for (MemeFile), so a dataset of a million memes is never held whole.
        MemeFile.Lines lines = new MemeFile.Lines();
        IdHashes seen = new IdHashes();
        DatasetFormat effective = format;
        int count = 0;
        try (DatasetLines reader = DatasetLines.open(file, limits)) {
            for (String line = reader.next(); line != null; line = reader.next()) {
                if (line.isBlank()) {
                    continue;
                }
                long lineNo = reader.number();
                DatasetRecord record = new DatasetRecord(file, lineNo, DatasetJson.object(file, lineNo, line));
                if (effective == null) {
                    effective = DatasetFormat.detect(record.node());
                    if (effective == null) {
                        throw DatasetException.at(
                                file,
                                lineNo,
                                "cannot tell the dataset format: the record has neither"
                                        + " 'img' (FHM) nor 'image' (HarMeme); set adammeme.dataset.format");
                    }
                }
                Meme meme = reader(effective, source).apply(record);
                int earlier = seen.putIfAbsent(meme.id(), count);
                if (earlier >= 0) {
                    // A hash seen before: the same id, or (rarely) another id with the same hash.
                    Meme first = new MemeFile(file, limits, lines.toArray(), reader(effective, source)).get(earlier);
                    if (first.id().equals(meme.id())) {
                        throw record.refuse(
                                "id",
                                ": duplicate id " + DatasetException.shown(meme.id()) + " (also on line "
                                        + first.origin()
                                                .substring(first.origin().lastIndexOf(':') + 1) + ")");
                    }
                }
                lines.add(lineNo);
                count++;
            }
        }
        if (count == 0) {
            throw new DatasetException("dataset file " + file + " holds no memes");
        }
        return new MemeFile(
                file,
                limits,
                lines.toArray(),
                reader(Objects.requireNonNull(effective, "a meme was read, so its format is known"), source));
    }

    private static Function<DatasetRecord, Meme> reader(DatasetFormat format, @Nullable String source) {
        return format == DatasetFormat.FHM
                ? record -> fhm(record, source == null ? "fhm" : source)
                : record -> harmeme(record, source == null ? "harmeme" : source);
    }

    /** FHM: the image comes from {@code img}, never from {@code id} (ids lose their leading zeros). */
    private static Meme fhm(DatasetRecord record, String source) {
        String img = record.text("img");
        Path image = DatasetPaths.beside(record.file(), record.line(), "img", img);
        String id = canonicalFhmId(record.id("id"), img);
        String memeText = record.text("text");
        List<String> labels = new ArrayList<>();
        if (!record.lacks("label")) {
            JsonNode label = record.node().get("label");
            if (!label.isIntegralNumber()
                    || !(label.asText().equals("0") || label.asText().equals("1"))) {
                throw record.refuse(
                        "label",
                        ": expected 0 or 1, got "
                                + (label.isIntegralNumber()
                                        ? DatasetException.shown(label.asText())
                                        : DatasetJson.typeOf(label)));
            }
            labels.add(label.asText().equals("1") ? "hateful" : "not hateful");
        }
        return new Meme(source + ":" + id, source, memeText, image, labels, record.file() + ":" + record.line());
    }

    /**
     * The official file writes {@code 2973}, re-serialisations {@code "02973"}: both name img/02973.png,
     * and both become {@code 02973}, so the same meme has the same id whichever file it came from.
     * Compared as digit strings, since an id of any length is a valid string and no number type holds them all.
     */
    static String canonicalFhmId(String id, String img) {
        String name = img.substring(img.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        if (isDigits(id) && isDigits(stem) && withoutLeadingZeros(id).equals(withoutLeadingZeros(stem))) {
            return stem;
        }
        return id;
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static String withoutLeadingZeros(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') {
            i++;
        }
        return digits.substring(i);
    }

    /** HarMeme: {@code image} is a bare name in the images/ folder beside annotations/. */
    private static Meme harmeme(DatasetRecord record, String source) {
        String id = record.id("id");
        String img = record.text("image");
        String memeText = record.text("text");
        List<String> labels = new ArrayList<>();
        if (!record.lacks("labels")) {
            JsonNode labelsNode = record.node().get("labels");
            if (!labelsNode.isArray()) {
                throw record.refuse("labels", ": expected an array of strings, got " + DatasetJson.typeOf(labelsNode));
            }
            for (JsonNode label : labelsNode) {
                if (!label.isTextual()) {
                    throw record.refuse("labels", ": expected an array of strings, found " + DatasetJson.typeOf(label));
                }
                labels.add(record.wellFormed("labels", label.textValue()));
            }
        }
        Path image = DatasetPaths.image(record.file(), record.line(), "image", img, source.equals("harmeme"));
        // The OCR text has line breaks where the picture had them; a prompt wants one line.
        return new Meme(
                source + ":" + id,
                source,
                DatasetText.oneLine(memeText),
                image,
                labels,
                record.file() + ":" + record.line());
    }
}
