package io.github.adammeme.internal.data;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Adds cases to a bank: each new case's picture is copied into the bank's folder under its digest,
 * and the file is rewritten whole and moved into place, so a reader never sees half a bank.
 */
final class BankWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    private BankWriter() {}

    static int merge(Path bank, List<HardCase> found, Map<String, Path> pictures) {
        Map<String, HardCase> all = new LinkedHashMap<>();
        if (Files.exists(bank)) {
            HardCaseBank.read(bank).forEach(c -> all.putIfAbsent(c.id(), c));
        }
        int before = all.size();
        try {
            Path images = HardCaseBank.imagesOf(bank);
            for (HardCase c : found) {
                if (all.containsKey(c.id())) {
                    continue;
                }
                Path source = Objects.requireNonNull(pictures.get(c.id()), "every case found has its picture");
                byte[] bytes = Files.readAllBytes(source);
                String ext = source.getFileName().toString().replaceFirst(".*\\.", "");
                Path target = images.resolve(c.imageSha256() + "." + ext);
                Files.createDirectories(images);
                if (!Files.exists(target)) {
                    Files.write(target, bytes);
                }
                String relative = Objects.requireNonNull(bank.toAbsolutePath().getParent(), "a bank is in a folder")
                        .relativize(target)
                        .toString()
                        .replace('\\', '/');
                all.put(
                        c.id(),
                        new HardCase(
                                c.id(),
                                c.category(),
                                c.misbelief(),
                                c.text(),
                                c.originalText(),
                                c.promptText(),
                                relative,
                                c.imageSha256(),
                                c.reference(),
                                c.provenance()));
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
