package io.github.adammeme.internal.erasure.builtin;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.llm.ContentPart;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.imageio.ImageIO;

/** What the erasers that work on pixels share: a meme's picture decoded, and an erased one kept by the original's digest. */
final class ErasedPictures {

    private ErasedPictures() {}

    /**
     * The picture's pixels.
     *
     * @param meme whose picture it is, for the message
     * @param original the picture as prepared for sending
     * @return its pixels
     * @throws ImageException naming the meme when it cannot be decoded
     */
    static BufferedImage decode(Meme meme, ContentPart.Image original) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(original.bytes()));
            if (image == null) {
                throw new ImageException("cannot decode the image of " + meme.id() + " to erase its text");
            }
            return image;
        } catch (IOException e) {
            throw new ImageException(
                    "cannot decode the image of " + meme.id() + " to erase its text: " + e.getMessage(), e);
        }
    }

    /**
     * Writes an erased picture as PNG into the cache, whole or not at all (a crash leaves no half file).
     *
     * @param erased the erased picture
     * @param cached where it goes: the cache folder and the original's digest
     * @param meme whose picture it is, for the message
     * @throws ImageException naming the meme and folder when it cannot be written
     */
    static void store(BufferedImage erased, Path cached, Meme meme) {
        Path folder = cached.getParent();
        try {
            Files.createDirectories(folder);
            Path tmp = Files.createTempFile(folder, cached.getFileName().toString(), ".tmp");
            ImageIO.write(erased, "png", tmp.toFile());
            Files.move(tmp, cached, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ImageException(
                    "cannot store the erased image of " + meme.id() + " in " + folder + ": " + e.getMessage(), e);
        }
    }
}
