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
     * The meme id a sample's id was built from: {@link #idOf} for an original pair, that id and
     * {@code #<step>} for a refinement step. A meme id may hold a "/" of its own (a CSV without an id
     * column names memes by their picture's path), so the step and the category are taken off the end.
     *
     * @param sampleId a pair's id, {@code <meme id>/<category>}, or a step's, {@code <meme id>/<category>#<step>}
     * @param category the sample's category
     * @return the meme's id
     */
    public static String memeIdOf(String sampleId, String category) {
        String pairId = sampleId.replaceFirst("#\\d+$", "");
        String suffix = "/" + category;
        return pairId.endsWith(suffix) ? pairId.substring(0, pairId.length() - suffix.length()) : pairId;
    }
}
