package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import org.jspecify.annotations.Nullable;

/**
 * The mined pairs, in the order they were added, held as the meme's place in the dataset, the category
 * and the misbelief: the meme itself is read again from the dataset when a pair is asked for, so a
 * million memes' pairs cost their misbeliefs' characters and a few bytes each. Pairs are read in order
 * (the dataset is then read once from start to end).
 */
final class MinedSamples extends AbstractList<MinedSample> implements RandomAccess {

    private final List<Meme> memes;
    private final PackedRecords records = new PackedRecords();

    /** @param memes the dataset the pairs' memes are read from */
    MinedSamples(List<Meme> memes) {
        this.memes = memes;
    }

    /**
     * Appends a pair.
     *
     * @param memeIndex its meme's place in the dataset
     * @param category its category
     * @param misbelief the Narrator's misbelief, or null
     * @param narratorError why there is none, or null
     */
    void append(int memeIndex, String category, @Nullable String misbelief, @Nullable String narratorError) {
        records.begin();
        records.number(memeIndex);
        records.code(category);
        records.text(misbelief);
        records.text(narratorError);
    }

    @Override
    public int size() {
        return records.size();
    }

    /**
     * A pair's category, without reading its meme.
     *
     * @param index the pair's place
     * @return its category
     */
    String category(int index) {
        PackedRecords.Reader in = records.read(index);
        in.number();
        return Objects.requireNonNull(in.code(), "every pair is appended with a category");
    }

    @Override
    public MinedSample get(int index) {
        PackedRecords.Reader in = records.read(index);
        Meme meme = memes.get(in.number());
        String category = Objects.requireNonNull(in.code(), "every pair is written with its category");
        return new MinedSample(MinedSample.idOf(meme, category), meme, category, in.text(), in.text());
    }
}
