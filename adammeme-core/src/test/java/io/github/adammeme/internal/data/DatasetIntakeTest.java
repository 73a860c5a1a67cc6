package io.github.adammeme.internal.data;

import static io.github.adammeme.internal.data.DatasetFiles.bytes;
import static io.github.adammeme.internal.data.DatasetFiles.concat;
import static io.github.adammeme.internal.data.DatasetFiles.lines;
import static io.github.adammeme.internal.data.DatasetFiles.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lines built to break the loaders, each refused with the file, line and field named: the way every
 * JSONL and CSV line is read (a BOM, a stray byte, a line longer than memory), and what a line may hold.
 */
class DatasetIntakeTest {

    private static final String MAX = "1048576 bytes (adammeme.dataset.max-line-bytes)";
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    private static final String FHM_LINE = "{\"id\": 1, \"img\": \"img/00001.png\", \"text\": \"one\"}";

    @TempDir
    Path dir;

    private String refusal(Path file) {
        return assertThrows(DatasetException.class, () -> Datasets.load(file, null))
                .getMessage();
    }

    @Test
    void aByteOrderMarkIsDroppedFromJsonl() throws Exception {
        Path file = bytes(dir.resolve("fhm/train.jsonl"), concat(BOM, utf8(FHM_LINE + "\n")));
        assertEquals(
                List.of("fhm:00001"),
                Datasets.load(file, null).stream().map(Meme::id).toList());
    }

    @Test
    void aByteOrderMarkDoesNotHideTheFirstCsvColumn() throws Exception {
        Path file = bytes(dir.resolve("mine/memes.csv"), concat(BOM, utf8("id,image,text\nfirst,a.png,hello\n")));
        Meme meme = Datasets.load(file, null).get(0);
        assertEquals("mine:first", meme.id(), "the id column is found, not '\\ufeffid'");
        Path mami = bytes(
                dir.resolve("mami/training.csv"),
                concat(BOM, utf8("file_name\tmisogynous\tText Transcription\n" + "1.jpg\t1\tx\n")));
        assertEquals(List.of("misogynous"), Datasets.load(mami, null).get(0).labels());
    }

    @Test
    void aSecondObjectOnALineIsRefusedNotDropped() throws Exception {
        Path file = lines(
                dir.resolve("two.jsonl"), FHM_LINE + " {\"id\": 2, \"img\": \"img/00002.png\", \"text\": \"two\"}");
        assertEquals(file + ":1: trailing content after the JSON object", refusal(file));
        Path garbage = lines(dir.resolve("garbage.jsonl"), FHM_LINE, FHM_LINE.replace("1", "2") + " }x");
        assertEquals(garbage + ":2: trailing content after the JSON object", refusal(garbage));
    }

    @Test
    void aKeyGivenTwiceIsRefusedNotOverwritten() throws Exception {
        Path file = lines(
                dir.resolve("twice.jsonl"), "{\"id\": 1, \"img\": \"a.png\", \"img\": \"b.png\", \"text\": \"x\"}");
        assertTrue(refusal(file).startsWith(file + ":1: malformed JSON: Duplicate field 'img'"), refusal(file));
    }

    @Test
    void aLineThatIsNotUtf8IsNamedByLineAndColumn() throws Exception {
        Path file = bytes(
                dir.resolve("latin1.jsonl"),
                concat(
                        utf8(FHM_LINE + "\n{\"id\": 2, \"img\": \"b.png\", \"text\": \"caf"),
                        new byte[] {(byte) 0xE9},
                        utf8("\"}\n")));
        assertEquals(file + ":2: not UTF-8 text (byte 0xE9 at column 39)", refusal(file));
        Path csv = bytes(
                dir.resolve("m/memes.csv"),
                concat(
                        utf8("id,image,text\r\na,a.png,x\r\nb,b.png,"),
                        new byte[] {(byte) 0xFF, (byte) 0xFE},
                        utf8("\r\n")));
        assertEquals(csv + ":3: not UTF-8 text (byte 0xFF at column 9)", refusal(csv));
    }

    @Test
    void crlfAndLfBothEndALine() throws Exception {
        Path file = bytes(dir.resolve("fhm/crlf.jsonl"), utf8(FHM_LINE + "\r\n" + FHM_LINE.replace("1", "2") + "\n"));
        assertEquals(2, Datasets.load(file, null).size());
        Path csv =
                bytes(dir.resolve("c/memes.csv"), utf8("id,image,text\r\na,a.png,x\r\nb,b.png,\"two\r\nlines\"\r\n"));
        List<Meme> memes = Datasets.load(csv, null);
        assertEquals(List.of("x", "two lines"), memes.stream().map(Meme::text).toList());
    }

    @Test
    void aLineOverTheCapIsRefused() throws Exception {
        byte[] long2MiB = new byte[2 << 20];
        Arrays.fill(long2MiB, (byte) 'a');
        Path file = bytes(dir.resolve("long.jsonl"), concat(utf8(FHM_LINE + "\n"), long2MiB, utf8("\n")));
        assertEquals(file + ":2: the line is over " + MAX, refusal(file));
        Path csv = bytes(dir.resolve("long/memes.csv"), concat(utf8("id,image,text\n"), long2MiB));
        assertEquals(csv + ":2: the line is over " + MAX, refusal(csv));
    }

