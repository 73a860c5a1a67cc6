package io.github.adammeme.internal.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.util.Utf16;
import java.nio.file.Path;

/** A JSON line's fields, each taken with the type it must have, or refused naming file, line and field. */
record DatasetRecord(Path file, long line, ObjectNode node) {

    DatasetException refuse(String field, String problem) {
        return DatasetException.at(file, line, "field '" + field + "'" + problem);
    }

    /** A field that is absent or null. */
    boolean lacks(String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull();
    }

    /** A string field that must be there (it may be empty). */
    String text(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw refuse(field, " is missing");
        }
        if (!value.isTextual()) {
            throw refuse(field, ": expected a string, got " + DatasetJson.typeOf(value));
        }
        return wellFormed(field, value.textValue());
    }

    /**
     * A JSON escape such as {@code \\ud800} decodes to half a character, which is no more text than a byte
     * that is not UTF-8: refused the same way, before any call is paid for.
     */
    String wellFormed(String field, String value) {
        int at = Utf16.loneSurrogate(value);
        if (at >= 0) {
            throw refuse(
                    field,
                    String.format(
                            ": holds half a character (the lone UTF-16 surrogate \\u%04x at"
                                    + " character %d), which is not text",
                            (int) value.charAt(at), at + 1));
        }
        return value;
    }

    /** An id: a non-blank string, or an integer as FHM's official file writes them. */
    String id(String field) {
        JsonNode value = node.get(field);
        if (value == null
                || value.isNull()
                || (value.isTextual() && value.textValue().isBlank())) {
            throw refuse(field, " is missing or empty");
        }
        if (!value.isTextual() && !value.isIntegralNumber()) {
            throw refuse(field, ": expected a string or an integer, got " + DatasetJson.typeOf(value));
        }
        return wellFormed(field, value.asText());
    }
}
