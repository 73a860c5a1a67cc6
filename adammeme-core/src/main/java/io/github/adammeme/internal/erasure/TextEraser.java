package io.github.adammeme.internal.erasure;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.ContentPart;
import org.apiguardian.api.API;

/**
 * Removes the printed text from a meme image before the target sees it, so a refined text in the
 * prompt is not contradicted by the old text still on the picture.
 */
@API(status = INTERNAL, since = "0.1.0")
public interface TextEraser {

    /**
     * The picture the target is shown for a meme.
     *
     * @param meme the meme
     * @param original its picture, as prepared for sending
     * @return the picture with the printed text removed, or the original
     */
    ContentPart.Image erase(Meme meme, ContentPart.Image original);

    /** Sends the original image. */
    TextEraser NONE = (meme, original) -> original;
}