    /**
     * A line longer than the whole heap: read whole it would exhaust memory, read within the cap it is
     * refused after the first megabyte. The zeros are a sparse file, so they cost no disk either.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLineLongerThanTheHeapIsRefusedWithinTheCap() throws Exception {
        long size = Math.max(200L << 20, Runtime.getRuntime().maxMemory() + (1L << 30));
        Path file = DatasetFiles.sparse(dir.resolve("huge.jsonl"), utf8(FHM_LINE + "\n"), size);
        assertEquals(file + ":2: the line is over " + MAX, refusal(file));
        Path csv = DatasetFiles.sparse(dir.resolve("huge/memes.csv"), utf8("id,image,text\na,a.png,\""), size);
        assertEquals(csv + ":2: the line is over " + MAX, refusal(csv));
    }

    @Test
    void theCapIsAParameter() throws Exception {
        Path file = lines(dir.resolve("fhm/small.jsonl"), FHM_LINE);
        DatasetLimits tiny = new DatasetLimits(20, DatasetLimits.DEFAULT_MAX_IMAGE_BYTES);
        assertEquals(
                file + ":1: the line is over 20 bytes (adammeme.dataset.max-line-bytes)",
                assertThrows(DatasetException.class, () -> Datasets.load(List.of(file), null, tiny))
                        .getMessage());
        assertEquals(
                1, Datasets.load(List.of(file), null, DatasetLimits.DEFAULT).size());
    }

    @Test
    void numbersAndObjectsWhereStringsBelongAreNamed() throws Exception {
        assertEquals(
                ":1: field 'text': expected a string, got number",
                lineRefusal("{\"id\": 1, \"img\": \"a.png\", \"text\": 5}"));
        assertEquals(
                ":1: field 'img': expected a string, got object",
                lineRefusal("{\"id\": 1, \"img\": {\"a\": 1}, \"text\": \"x\"}"));
        assertEquals(
                ":1: field 'id': expected a string or an integer, got array",
                lineRefusal("{\"id\": [1], \"img\": \"a.png\", \"text\": \"x\"}"));
        assertEquals(
                ":1: field 'id' is missing or empty",
                lineRefusal("{\"id\": \" \", \"img\": \"a.png\", \"text\": \"x\"}"));
        assertEquals(
                ":1: field 'label': expected 0 or 1, got 7",
                lineRefusal("{\"id\": 1, \"img\": \"a.png\", \"text\": \"x\", \"label\": 7}"));
        assertEquals(
                ":1: field 'label': expected 0 or 1, got string",
                lineRefusal("{\"id\": 1, \"img\": \"a.png\", \"text\": \"x\", \"label\": \"1\"}"));
        assertEquals(
                ":1: field 'labels': expected an array of strings, found object",
                lineRefusal("{\"id\": \"h\", \"image\": \"a.png\", \"text\": \"x\", \"labels\": [{}]}"));
        assertEquals(
                ":1: field 'labels': expected an array of strings, got number",
                lineRefusal("{\"id\": \"h\", \"image\": \"a.png\", \"text\": \"x\", \"labels\": 3}"));
        assertEquals(":1: expected a JSON object, got array", lineRefusal("[1, 2]"));
    }

    @Test
    void whatJacksonRefusesIsMalformedJsonOnItsLine() throws Exception {
        String deep = "{\"id\": 1, \"img\": \"a.png\", \"text\": \"x\", \"extra\": " + "[".repeat(100) + "]".repeat(100)
                + "}";
        assertTrue(
                lineRefusal(deep)
                        .startsWith(
                                ":1: malformed JSON: Document nesting depth (65) exceeds the maximum" + " allowed (64"),
                lineRefusal(deep));
        String bigNumber = "{\"id\": " + "9".repeat(2000) + ", \"img\": \"a.png\", \"text\": \"x\"}";
        assertTrue(
                lineRefusal(bigNumber)
                        .startsWith(":1: malformed JSON: Number value length (2000) exceeds the maximum"
                                + " allowed (1000"),
                lineRefusal(bigNumber));
        assertTrue(lineRefusal("{\"id\": 1, \"img\": ").startsWith(":1: malformed JSON: Unexpected end-of-input"));
    }

    /** The long id stays the string it is: no number type holds every id. */
    @Test
    void aLongNumericIdIsComparedAsDigits() throws Exception {
        String id = "1".repeat(40);
        Path file = lines(
                dir.resolve("fhm/long-id.jsonl"),
                "{\"id\": " + id + ", \"img\": \"img/0" + id + ".png\", \"text\": \"x\"}");
        assertEquals("fhm:0" + id, Datasets.load(file, null).get(0).id());
        assertEquals("7", JsonlDatasetLoader.canonicalFhmId("7", "/"));
    }

