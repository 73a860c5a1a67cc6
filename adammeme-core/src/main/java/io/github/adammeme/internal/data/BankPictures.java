package io.github.adammeme.internal.data;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.util.Digests;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Objects;
import java.util.function.Function;

/**
 * The picture of a banked case, checked before it is used: inside the bank's images folder by real
 * path, a regular file within the size cap, and with the digest the bank records.
 */
final class BankPictures {

    private static final int HASH_BUFFER = 64 << 10;

    private BankPictures() {}

    /** Hashed as a stream, so the cap bounds time, not memory; the real path is returned, so what is read later is what was checked. */
    static Path checked(Path bank, HardCase c, DatasetLimits limits) {
        Path images = HardCaseBank.imagesOf(bank);
        Function<String, DatasetException> refuse = problem -> new DatasetException("hard case "
                + DatasetException.shown(String.valueOf(c.id())) + " in " + bank + ": picture '"
                + DatasetException.shown(String.valueOf(c.image())) + "' " + problem);
        if (c.image() == null) {
            throw refuse.apply("is not named");
        }
        Path file = DatasetPaths.contained(
                Objects.requireNonNull(images.getParent(), "the images folder is beside the bank"),
                c.image(),
                new DatasetPaths.Folder(images, false, "the bank's images folder " + images),
                true,
                refuse);
        String over = "is over " + limits.maxImageBytes() + " bytes (" + Constants.IMAGE_MAX_BYTES + ")";
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
}
