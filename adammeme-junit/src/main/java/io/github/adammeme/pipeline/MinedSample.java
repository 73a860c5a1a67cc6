package io.github.adammeme.pipeline;

import io.github.adammeme.data.Meme;

/**
 * A meme-category pair the Miners agreed on, with the Narrator's misbelief.
 *
 * @param id        {@code <meme id>/<category>}: stable across runs
 * @param misbelief null when the Narrator failed; {@code narratorError} then says why
 */
public record MinedSample(String id, Meme meme, String category, String misbelief, String narratorError) {

    /**
     * @param meme the meme
     * @param category the category
     * @return {@code <meme id>/<category>}
     */
    public static String idOf(Meme meme, String category) {
        return meme.id() + "/" + category;
    }

    /**
     * The meme id a pair id was built from by {@link #idOf}: a meme id may hold a "/" of its own (a
     * CSV without an id column names memes by their picture's path), so the category is taken off the end.
     *
     * @param pairId   a pair's id, {@code <meme id>/<category>}
     * @param category the pair's category
     * @return the meme's id
     */
    public static String memeIdOf(String pairId, String category) {
        String suffix = "/" + category;
        return pairId.endsWith(suffix) ? pairId.substring(0, pairId.length() - suffix.length()) : pairId;
    }
}