    @Test
    void duplicateIdsNameBothLines() throws Exception {
        Path file = lines(dir.resolve("fhm/dup.jsonl"), FHM_LINE, "", FHM_LINE.replace("one", "again"));
        assertEquals(file + ":3: field 'id': duplicate id fhm:00001 (also on line 1)", refusal(file));
        Path csv = lines(dir.resolve("d/memes.csv"), "id,image,text", "a,a.png,x", "a,b.png,y");
        assertEquals(csv + ":3: field 'id': duplicate id a (also on line 2)", refusal(csv));
    }

    @Test
    void anUnterminatedCsvQuoteIsNamedWhereItOpens() throws Exception {
        Path file =
                lines(dir.resolve("q/memes.csv"), "id,image,text", "a,a.png,x", "b,b.png,\"never closed", "c,c.png,z");
        assertEquals(file + ":3: a quoted field is not closed before the end of the file", refusal(file));
        Path junk = lines(dir.resolve("j/memes.csv"), "id,image,text", "a,a.png,\"closed\"junk");
        assertTrue(
                refusal(junk)
                        .startsWith(junk + ":2: malformed CSV: Invalid character between encapsulated token and"
                                + " delimiter"),
                refusal(junk));
    }

    /**
     * The line is the parser's own count, not digits read out of its message, which commons-csv writes with a
     * thousands separator: at line 1,234 a message read back gave line 1.
     */
    @Test
    void aCsvErrorPastLineNineHundredNinetyNineNamesItsLine() throws Exception {
        String[] rows = new String[1300];
        rows[0] = "id,image,text";
        for (int i = 1; i < rows.length; i++) {
            rows[i] = "row" + i + ",r.png,some text";
        }
        rows[1233] = "bad,b.png,\"closed\"junk";
        Path junk = lines(dir.resolve("junk1234/memes.csv"), rows);
        assertTrue(
                refusal(junk)
                        .startsWith(junk + ":1234: malformed CSV: Invalid character between encapsulated token and"
                                + " delimiter"),
                refusal(junk));
        rows[1233] = "row1233,r.png,some text";
        rows[1299] = "bad,b.png,\"never closed";
        Path open = lines(dir.resolve("open1300/memes.csv"), rows);
        assertEquals(open + ":1300: a quoted field is not closed before the end of the file", refusal(open));
    }

    /** commons-csv skips empty lines between records: the record is named where it begins, not where they do. */
    @Test
    void emptyLinesBeforeABadRecordDoNotMoveItsLine() throws Exception {
        Path open = lines(dir.resolve("e/memes.csv"), "id,image,text", "a,a.png,x", "", "", "b,b.png,\"never closed");
        assertEquals(open + ":5: a quoted field is not closed before the end of the file", refusal(open));
        Path runOn = lines(
                dir.resolve("r/memes.csv"), "id,image,text", "a,a.png,x", "", "b,b.png,\"opened", "c,c.png,\"z\"junk");
        assertTrue(
                refusal(runOn)
                        .startsWith(runOn + ":4: malformed CSV: the record that begins on this line runs on to line 5"),
                refusal(runOn));
    }

    @Test
    void anOpenQuoteCannotGatherTheRestOfTheFileIntoOneRecord() throws Exception {
        String[] rows = new String[2000];
        rows[0] = "id,image,text";
        rows[1] = "a,a.png,\"opened here";
        for (int i = 2; i < rows.length; i++) {
            rows[i] = "row" + i + ",r.png,some text that is short";
        }
        Path file = lines(dir.resolve("open/memes.csv"), rows);
        DatasetLimits limits = new DatasetLimits(10_000, DatasetLimits.DEFAULT_MAX_IMAGE_BYTES);
        assertEquals(
                file + ":2: the record is over 10000 bytes (adammeme.dataset.max-line-bytes); is a quoted field left"
                        + " open?",
                assertThrows(DatasetException.class, () -> Datasets.load(file, null, limits))
                        .getMessage());
    }

    @Test
    void aCsvHeaderWithARepeatedOrEmptyNameIsRefused() throws Exception {
        Path twice = lines(dir.resolve("t/memes.csv"), "id,image,text,text", "a,a.png,x,y");
        assertTrue(
                refusal(twice)
                        .startsWith(twice + ":1: unusable header: The header contains a duplicate name: \"text\""),
                refusal(twice));
        Path empty = lines(dir.resolve("e/memes.csv"), "id,,image,text", "a,b,a.png,x");
        assertTrue(refusal(empty).startsWith(empty + ":1: unusable header: A header name is missing"), refusal(empty));
    }

    /** The regex this replaced backtracked over each run of spaces: a megabyte of them took hours. */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void ocrTextIsFlattenedInLinearTime() throws Exception {
        String spaces = " ".repeat(500_000);
        Path file = lines(
                dir.resolve("harmeme/annotations/x.jsonl"),
                "{\"id\": \"h\", \"image\": \"h.png\", \"text\": \"A" + spaces + "B\\n C \\u2028\\u2028 D\"}");
        assertEquals("A" + spaces + "B C D", Datasets.load(file, null).get(0).text());
    }

    private String lineRefusal(String line) throws Exception {
        Path file = lines(dir.resolve("line.jsonl"), line);
        String message = refusal(file);
        assertTrue(message.startsWith(file.toString()), message);
        return message.substring(file.toString().length());
    }
}
