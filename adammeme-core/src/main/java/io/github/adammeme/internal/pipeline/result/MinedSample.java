package io.github.adammeme.internal.pipeline.result;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.Meme;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A meme-category pair the Miners agreed on, with the Narrator's misbelief.
 *
 * @param id        {@code <meme id>/<category>}: stable across runs
 * @param misbelief null when the Narrator failed; {@code narratorError} then says why
 */
@API(status = INTERNAL, since = "0.1.0")
public record MinedSample(
        String id,
        Meme meme,
        String category,
        @Nullable String misbelief,
        @Nullable String narratorError) {

    /**
     * @param meme the meme
     * @param category the category
     * @return {@code <meme id>/<category>}
     */
    public static String idOf(Meme meme, String category) {
        return meme.id() + "/" + category;
    }
}
