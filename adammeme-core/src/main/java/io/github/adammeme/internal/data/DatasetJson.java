package io.github.adammeme.internal.data;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One line of a dataset or bank as exactly one JSON object: a second object or anything else after
 * the first is refused rather than dropped, and so is a key given twice (which would otherwise keep
 * the last value without a word).
 */
final class DatasetJson {

    /** A meme record is flat or one level deep; anything far deeper is not a dataset line. */
    private static final int MAX_NESTING = 64;

    static final ObjectMapper MAPPER = mapper();

    private DatasetJson() {}

    private static ObjectMapper mapper() {
        JsonFactory factory = JsonFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_NESTING)
                        .build())
                .build();
        ObjectMapper mapper = new ObjectMapper(factory);
        // A number where a string belongs is a mistake in the file, not a value to turn into text.
        for (CoercionInputShape shape : new CoercionInputShape[] {
            CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean
        }) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
        return mapper;
    }

    /** @throws DatasetException naming the file and line when the line is not one JSON object */
    static ObjectNode object(Path file, long line, String text) {
        try (JsonParser parser = MAPPER.createParser(text)) {
            JsonNode node = MAPPER.readTree(parser);
            if (node == null || !node.isObject()) {
                throw DatasetException.at(
                        file, line, "expected a JSON object" + (node == null ? "" : ", got " + typeOf(node)));
            }
            if (moreAfter(parser)) {
                throw DatasetException.at(file, line, "trailing content after the JSON object");
            }
            return (ObjectNode) node;
        } catch (JsonProcessingException e) {
            // StreamConstraintsException (a number, name or nesting beyond Jackson's limits) lands here too
            throw DatasetException.at(
                    file, line, "malformed JSON: " + DatasetException.shownMessage(e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw DatasetException.at(
                    file, line, "cannot parse the line: " + DatasetException.shownMessage(e.getMessage()), e);
        }
    }

    /** Anything but whitespace after the object, even what is not JSON at all. */
    private static boolean moreAfter(JsonParser parser) throws IOException {
        try {
            return parser.nextToken() != null;
        } catch (JsonProcessingException e) {
            return true;
        }
    }

    static String typeOf(JsonNode node) {
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
