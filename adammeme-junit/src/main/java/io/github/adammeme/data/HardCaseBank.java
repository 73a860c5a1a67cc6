package io.github.adammeme.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.llm.Digests;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A bank of hard cases: one JSON line per case, pictures in a folder beside the file named by their
 * digest, so the bank can live in a repository and be replayed on another machine. Banks merge
 * without duplicates: a case already held keeps its first provenance.
 */
public final class HardCaseBank {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The fields a case cannot be replayed without. */
    private static final List<String> REQUIRED = List.of("id", "category", "text", "image", "imageSha256", "reference");
    private static final List<String> OPTIONAL_TEXT = List.of("misbelief", "originalText", "promptText");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final int HASH_BUFFER = 64 << 10;

    private HardCaseBank() {
    }

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
        if (!String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT).endsWith(".jsonl") || !Files.isRegularFile(file)) {
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
        if (!Files.isRegularFile(bank)) {
            throw new DatasetException("hard-case bank " + bank + " does not exist or is not a file");
        }
        List<HardCase> cases = new ArrayList<>();
        Map<String, Long> seen = new HashMap<>();
        try (DatasetLines lines = DatasetLines.open(bank, limits)) {
            for (String line = lines.next(); line != null; line = lines.next()) {
                if (line.isBlank()) {
                    continue;
                }
                DatasetRecord record = new DatasetRecord(bank, lines.number(), DatasetJson.object(bank, lines.number(), line));
                HardCase c = hardCase(record);
                Long earlier = seen.putIfAbsent(c.id(), record.line());
                if (earlier != null) {
                    throw record.refuse("id", ": duplicate id " + DatasetException.shown(c.id()) + " (also on line "
                            + earlier + ")");
                }
                cases.add(c);
            }
        }
        return cases;
    }

    private static HardCase hardCase(DatasetRecord record) {
        for (String field : REQUIRED) {
            if (record.lacks(field) || record.text(field).isBlank()) {
                throw record.refuse(field, " is missing or empty (a hard case needs " + String.join(", ", REQUIRED) + ")");
            }
        }
        OPTIONAL_TEXT.stream().filter(field -> !record.lacks(field)).forEach(record::text);
        if (!SHA256.matcher(record.text("imageSha256")).matches()) {
            throw record.refuse("imageSha256", ": expected 64 lowercase hexadecimal digits");
        }
        try {
            return DatasetJson.MAPPER.treeToValue(record.node(), HardCase.class);
        } catch (UnrecognizedPropertyException e) {
            throw record.refuse(DatasetException.shown(fieldPath(e)), " is not a field of a hard case");
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String field = e instanceof JsonMappingException m ? fieldPath(m) : "";
            String problem = e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
            throw DatasetException.at(record.file(), record.line(), "not a hard case: "
                    + (field.isEmpty() ? "" : "field '" + DatasetException.shown(field) + "': ")
                    + DatasetException.shownMessage(problem), e);
        }
    }

    /** Where in the case Jackson stopped, e.g. {@code provenance.step}. */
    private static String fieldPath(JsonMappingException e) {
        return e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
                .collect(Collectors.joining("."));
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
        Path images = imagesOf(bank);
        Function<String, DatasetException> refuse = problem -> new DatasetException("hard case "
                + DatasetException.shown(String.valueOf(c.id())) + " in " + bank + ": picture '"
                + DatasetException.shown(String.valueOf(c.image())) + "' " + problem);
        if (c.image() == null) {
            throw refuse.apply("is not named");
        }
        Path file = DatasetPaths.contained(images.getParent(), c.image(),
                new DatasetPaths.Folder(images, false, "the bank's images folder " + images), true, refuse);
        String over = "is over " + limits.maxImageBytes() + " bytes (" + DatasetLimits.MAX_IMAGE_BYTES_KEY + ")";
        try {
            if (Files.size(file) > limits.maxImageBytes()) {
                throw refuse.apply(over);
            }
            MessageDigest sha256 = Digests.sha256();
            // not following a link: the path is real, so a link here now was swapped in after the check
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                byte[] buffer = new byte[HASH_BUFFER];
                long total = 0;
                for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                    total += n;
                    if (total > limits.maxImageBytes()) {
                        throw refuse.apply(over);
                    }
                    sha256.update(buffer, 0, n);
                }
            }
            if (!Digests.hex(sha256).equals(c.imageSha256())) {
                throw new DatasetException("hard case " + DatasetException.shown(c.id()) + " in " + bank + ": picture "
                        + file + " has changed since it was banked (its SHA-256 is not the bank's imageSha256)");
            }
            return file;
        } catch (IOException e) {
            throw refuse.apply("cannot be read (" + DatasetException.shownMessage(e.getMessage()) + ")");
        }
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
        return new Meme("bank:" + c.id(), "bank", c.text(), picture(bank, c, limits), List.of(c.category()),
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
        Map<String, HardCase> all = new LinkedHashMap<>();
        if (Files.exists(bank)) {
            read(bank).forEach(c -> all.putIfAbsent(c.id(), c));
        }
        int before = all.size();
        try {
            Path images = imagesOf(bank);
            for (HardCase c : found) {
                if (all.containsKey(c.id())) {
                    continue;
                }
                Path source = pictures.get(c.id());
                byte[] bytes = Files.readAllBytes(source);
                String ext = source.getFileName().toString().replaceFirst(".*\\.", "");
                Path target = images.resolve(c.imageSha256() + "." + ext);
                Files.createDirectories(images);
                if (!Files.exists(target)) {
                    Files.write(target, bytes);
                }
                String relative = bank.toAbsolutePath().getParent().relativize(target).toString().replace('\\', '/');
                all.put(c.id(), new HardCase(c.id(), c.category(), c.misbelief(), c.text(), c.originalText(),
                        c.promptText(), relative, c.imageSha256(), c.reference(), c.provenance()));
            }
            Path tmp = bank.toAbsolutePath().resolveSibling(bank.getFileName() + ".tmp");
            if (bank.toAbsolutePath().getParent() != null) {
                Files.createDirectories(bank.toAbsolutePath().getParent());
            }
            try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                for (HardCase c : all.values()) {
                    out.write(JSON.writeValueAsString(c));
                    out.write('\n');
                }
            }
            Files.move(tmp, bank.toAbsolutePath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write hard-case bank " + bank, e);
        }
        return all.size() - before;
    }
}
