package io.github.adammeme.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.PrintStream;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Where the library speaks on the console: the process's streams as they are now (a test harness may have replaced
 * them), each a {@link PrintableStream}.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Console {

    private Console() {}

    /** @return standard output, printable */
    public static PrintStream out() {
        return PrintableStream.of(System.out);
    }

    /** @return standard error, printable */
    public static PrintStream err() {
        return PrintableStream.of(System.err);
    }

    /**
     * A warning on standard error: {@code adammeme: } and the message, redacted and made one line, since it quotes
     * endpoints, files and exceptions.
     *
     * @param message what to say, or null (an exception may have no message), printed as {@code null}
     */
    public static void warn(@Nullable String message) {
        warn(err(), message);
    }

    /**
     * As {@link #warn(String)}, on a stream of the caller's (a command's standard error).
     *
     * @param err     where to say it
     * @param message what to say, or null
     */
    public static void warn(PrintStream err, @Nullable String message) {
        err.println("adammeme: " + Printable.escaped(Secrets.redact(String.valueOf(message))));
    }
}
