package io.github.adammeme.internal.erasure.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageLimits;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.erasure.TextEraser;
import io.github.adammeme.internal.llm.ContentPart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/** The check every caching eraser passes: a picture erased once is served from its cache file after. */
final class ErasureCache {

    private ErasureCache() {}

    /**
     * Erases one drawn meme twice.
     *
     * @param eraser the eraser
     * @param dir a folder for the meme's picture
     * @param cache the folder the eraser keeps its pictures in, named by the original's digest
     */
    static void servesASecondErasureFromTheCache(TextEraser eraser, Path dir, Path cache) throws Exception {
        Path file = dir.resolve("m.png");
        ImageIO.write(SyntheticMemes.draw("cache me once", 3), "png", file.toFile());
        Meme meme = new Meme("t:m", "t", "cache me once", file, List.of(), "test");
        ContentPart.Image original = new MemeImages(ImageLimits.defaults().withMaxSide(2048)).load(file);
        ContentPart.Image first = eraser.erase(meme, original);
        Path cached = cache.resolve(original.sha256() + ".png");
        assertTrue(Files.exists(cached));
        long modified = Files.getLastModifiedTime(cached).toMillis();
        assertEquals(first, eraser.erase(meme, original));
        assertEquals(modified, Files.getLastModifiedTime(cached).toMillis(), "served from the cache, not erased again");
    }
}
