package io.github.adammeme.internal.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Reads a hard-case bank's lines into cases, naming the file, line and field of anything malformed. */
final class BankReader {

    /** The fields a case cannot be replayed without. */
    private static final List<String> REQUIRED = List.of("id", "category", "text", "image", "imageSha256", "reference");

    private static final List<String> OPTIONAL_TEXT = List.of("misbelief", "originalText", "promptText");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private BankReader() {}

    static List<HardCase> read(Path bank, DatasetLimits limits) {
        if (!Files.isRegularFile(bank)) {
            throw new DatasetException("hard-case bank " + bank + " does not exist or is not a file");
        }
        List<HardCase> cases = new ArrayList<>();
        Map<String, Long> seen = new HashMap<>();
        try (DatasetLines lines = DatasetLines.open(bank, limits)) {
            for (String line = lines.next(); line != null; line = lines.next()) {
                if (line.isBlank()) {
                    continue;
                }
                DatasetRecord record =
                        new DatasetRecord(bank, lines.number(), DatasetJson.object(bank, lines.number(), line));
                HardCase c = hardCase(record);
                Long earlier = seen.putIfAbsent(c.id(), record.line());
                if (earlier != null) {
                    throw record.refuse(
                            "id",
                            ": duplicate id " + DatasetException.shown(c.id()) + " (also on line " + earlier + ")");
                }
                cases.add(c);
            }
        }
        return cases;
    }

    private static HardCase hardCase(DatasetRecord record) {
        for (String field : REQUIRED) {
            if (record.lacks(field) || record.text(field).isBlank()) {
                throw record.refuse(
                        field, " is missing or empty (a hard case needs " + String.join(", ", REQUIRED) + ")");
            }
        }
        OPTIONAL_TEXT.stream().filter(field -> !record.lacks(field)).forEach(record::text);
        if (!SHA256.matcher(record.text("imageSha256")).matches()) {
            throw record.refuse("imageSha256", ": expected 64 lowercase hexadecimal digits");
        }
        try {
            return DatasetJson.MAPPER.treeToValue(record.node(), HardCase.class);
        } catch (UnrecognizedPropertyException e) {
            throw record.refuse(DatasetException.shown(fieldPath(e)), " is not a field of a hard case");
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String field = e instanceof JsonMappingException m ? fieldPath(m) : "";
            String problem = e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
            throw DatasetException.at(
                    record.file(),
                    record.line(),
                    "not a hard case: "
                            + (field.isEmpty() ? "" : "field '" + DatasetException.shown(field) + "': ")
                            + DatasetException.shownMessage(problem),
                    e);
        }
    }

    /** Where in the case Jackson stopped, e.g. {@code provenance.step}. */
    private static String fieldPath(JsonMappingException e) {
        return e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
                .collect(Collectors.joining("."));
    }
}
