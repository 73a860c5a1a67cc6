package io.github.adammeme.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.adammeme.llm.CacheKey;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A bank of hard cases: one JSON line per case, pictures in a folder beside the file named by their
 * digest, so the bank can live in a repository and be replayed on another machine. Banks merge
 * without duplicates: a case already held keeps its first provenance.
 */
public final class HardCaseBank {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HardCaseBank() {
    }

    /** Whether a dataset file is a bank (its first line has a reference answer and a provenance). */
    public static boolean isBank(Path file) {
        if (!Files.isRegularFile(file) || !file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jsonl")) {
            return false;
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    JsonNode n = JSON.readTree(line);
                    return n.has("reference") && n.has("provenance");
                }
            }
            return false;
        } catch (IOException e) {
            return false; // the dataset loader will say what is wrong with it
        }
    }

    /** The folder beside the bank file that holds its pictures. */
    public static Path imagesOf(Path bank) {
        String name = bank.getFileName().toString().replaceFirst("\\.jsonl$", "");
        return bank.toAbsolutePath().resolveSibling(name + "-images");
    }

    /** @throws DatasetException naming the file and line of anything malformed, or a picture that is missing or changed */
    public static List<HardCase> read(Path bank) {
        List<HardCase> cases = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(bank, StandardCharsets.UTF_8)) {
            String line;
            for (int number = 1; (line = in.readLine()) != null; number++) {
                if (line.isBlank()) {
                    continue;
                }
                HardCase c;
                try {
                    c = JSON.readValue(line, HardCase.class);
                } catch (JsonProcessingException e) {
                    throw new DatasetException(bank + " line " + number + " is not a hard case: " + e.getOriginalMessage());
                }
                for (String field : new String[] {c.id(), c.category(), c.text(), c.image(), c.imageSha256(), c.reference()}) {
                    if (field == null || field.isBlank()) {
                        throw new DatasetException(bank + " line " + number + ": a hard case needs id, category, text, "
                                + "image, imageSha256 and reference");
                    }
                }
                cases.add(c);
            }
        } catch (IOException e) {
            throw new DatasetException("cannot read hard-case bank " + bank + ": " + e.getMessage(), e);
        }
        return cases;
    }

    /** The picture of a case, checked against its digest. */
    public static Path picture(Path bank, HardCase c) {
        Path file = bank.toAbsolutePath().resolveSibling(c.image()).normalize();
        try {
            String digest = CacheKey.sha256Hex(Files.readAllBytes(file));
            if (!digest.equals(c.imageSha256())) {
                throw new DatasetException("hard case " + c.id() + " in " + bank + ": picture " + file
                        + " has changed (digest " + digest + ", the bank says " + c.imageSha256() + ")");
            }
            return file;
        } catch (NoSuchFileException e) {
            throw new DatasetException("hard case " + c.id() + " in " + bank + ": picture " + file + " does not exist");
        } catch (IOException e) {
            throw new DatasetException("hard case " + c.id() + " in " + bank + ": cannot read picture " + file + ": "
                    + e.getMessage(), e);
        }
    }

    /** A case as the meme it shows (id {@code bank:<case id>}), its picture checked against its digest. */
    public static Meme meme(Path bank, HardCase c) {
        return new Meme("bank:" + c.id(), "bank", c.text(), picture(bank, c), List.of(c.category()),
                bank + " (case " + c.id() + ")");
    }

    /** The id a case gets: the same category, text and picture is the same case, whoever found it. */
    public static String idOf(String category, String text, String imageSha256) {
        return CacheKey.sha256Hex((category + "\u0000" + text + "\u0000" + imageSha256).getBytes(StandardCharsets.UTF_8))
                .substring(0, 16);
    }

    /**
     * Adds cases to the bank (created if absent), copying each picture into the bank's folder.
     *
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
