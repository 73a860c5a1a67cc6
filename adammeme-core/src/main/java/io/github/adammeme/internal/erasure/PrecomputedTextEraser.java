package io.github.adammeme.internal.erasure;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.llm.ContentPart;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Erased images prepared beforehand, in a folder parallel to the dataset's images and named like
 * them (how the paper's data came). A meme without one is an error, never silently the original.
 */
final class PrecomputedTextEraser implements TextEraser {

    private final Path directory;
    private final MemeImages images;

    PrecomputedTextEraser(@Nullable Path directory, MemeImages images) {
        if (directory == null || !Files.isDirectory(directory)) {
            throw new IllegalArgumentException("the folder of erased images " + directory + " does not exist");
        }
        this.directory = directory;
        this.images = images;
    }

    @Override
    public ContentPart.Image erase(Meme meme, ContentPart.Image original) {
        Path erased = directory.resolve(meme.image().getFileName().toString());
        if (!Files.exists(erased)) {
            throw new ImageException("no erased image for " + meme.id() + ": expected " + erased);
        }
        return images.load(erased);
    }
}
