package io.github.adammeme.internal.data;

import static io.github.adammeme.internal.data.DatasetFiles.lines;
import static io.github.adammeme.internal.data.DatasetFiles.symlink;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.internal.util.Digests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bank replays pictures on a model, so a case's picture must be the bank's own: inside its images
 * folder by real path, a regular file, within the size cap, with the digest the bank records.
 */
class BankIntakeTest {

    private static final byte[] PICTURE = {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3};
    private static final String DIGEST = Digests.sha256Hex(PICTURE);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    Path bank;
    Path images;

    @BeforeEach
    void bank() throws Exception {
        bank = dir.resolve("repo/hard-cases.jsonl");
        images = HardCaseBank.imagesOf(bank);
        DatasetFiles.bytes(images.resolve(DIGEST + ".png"), PICTURE);
    }

    private static HardCase hardCase(String image, String digest) {
        return new HardCase(
                "case1",
                "race",
                "m",
                "a text",
                "a text",
                "a text",
                image,
                digest,
                "the reference",
                new HardCase.Provenance("sim:keyword", "2026-01-01T00:00:00Z", "s#1", "s", 1, 2, "fhm"));
    }

    private String line(String image, String digest) throws Exception {
        return JSON.writeValueAsString(hardCase(image, digest));
    }

    /** The message the bank gives for a case whose picture is {@code image}, with the folders named by role. */
    private String refusal(String image) throws Exception {
        lines(bank, line(image, DIGEST));
        String message = assertThrows(DatasetException.class, () -> Datasets.load(bank, null))
                .getMessage();
        return message.replace(images.toString(), "<images>").replace(bank.toString(), "<bank>");
    }

    @Test
    void aGoodCaseReplaysItsRealPicture() throws Exception {
        lines(bank, line("hard-cases-images/" + DIGEST + ".png", DIGEST));
        assertTrue(HardCaseBank.isBank(bank));
        List<Meme> memes = Datasets.load(bank, null);
        assertEquals("bank:case1", memes.get(0).id());
        assertEquals(images.resolve(DIGEST + ".png").toRealPath(), memes.get(0).image());
    }

    @Test
    void aPictureOutsideTheImagesFolderIsRefusedByName() throws Exception {
        assertEquals(
                "hard case case1 in <bank>: picture '../../etc/hostname' leads outside the bank's images folder"
                        + " <images>",
                refusal("../../etc/hostname"));
        assertEquals(
                "hard case case1 in <bank>: picture '/etc/hostname' leads outside the bank's images folder <images>",
                refusal("/etc/hostname"));
        DatasetFiles.bytes(bank.resolveSibling("beside.png"), PICTURE);
        assertEquals(
                "hard case case1 in <bank>: picture 'beside.png' leads outside the bank's images folder <images>",
                refusal("beside.png"));
    }

    @Test
    void aPictureThatLinksOutIsRefusedWithoutReadingIt() throws Exception {
        Path elsewhere = DatasetFiles.bytes(dir.resolve("elsewhere/x.png"), PICTURE);
        symlink(images.resolve("link.png"), elsewhere);
        assertEquals(
                "hard case case1 in <bank>: picture 'hard-cases-images/link.png' leads outside the bank's images"
                        + " folder <images> (through a symbolic link)",
                refusal("hard-cases-images/link.png"));
        symlink(images.resolve("zero.png"), Path.of("/dev/zero"));
        assertEquals(
                "hard case case1 in <bank>: picture 'hard-cases-images/zero.png' leads outside the bank's images"
                        + " folder <images> (through a symbolic link)",
                refusal("hard-cases-images/zero.png"));
    }

