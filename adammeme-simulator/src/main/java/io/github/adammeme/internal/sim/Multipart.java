package io.github.adammeme.internal.sim;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** A {@code multipart/form-data} body (RFC 7578), as a file upload sends it: its fields by name. */
final class Multipart {

    /**
     * One field.
     *
     * @param filename the file name it was sent with, or null for a plain field
     * @param content its bytes
     */
    @SuppressWarnings("ArrayRecordComponent") // a part is read once, never compared
    record Part(@Nullable String filename, byte[] content) {

        String text() {
            return new String(content, StandardCharsets.UTF_8);
        }
    }

    private static final Pattern BOUNDARY = Pattern.compile("boundary=\"?([^\";]+)\"?");
    private static final Pattern NAME = Pattern.compile("\\bname=\"([^\"]*)\"");
    private static final Pattern FILENAME = Pattern.compile("\\bfilename=\"([^\"]*)\"");
    private static final byte[] HEADERS_END = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private Multipart() {}

    /**
     * @param contentType the request's Content-Type, which carries the boundary
     * @param body the whole body
     * @return the fields by name, in the order sent
     * @throws IllegalArgumentException saying what is wrong with the body
     */
    static Map<String, Part> parse(@Nullable String contentType, byte[] body) {
        Matcher boundary = contentType == null ? null : BOUNDARY.matcher(contentType);
        if (contentType == null
                || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")
                || boundary == null
                || !boundary.find()) {
            throw new IllegalArgumentException("expected a multipart/form-data body with a boundary");
        }
        byte[] delimiter = ("--" + boundary.group(1)).getBytes(StandardCharsets.US_ASCII);
        byte[] between = ("\r\n--" + boundary.group(1)).getBytes(StandardCharsets.US_ASCII);
        int at = indexOf(body, delimiter, 0);
        if (at < 0) {
            throw new IllegalArgumentException("the body has no part");
        }
        Map<String, Part> parts = new LinkedHashMap<>();
        at += delimiter.length;
        while (!(at + 2 <= body.length && body[at] == '-' && body[at + 1] == '-')) {
            int headersEnd = indexOf(body, HEADERS_END, at);
            if (headersEnd < 0) {
                throw new IllegalArgumentException("a part's headers never end");
            }
            String headers = new String(body, at, headersEnd - at, StandardCharsets.UTF_8);
            int end = indexOf(body, between, headersEnd + HEADERS_END.length);
            if (end < 0) {
                throw new IllegalArgumentException("the body ends inside a part");
            }
            Matcher name = NAME.matcher(headers);
            if (!name.find()) {
                throw new IllegalArgumentException("a part has no name");
            }
            Matcher filename = FILENAME.matcher(headers);
            parts.put(
                    name.group(1),
                    new Part(
                            filename.find() ? filename.group(1) : null,
                            Arrays.copyOfRange(body, headersEnd + HEADERS_END.length, end)));
            at = end + between.length;
        }
        return parts;
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = Math.max(0, from); i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
