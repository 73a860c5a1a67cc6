package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.Printable;
import java.nio.file.Path;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A dataset that cannot be read; the message names the file, and the line and field when known, on one printable
 * line: it may quote the file.
 */
@API(status = INTERNAL, since = "0.1.0")
public class DatasetException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Enough of a value to recognise it; a message is read by a person and a value may be a megabyte. */
    private static final int SHOWN_CHARS = 200;

    /** @param message what is wrong, naming the file */
    public DatasetException(String message) {
        super(Printable.escaped(message));
    }

    /**
     * @param message what is wrong, naming the file
     * @param cause the parser's or the file system's exception
     */
    public DatasetException(String message, Throwable cause) {
        super(Printable.escaped(message), cause);
    }

    /** A problem on one line: {@code <file>:<line>: <problem>}. */
    static DatasetException at(Path file, long line, String problem) {
        return new DatasetException(file + ":" + line + ": " + problem);
    }

    static DatasetException at(Path file, long line, String problem, Throwable cause) {
        return new DatasetException(file + ":" + line + ": " + problem, cause);
    }

    /**
     * A value from the file as a message shows it: control characters (a NUL, a line break) written as
     * escapes ({@link Printable}) so the message stays one readable line, and a long value cut.
     */
    static String shown(String value) {
        return shown(value, SHOWN_CHARS);
    }

    /** A library's message about the file, which may quote it: shown like a value, with more room. */
    static String shownMessage(@Nullable String message) {
        return shown(String.valueOf(message), 4 * SHOWN_CHARS);
    }

    private static String shown(String value, int limit) {
        String head = Printable.escaped(value.length() <= limit ? value : value.substring(0, limit));
        if (head.length() <= limit && value.length() <= limit) {
            return head;
        }
        int end = Math.min(limit, head.length());
        end = Character.isHighSurrogate(head.charAt(end - 1)) ? end - 1 : end;
        return head.substring(0, end) + "… (" + value.length() + " characters)";
    }
}
