package io.github.adammeme.internal.data;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.adammeme.internal.util.Digests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A dataset or bank line may hold anything; what a loader does with it may not. Each format's file is
 * a valid first line followed by fuzzed bytes, in folders that hold the traps a user could build (a
 * link out of the folder, a directory, a pipe, a picture over the cap). Loading either gives memes
 * whose images are regular files inside their folder by real path, or one DatasetException naming the
 * file on one readable line, never anything else.
 */
class DatasetFuzzTest {

    /** Small caps, so that a fuzzed line reaches them within the fuzzer's input sizes. */
    private static final DatasetLimits LIMITS = new DatasetLimits(2048, 64);

    private static final byte[] PICTURE = {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3};
    private static final String DIGEST = Digests.sha256Hex(PICTURE);
    private static final Path ROOT = fixture();

    /**
     * Every dataset folder, with the same traps: {@code img/00001.png} and {@code h1.png} real pictures,
     * {@code link.png} a link to a file outside, {@code dir.png} a directory, {@code fifo.png} a pipe,
     * {@code out} a link to a folder outside, {@code big.png} over the picture cap.
     */
    private static Path fixture() {
        try {
            Path root = Files.createTempDirectory("dataset-fuzz").toRealPath();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(root)));
            Path secret = DatasetFiles.bytes(root.resolve("outside/secret.png"), PICTURE);
            for (String folder :
                    List.of("fhm", "fhm/img", "harmeme/images", "mami", "mine", "mine/pics", "repo/bank-images")) {
                Path at = root.resolve(folder);
                Files.createDirectories(at.resolve("dir.png"));
                DatasetFiles.bytes(at.resolve("00001.png"), PICTURE);
                DatasetFiles.bytes(at.resolve("h1.png"), PICTURE);
                DatasetFiles.bytes(at.resolve("1.jpg"), PICTURE);
                DatasetFiles.bytes(at.resolve(DIGEST + ".png"), PICTURE);
                DatasetFiles.bytes(at.resolve("big.png"), new byte[(int) LIMITS.maxImageBytes() + 1]);
                Files.createSymbolicLink(at.resolve("link.png"), secret);
                Files.createSymbolicLink(at.resolve("out"), secret.getParent());
                mkfifo(at.resolve("fifo.png"));
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Links are deleted, never followed: the secret outside stays until its own folder goes. */
    private static void delete(Path root) {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path path : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder left behind
        }
    }

    /** Without mkfifo the pipe trap is left out; the others still hold. */
    private static void mkfifo(Path path) {
        try {
            new ProcessBuilder("mkfifo", path.toString()).start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            // no mkfifo here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @FuzzTest
    void fhmJsonlLines(FuzzedDataProvider data) {
        loads(
                ROOT.resolve("fhm/fuzz.jsonl"),
                "{\"id\": 1, \"img\": \"img/00001.png\", \"text\": \"one\", \"label\": 0}",
                data,
                ROOT.resolve("fhm"));
    }

    @FuzzTest
    void harmemeJsonlLines(FuzzedDataProvider data) {
        loads(
                ROOT.resolve("harmeme/annotations/fuzz.jsonl"),
                "{\"id\": \"h1\", \"image\": \"h1.png\", \"text\": \"A\\nB\", \"labels\": [\"not harmful\"]}",
                data,
                ROOT.resolve("harmeme"));
    }

    @FuzzTest
    void mamiCsvLines(FuzzedDataProvider data) {
        loads(
                ROOT.resolve("mami/training.csv"),
                "file_name\tmisogynous\tshaming\tstereotype\tobjectification\tviolence\tText Transcription",
                data,
                ROOT.resolve("mami"));
    }

    @FuzzTest
    void folderCsvLines(FuzzedDataProvider data) {
        Path file = write(ROOT.resolve("mine/memes.csv"), "id,image,text", data);
        check(ROOT.resolve("mine"), file, ROOT.resolve("mine"));
    }

    @FuzzTest
    void bankLines(FuzzedDataProvider data) {
        String first = "{\"id\":\"c1\",\"category\":\"race\",\"misbelief\":\"m\",\"text\":\"t\",\"originalText\":\"t\","
                + "\"promptText\":\"t\",\"image\":\"bank-images/" + DIGEST + ".png\",\"imageSha256\":\"" + DIGEST
                + "\","
                + "\"reference\":\"r\",\"provenance\":{\"model\":\"m\",\"at\":\"a\",\"sampleId\":\"s#1\",\"seedId\":\"s\","
                + "\"step\":1,\"score\":2,\"dataset\":\"d\"}}";
        Path bank = write(ROOT.resolve("repo/bank.jsonl"), first, data);
        assertTrue(HardCaseBank.isBank(bank, LIMITS), "the first line is a case whatever follows");
        check(bank, bank, HardCaseBank.imagesOf(bank));
    }

    private static void loads(Path file, String firstLine, FuzzedDataProvider data, Path folder) {
        check(write(file, firstLine, data), file, folder);
    }

    private static Path write(Path file, String firstLine, FuzzedDataProvider data) {
        byte[] head = (firstLine + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            return DatasetFiles.bytes(file, DatasetFiles.concat(head, data.consumeRemainingAsBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param named  what the user names: the file, or the folder that holds it
     * @param folder where every image must be, by real path
     */
    private static void check(Path named, Path file, Path folder) {
        List<Meme> memes;
        try {
            memes = Datasets.load(List.of(named), null, LIMITS);
        } catch (DatasetException e) {
            String message = e.getMessage();
            assertTrue(message.contains(file.toString()), "the message names the file: " + message);
            assertFalse(
                    message.chars().anyMatch(Character::isISOControl), "the message is one readable line: " + message);
            return;
        }
        assertFalse(memes.isEmpty());
        for (Meme meme : memes) {
            if (Files.exists(meme.image())) {
                assertTrue(Files.isRegularFile(meme.image()), meme.image().toString());
                try {
                    assertTrue(
                            meme.image().equals(meme.image().toRealPath()), "kept by its real path: " + meme.image());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            assertTrue(meme.image().startsWith(folder), meme.image() + " is outside " + folder);
        }
    }
}
