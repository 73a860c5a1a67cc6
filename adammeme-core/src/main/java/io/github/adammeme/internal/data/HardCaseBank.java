package io.github.adammeme.internal.data;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.util.Digests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A bank of hard cases: one JSON line per case, pictures in a folder beside the file named by their
 * digest, so the bank can live in a repository and be replayed on another machine. Banks merge
 * without duplicates: a case already held keeps its first provenance.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class HardCaseBank {

    private HardCaseBank() {}

    /**
     * Whether a dataset file is a bank (its first line has a reference answer and a provenance).
     *
     * @param file a dataset file
     * @return whether it is a bank
     */
    public static boolean isBank(Path file) {
        return isBank(file, DatasetLimits.DEFAULT);
    }

    /**
     * Reads the first line only, within the line cap, and never throws: a file that cannot tell is not
     * a bank, and the dataset loader will say what is wrong with it.
     *
     * @param file a dataset file
     * @param limits the cap on the first line's length
     * @return whether it is a bank
     */
    public static boolean isBank(Path file, DatasetLimits limits) {
        if (!String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT).endsWith(".jsonl")
                || !Files.isRegularFile(file)) {
            return false;
        }
        try (DatasetLines lines = DatasetLines.open(file, limits)) {
            String first = lines.next();
            if (first == null || first.isBlank()) {
                return false;
            }
            ObjectNode record = DatasetJson.object(file, 1, first);
            return record.has("reference") && record.has("provenance");
        } catch (DatasetException e) {
            return false;
        }
    }

    /**
     * The folder beside the bank file that holds its pictures.
     *
     * @param bank the bank file
     * @return {@code <name>-images} beside it
     */
    public static Path imagesOf(Path bank) {
        String name = bank.getFileName().toString().replaceFirst("\\.jsonl$", "");
        return bank.toAbsolutePath().resolveSibling(name + "-images");
    }

    /**
     * @param bank the bank file
     * @return its cases, in file order
     * @throws DatasetException naming the file and line of anything malformed
     */
    public static List<HardCase> read(Path bank) {
        return read(bank, DatasetLimits.DEFAULT);
    }

    /**
     * @param bank the bank file
     * @param limits how long a line may be
     * @return its cases, in file order
     * @throws DatasetException naming the file and line of anything malformed, or a case id given twice
     */
    public static List<HardCase> read(Path bank, DatasetLimits limits) {
        return BankReader.read(bank, limits);
    }

    /**
     * The picture of a case, checked against its digest.
     *
     * @param bank the bank file
     * @param c the case
     * @return the picture's real path
     * @throws DatasetException when the picture is missing, outside the bank's folder, too large or changed
     */
    public static Path picture(Path bank, HardCase c) {
        return picture(bank, c, DatasetLimits.DEFAULT);
    }

    /**
     * The picture of a case: inside the bank's images folder by real path, a regular file within the size
     * cap, and with the digest the bank records. Hashed as a stream, so the cap bounds time, not memory.
     *
     * @param bank the bank file
     * @param c the case
     * @param limits the cap on the picture's bytes
     * @return the picture's real path, so what is read later is exactly the file checked here
     * @throws DatasetException when the picture is missing, outside the bank's folder, too large or changed
     */
    public static Path picture(Path bank, HardCase c, DatasetLimits limits) {
        return BankPictures.checked(bank, c, limits);
    }

    /**
     * A case as the meme it shows (id {@code bank:<case id>}), its picture checked against its digest.
     *
     * @param bank the bank file
     * @param c the case
     * @return the meme, with the case's category as its one label
     */
    public static Meme meme(Path bank, HardCase c) {
        return meme(bank, c, DatasetLimits.DEFAULT);
    }

    /**
     * A case as the meme it shows, its picture checked within the given caps.
     *
     * @param bank the bank file
     * @param c the case
     * @param limits the cap on the picture's bytes
     * @return the meme, with the case's category as its one label
     */
    public static Meme meme(Path bank, HardCase c, DatasetLimits limits) {
        return new Meme(
                "bank:" + c.id(),
                "bank",
                c.text(),
                picture(bank, c, limits),
                List.of(c.category()),
                bank + " (case " + DatasetException.shown(c.id()) + ")");
    }

    /**
     * The id a case gets: the same category, text and picture is the same case, whoever found it.
     *
     * @param category the case's category
     * @param text the meme text the target failed on
     * @param imageSha256 the picture's SHA-256, in hex
     * @return the first 16 hex digits of a SHA-256 over the three
     */
    public static String idOf(String category, String text, String imageSha256) {
        return Digests.sha256Hex(category + "\u0000" + text + "\u0000" + imageSha256)
                .substring(0, 16);
    }

    /**
     * Adds cases to the bank (created if absent), copying each picture into the bank's folder.
     *
     * @param bank the bank file
     * @param found the cases to add; those the bank holds already are skipped
     * @param pictures where each new case's picture is now, by case id
     * @return how many cases were new
     */
    public static int merge(Path bank, List<HardCase> found, Map<String, Path> pictures) {
        return BankWriter.merge(bank, found, pictures);
    }
}
