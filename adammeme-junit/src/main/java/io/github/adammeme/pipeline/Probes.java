package io.github.adammeme.pipeline;

import io.github.adammeme.data.Meme;
import io.github.adammeme.data.MemeImages;
import io.github.adammeme.data.TextEraser;
import io.github.adammeme.llm.ContentPart;
import java.util.Map;

/** Builds what the target is shown for a sample: its text and its meme's text-erased image, read on demand. */
final class Probes {

    private final Map<String, Meme> memes;
    private final MemeImages images;
    private final TextEraser eraser;

    Probes(Map<String, Meme> memes, MemeImages images, TextEraser eraser) {
        this.memes = memes;
        this.images = images;
        this.eraser = eraser;
    }

    ContentPart.Image erasedImage(String memeId) {
        Meme meme = memes.get(memeId);
        return eraser.erase(meme, images.load(meme.image()));
    }

    ContentPart.Image erasedImage(ScoredSample sample) {
        return erasedImage(sample.memeId());
    }

    ScoringStage.Probe of(MinedSample mined) {
        return new ScoringStage.Probe(mined.id(), mined.meme().id(), mined.category(), mined.misbelief(),
                mined.meme().text(), mined.meme().text(), mined.meme().image().toString(), erasedImage(mined.meme().id()),
                null);
    }

    ScoringStage.Probe of(ScoredSample sample) {
        return new ScoringStage.Probe(sample.id(), sample.memeId(), sample.category(), sample.misbelief(), sample.text(),
                sample.originalText(), sample.image(), erasedImage(sample), sample.refinement());
    }
}
