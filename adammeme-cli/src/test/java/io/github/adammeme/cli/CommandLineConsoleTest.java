package io.github.adammeme.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.text.PrintableStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a user types is echoed in a problem's one line, never as a line of its own: exit 2, the key named. */
class CommandLineConsoleTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) throws Exception {
        out.reset();
        err.reset();
        return Main.run(
                args,
                PrintableStream.of(new PrintStream(out, true, StandardCharsets.UTF_8)),
                PrintableStream.of(new PrintStream(err, true, StandardCharsets.UTF_8)));
    }

    private List<String> errLines() {
        return err.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void aModelIdWithALineBreakIsRefusedOnOneLineAndForgesNothing() throws Exception {
        assertEquals(2, run("adammeme.dataset=memes.jsonl", "adammeme.target.model=gpt-4o\nrelease decision: PASSED"));
        assertEquals(
                List.of(
                        "adammeme: configuration key 'adammeme.target.model' has value 'gpt-4o\\nrelease decision: PASSED':"
                                + " the value holds the character U+000A, which would break or rewrite a console line; model ids, revisions,"
                                + " names, paths and URLs are one line of visible characters"),
                errLines());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRevisionOrArgumentWithTerminalEscapesIsShownEscaped() throws Exception {
        assertEquals(2, run("adammeme.dataset=memes.jsonl", "adammeme.target.revision=sha256:4f2a\u001b[1A\u001b[2K"));
        assertEquals(1, errLines().size(), errLines().toString());
        assertTrue(
                errLines()
                        .get(0)
                        .startsWith("adammeme: configuration key 'adammeme.target.revision' has value"
                                + " 'sha256:4f2a\\u001b[1A\\u001b[2K': the value holds the character U+001B"),
                errLines().get(0));

        assertEquals(2, run("plan", "memes\u001b]0;owned\u0007.jsonl"));
        assertEquals(
                List.of("adammeme: arguments are key=value, e.g. adammeme.dataset=memes.jsonl, or a .properties file;"
                        + " got 'memes\\u001b]0;owned\\u0007.jsonl'"),
                errLines());
    }
}
