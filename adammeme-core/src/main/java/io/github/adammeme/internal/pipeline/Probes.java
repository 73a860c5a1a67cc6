package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.data.image.MemeRenderer;
import io.github.adammeme.internal.erasure.TextEraser;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.Refinement;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.util.Digests;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Objects;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;

/**
 * Builds what the target is shown for a sample: the meme text in the prompt or on the picture
 * ({@link TextPlacement}), and the picture with its printed text erased or replaced. Images are read
 * on demand; every picture the target sees that is not a dataset file is kept under the output
 * folder, named by its digest, so a report can show exactly what was asked; samples name it relative
 * to that folder.
 */
final class Probes {

    static final String TEXT_ON_IMAGE = "(The meme's text is printed on the image.)";

    private final Map<String, Meme> memes;
    private final MemeImages images;
    private final TextEraser eraser;
    private final TextPlacement mode;
    private final Path store;

    /** @param runFolder the run's output folder: shown pictures go to its {@value ScoredSample#SHOWN_IMAGES} folder */
    Probes(Map<String, Meme> memes, MemeImages images, TextEraser eraser, TextPlacement mode, Path runFolder) {
        this.memes = memes;
        this.images = images;
        this.eraser = eraser;
        this.mode = mode;
        this.store = runFolder.resolve(ScoredSample.SHOWN_IMAGES);
    }

    /** The meme's picture with its printed text removed (the Refiner's and examples' view). */
    ContentPart.Image erasedImage(String memeId) {
        Meme meme = meme(memeId);
        return eraser.erase(meme, images.load(meme.image()));
    }

    /** The meme's picture as the dataset has it, its printed text on it (the Refiner's view in the reference code). */
    ContentPart.Image originalImage(String memeId) {
        return original(meme(memeId));
    }

    /** A pair's meme: every pair is made of a meme of the run's dataset. */
    private Meme meme(String memeId) {
        return Objects.requireNonNull(memes.get(memeId), "a pair's meme is in the dataset");
    }

    /** The picture as the dataset has it, read once per probe: erasure and the shown-image check share it. */
    private ContentPart.Image original(Meme meme) {
        return images.load(meme.image());
    }

    /** An original pair, with the dataset's text. */
    ScoringStage.Probe original(MinedSample mined) {
        Meme meme = mined.meme();
        ContentPart.Image original = original(meme);
        ContentPart.Image picture = mode == TextPlacement.PROMPT ? eraser.erase(meme, original) : original;
        return new ScoringStage.Probe(
                mined.id(),
                meme.id(),
                mined.category(),
                Objects.requireNonNull(mined.misbelief(), "only a pair with a misbelief is probed"),
                meme.text(),
                meme.text(),
                meme.image().toString(),
                shown(meme, original, picture),
                promptText(meme.text()),
                picture,
                null);
    }

    /** A rewrite: the erased picture, with the new text rendered on it unless it goes in the prompt only. */
    ScoringStage.Probe refined(ScoredSample current, String id, String rewrittenText, Refinement link) {
        Meme meme = meme(current.memeId());
        ContentPart.Image original = original(meme);
        ContentPart.Image erased = eraser.erase(meme, original);
        ContentPart.Image picture = mode == TextPlacement.PROMPT ? erased : render(meme, erased, rewrittenText);
        return new ScoringStage.Probe(
                id,
                meme.id(),
                current.category(),
                current.probedMisbelief(),
                rewrittenText,
                current.originalText(),
                current.image(),
                shown(meme, original, picture),
                promptText(rewrittenText),
                picture,
                link);
    }

    private String promptText(String text) {
        return mode.textInPrompt() ? text : TEXT_ON_IMAGE;
    }

    private ContentPart.Image render(Meme meme, ContentPart.Image erased, String text) {
        try {
            BufferedImage picture = ImageIO.read(new ByteArrayInputStream(erased.bytes()));
            if (picture == null) {
                throw new ImageException("cannot decode the erased image of " + meme.id() + " to render its text");
            }
            byte[] bytes = MemeImages.encodePng(MemeRenderer.render(picture, text));
            return new ContentPart.Image("image/png", bytes, Digests.sha256Hex(bytes));
        } catch (IOException e) {
            throw new ImageException("cannot render the refined text of " + meme.id() + ": " + e.getMessage());
        }
    }

    /** Where the picture the target saw is kept, relative to the run's folder, or null when it is the dataset's own file. */
    private @Nullable String shown(Meme meme, ContentPart.Image original, ContentPart.Image picture) {
        if (picture.equals(original)) {
            return null;
        }
        String name = picture.sha256() + "." + picture.mimeType().substring("image/".length());
        Path file = store.resolve(name);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(store);
                Path tmp = Files.createTempFile(store, picture.sha256(), ".tmp");
                Files.write(tmp, picture.bytes());
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new ImageException(
                    "cannot keep the image shown for " + meme.id() + " in " + store + ": " + e.getMessage());
        }
        return ScoredSample.SHOWN_IMAGES + "/" + name;
    }
}
