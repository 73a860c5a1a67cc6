package io.github.adammeme.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads FHM and HarMeme jsonl files. Image paths are resolved inside the dataset folder and a
 * path that escapes it is refused, since a dataset line is untrusted input.
 */
public final class JsonlDatasetLoader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonlDatasetLoader() {
    }

    /**
     * @param file   the jsonl file
     * @param format the format, or null to detect it from the first record
     */
    public static List<Meme> load(Path file, DatasetFormat format) {
        return load(file, format, null);
    }

    /** @param source the id prefix; null for the format's own ({@code fhm}, {@code harmeme}) */
    public static List<Meme> load(Path file, DatasetFormat format, String source) {
        if (!Files.isRegularFile(file)) {
            throw new DatasetException("dataset file " + file + " does not exist or is not a file");
        }
        List<Meme> memes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        DatasetFormat effective = format;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int lineNo = 0;
            while ((line = reader.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode record = parse(file, lineNo, line);
                if (effective == null) {
                    effective = DatasetFormat.detect(record);
                    if (effective == null) {
                        throw new DatasetException(file + ":" + lineNo
                                + ": cannot tell the dataset format: the record has neither 'img' (FHM) nor 'image' (HarMeme);"
                                + " set adammeme.dataset.format");
                    }
                }
                Meme meme = effective == DatasetFormat.FHM ? fhm(file, lineNo, record, source == null ? "fhm" : source)
                        : harmeme(file, lineNo, record, source == null ? "harmeme" : source);
                if (!seen.add(meme.id())) {
                    throw new DatasetException(file + ":" + lineNo + ": field 'id': duplicate id " + meme.id());
                }
                memes.add(meme);
            }
        } catch (IOException e) {
            throw new DatasetException("cannot read dataset file " + file + ": " + e.getMessage(), e);
        }
        if (memes.isEmpty()) {
            throw new DatasetException("dataset file " + file + " holds no memes");
        }
        return memes;
    }

    private static JsonNode parse(Path file, int lineNo, String line) {
        try {
            JsonNode node = JSON.readTree(line);
            if (node == null || !node.isObject()) {
                throw new DatasetException(file + ":" + lineNo + ": expected a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new DatasetException(file + ":" + lineNo + ": malformed JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** FHM: the image comes from {@code img}, never from {@code id} (ids lose their leading zeros). */
    private static Meme fhm(Path file, int lineNo, JsonNode record, String source) {
        String img = text(file, lineNo, record, "img");
        String id = canonicalFhmId(scalar(file, lineNo, record, "id"), img);
        String memeText = text(file, lineNo, record, "text");
        List<String> labels = new ArrayList<>();
        if (record.has("label") && !record.get("label").isNull()) {
            JsonNode label = record.get("label");
            if (!label.isIntegralNumber()) {
                throw new DatasetException(file + ":" + lineNo + ": field 'label': expected 0 or 1, got " + label);
            }
            labels.add(label.asInt() == 1 ? "hateful" : "not hateful");
        }
        Path image = resolveInside(file, lineNo, "img", file.toAbsolutePath().getParent(), img);
        return new Meme(source + ":" + id, source, memeText, image, labels, file + ":" + lineNo);
    }

    /**
     * The official file writes {@code 2973}, re-serialisations {@code "02973"}: both name img/02973.png,
     * and both become {@code 02973}, so the same meme has the same id whichever file it came from.
     */
    static String canonicalFhmId(String id, String img) {
        String stem = Path.of(img).getFileName().toString().replaceFirst("\\.[^.]+$", "");
        if (id.matches("\\d+") && stem.matches("\\d+") && Long.parseLong(id) == Long.parseLong(stem)) {
            return stem;
        }
        return id;
    }

    /** HarMeme: {@code image} is a bare name in the images/ folder beside annotations/. */
    private static Meme harmeme(Path file, int lineNo, JsonNode record, String source) {
        String id = scalar(file, lineNo, record, "id");
        String img = text(file, lineNo, record, "image");
        String memeText = text(file, lineNo, record, "text");
        List<String> labels = new ArrayList<>();
        JsonNode labelsNode = record.get("labels");
        if (labelsNode != null && !labelsNode.isNull()) {
            if (!labelsNode.isArray()) {
                throw new DatasetException(file + ":" + lineNo + ": field 'labels': expected an array, got " + labelsNode);
            }
            labelsNode.forEach(l -> labels.add(l.asText()));
        }
        Path image = resolveImage(file, lineNo, "image", img, source.equals("harmeme"));
        // The OCR text has line breaks where the picture had them; a prompt wants one line.
        String normalised = memeText.replaceAll("\\s*\\R\\s*", " ").trim();
        return new Meme(source + ":" + id, source, normalised, image, labels, file + ":" + lineNo);
    }

    /**
     * MOMENTA keeps annotations/ beside images/; copies and plain folders keep images/ inside, or the
     * images next to the file. The first place that has the file wins; when none has it, the
     * format's usual place is named (MOMENTA's for HarMeme, beside the file otherwise), and the meme
     * becomes an ERROR when its image is read.
     */
    static Path resolveImage(Path file, int lineNo, String field, String name, boolean momenta) {
        Path root = file.toAbsolutePath().getParent();
        List<Path> roots = momenta ? List.of(root.resolveSibling("images"), root.resolve("images"), root)
                : List.of(root, root.resolve("images"), root.resolveSibling("images"));
        for (Path candidate : roots) {
            Path resolved = resolveInside(file, lineNo, field, candidate, name);
            if (Files.exists(resolved)) {
                return resolved;
            }
        }
        return resolveInside(file, lineNo, field, roots.get(0), name);
    }

    static Path resolveInside(Path file, int lineNo, String field, Path root, String relative) {
        Path resolved = root.resolve(relative).normalize();
        if (!resolved.startsWith(root.normalize())) {
            throw new DatasetException(file + ":" + lineNo + ": field '" + field + "': path '" + relative
                    + "' escapes the dataset folder " + root);
        }
        return resolved;
    }

    private static String scalar(Path file, int lineNo, JsonNode record, String field) {
        JsonNode node = record.get(field);
        if (node == null || node.isNull() || node.isContainerNode() || node.asText().isBlank()) {
            throw new DatasetException(file + ":" + lineNo + ": field '" + field + "' is missing or empty");
        }
        return node.asText();
    }

    private static String text(Path file, int lineNo, JsonNode record, String field) {
        JsonNode node = record.get(field);
        if (node == null || node.isNull()) {
            throw new DatasetException(file + ":" + lineNo + ": field '" + field + "' is missing");
        }
        if (!node.isTextual()) {
            throw new DatasetException(file + ":" + lineNo + ": field '" + field + "': expected a string, got "
                    + node.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        return node.asText();
    }
}