    @Test
    void anImagesFolderThatIsALinkLeadsOutside() throws Exception {
        Path other = dir.resolve("other");
        Files.move(images, other);
        symlink(images, other);
        assertEquals(
                "hard case case1 in <bank>: picture 'hard-cases-images/" + DIGEST + ".png' leads outside the bank's"
                        + " images folder <images> (through a symbolic link)",
                refusal("hard-cases-images/" + DIGEST + ".png"));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aPipeOrADirectoryIsNotAPicture() throws Exception {
        DatasetFiles.fifo(images.resolve("fifo.png"));
        assertEquals(
                "hard case case1 in <bank>: picture 'hard-cases-images/fifo.png' is not a regular file (a device,"
                        + " pipe or socket)",
                refusal("hard-cases-images/fifo.png"));
        Files.createDirectories(images.resolve("dir.png"));
        assertEquals(
                "hard case case1 in <bank>: picture 'hard-cases-images/dir.png' is not a regular file (a directory)",
                refusal("hard-cases-images/dir.png"));
        assertEquals(
                "hard case case1 in <bank>: picture 'hard-cases-images/gone.png' does not exist",
                refusal("hard-cases-images/gone.png"));
    }

    @Test
    void aPictureOverTheCapIsRefusedBeforeItIsHashed() throws Exception {
        DatasetFiles.sparse(images.resolve("big.png"), PICTURE, DatasetLimits.DEFAULT_MAX_IMAGE_BYTES + 1);
        assertEquals(
                "hard case case1 in <bank>: picture 'hard-cases-images/big.png' is over 20971520 bytes"
                        + " (adammeme.image.max-bytes)",
                refusal("hard-cases-images/big.png"));
        lines(bank, line("hard-cases-images/" + DIGEST + ".png", DIGEST));
        DatasetLimits small = new DatasetLimits(DatasetLimits.DEFAULT_MAX_LINE_BYTES, 4);
        assertEquals(
                "hard case case1 in " + bank + ": picture 'hard-cases-images/" + DIGEST + ".png' is over 4 bytes"
                        + " (adammeme.image.max-bytes)",
                assertThrows(DatasetException.class, () -> Datasets.load(List.of(bank), null, small))
                        .getMessage());
    }

    @Test
    void aChangedPictureIsNamedWithoutADigestOfIt() throws Exception {
        String other = "0".repeat(64);
        lines(bank, line("hard-cases-images/" + DIGEST + ".png", other));
        assertEquals(
                "hard case case1 in " + bank + ": picture "
                        + images.resolve(DIGEST + ".png").toRealPath()
                        + " has changed since it was banked (its SHA-256 is not the bank's imageSha256)",
                assertThrows(DatasetException.class, () -> Datasets.load(bank, null))
                        .getMessage());
    }

    @Test
    void aBankLineFollowsTheDatasetLineRules() throws Exception {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        String good = line("hard-cases-images/" + DIGEST + ".png", DIGEST);
        DatasetFiles.bytes(bank, DatasetFiles.concat(bom, DatasetFiles.utf8(good + "\n")));
        assertTrue(HardCaseBank.isBank(bank), "a BOM does not hide a bank");
        assertEquals(1, HardCaseBank.read(bank).size());
        lines(bank, good + " {}");
        assertEquals(
                bank + ":1: trailing content after the JSON object",
                assertThrows(DatasetException.class, () -> HardCaseBank.read(bank))
                        .getMessage());
        lines(bank, good, good);
        assertEquals(
                bank + ":2: field 'id': duplicate id case1 (also on line 1)",
                assertThrows(DatasetException.class, () -> HardCaseBank.read(bank))
                        .getMessage());
        lines(bank, good.replace("\"text\":\"a text\"", "\"text\":5"));
        assertEquals(
                bank + ":1: field 'text': expected a string, got number",
                assertThrows(DatasetException.class, () -> HardCaseBank.read(bank))
                        .getMessage());
        lines(bank, good.replace("\"step\":1", "\"step\":\"first\""));
        assertTrue(assertThrows(DatasetException.class, () -> HardCaseBank.read(bank))
                .getMessage()
                .startsWith(
                        bank + ":1: not a hard case: field 'provenance.step': Cannot deserialize value of type `int`"));
        lines(bank, good.replace(DIGEST, "../etc"));
        assertEquals(
                bank + ":1: field 'imageSha256': expected 64 lowercase hexadecimal digits",
                assertThrows(DatasetException.class, () -> HardCaseBank.read(bank))
                        .getMessage());
        lines(bank, good.replaceFirst("\\{", "{\"surprise\":1,"));
        assertEquals(
                bank + ":1: field 'surprise' is not a field of a hard case",
                assertThrows(DatasetException.class, () -> HardCaseBank.read(bank))
                        .getMessage());
        lines(bank, good.replace("\"provenance\":{", "\"provenance\":{\"sur\\u0000prise\":1,"));
        assertEquals(
                bank + ":1: field 'provenance.sur\\u0000prise' is not a field of a hard case",
                assertThrows(DatasetException.class, () -> HardCaseBank.read(bank))
                        .getMessage());
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void tellingABankReadsOneBoundedLineAndNeverThrows() throws Exception {
        assertFalse(HardCaseBank.isBank(DatasetFiles.fifo(dir.resolve("pipe.jsonl"))));
        Path huge = DatasetFiles.sparse(
                dir.resolve("huge.jsonl"), new byte[0], Runtime.getRuntime().maxMemory() + (1L << 30));
        assertFalse(HardCaseBank.isBank(huge));
        assertFalse(HardCaseBank.isBank(lines(dir.resolve("blank.jsonl"), "", line("x", DIGEST))));
        assertFalse(HardCaseBank.isBank(lines(dir.resolve("junk.jsonl"), "{\"reference\": ")));
        assertFalse(
                HardCaseBank.isBank(DatasetFiles.bytes(dir.resolve("latin1.jsonl"), new byte[] {'{', (byte) 0xE9})));
        assertFalse(HardCaseBank.isBank(dir.resolve("missing.jsonl")));
    }
}
