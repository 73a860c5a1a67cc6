package io.github.adammeme.internal.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Text from outside on a console: what would forge, rewrite or reorder a line is shown as an escape, the rest as it is. */
class PrintableTest {

    @Test
    void aLineBreakEscapeOrOverrideIsShownAsAnEscapeOnTheSameLine() {
        assertEquals(
                "gpt-4o\\n[INFO] release decision: PASSED",
                Printable.escaped("gpt-4o\n[INFO] release decision: PASSED"));
        assertEquals("HTTP/1.1 5\\u001b[2K\\u0000 Bad\\r\\nx", Printable.escaped("HTTP/1.1 5\u001b[2K\u0000 Bad\r\nx"));
        assertEquals(
                "evil\\u202egnp.exe \\u2066x\\u2069 \\u2028 \\u0085 \\u200b",
                Printable.escaped("evil\u202egnp.exe \u2066x\u2069 \u2028 \u0085 \u200b"));
        assertEquals("flag \\udb40\\udc01", Printable.escaped("flag \uDB40\uDC01"), "a format character past the BMP");
    }

    @Test
    void ordinaryTextOfEveryScriptPassesUntouched() {
        String text = "race\tgender · 人種 · عرق · नस्ल · mi\u200Dx 👨\u200D👩\u200D👧 2 < 4.0 -> café";
        assertSame(text, Printable.escaped(text), "tabs, joiners and emoji move nothing");
        assertNull(Printable.escaped(null));
    }

    @Test
    void textOfSeveralLinesKeepsItsLineBreaksOnly() {
        assertEquals("a\nb\r\nc\\rd\\u001be", Printable.lines("a\nb\r\nc\rd\u001be"));
    }

    @Test
    void aShortValueIsCutBeforeItIsEscaped() {
        assertEquals("m-1\\u001b", Printable.line("m-1\u001b[2K and more", 4));
        assertNull(Printable.line("   ", 10));
        assertEquals(3, Printable.firstUnsafe("abc\u001bd"));
        assertEquals(-1, Printable.firstUnsafe("abc\td"));
    }

    @Test
    void aPrintableStreamEscapesWhatEveryPrintMethodWritesButLineBreaks() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = PrintableStream.of(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        out.println("x\u001b[31m");
        out.print("table\nrow\u0000\n");
        out.printf("%s: %d%n", "y\u202e", 3);
        out.println((Object) "z\r");
        out.append("w\u0007").println();
        assertSame(out, PrintableStream.of(out), "never wrapped twice");
        assertEquals(
                List.of("x\\u001b[31m", "table", "row\\u0000", "y\\u202e: 3", "z\\r", "w\\u0007"),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }
}
