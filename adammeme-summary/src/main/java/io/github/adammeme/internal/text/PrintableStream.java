package io.github.adammeme.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.PrintStream;
import org.apiguardian.api.API;

/**
 * A console stream through which only line breaks move the cursor: every other character {@link Printable#unsafe}
 * (ESC, NUL, a carriage return, a bidirectional override) is written as its escape, whichever message or table
 * carried it there. Text is checked as a whole string before it reaches the stream underneath, so a line is
 * written at once, as {@link PrintStream#println(String)} writes it.
 *
 * <p>Line breaks pass: a table is several lines. That a value from outside holds none is the job of whoever puts it
 * on a line ({@link Printable#escaped}, and {@link Console#warn}, which makes a whole message one line).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PrintableStream extends PrintStream {

    private final PrintStream raw;

    private PrintableStream(PrintStream raw) {
        // Only numbers and line separators reach this stream's own encoder (all else is written to raw as text), so
        // any ASCII-compatible charset writes the bytes raw's own would.
        super(raw, true);
        this.raw = raw;
    }

    /**
     * @param stream a console stream
     * @return it, writing every unsafe character but a line break as an escape
     */
    public static PrintStream of(PrintStream stream) {
        return stream instanceof PrintableStream ? stream : new PrintableStream(stream);
    }

    /**
     * The stream underneath, for the one writer that needs a carriage return: the progress line redraws itself with
     * one, and holds only its own words and figures.
     *
     * @param stream a stream, printable or not
     * @return the stream it writes to
     */
    public static PrintStream raw(PrintStream stream) {
        return stream instanceof PrintableStream p ? p.raw : stream;
    }

    @Override
    public void print(String s) {
        raw.print(Printable.lines(String.valueOf(s)));
    }

    @Override
    public void print(Object obj) {
        print(String.valueOf(obj));
    }

    @Override
    public void print(char[] s) {
        print(new String(s));
    }

    @Override
    public void print(char c) {
        print(String.valueOf(c));
    }

    @Override
    public void println(String x) {
        raw.println(Printable.lines(String.valueOf(x)));
    }

    @Override
    public void println(Object x) {
        println(String.valueOf(x));
    }

    @Override
    public void println(char[] x) {
        println(new String(x));
    }

    @Override
    public void println(char x) {
        println(String.valueOf(x));
    }
}
