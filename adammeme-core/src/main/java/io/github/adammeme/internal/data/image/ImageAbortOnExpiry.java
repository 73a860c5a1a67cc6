package io.github.adammeme.internal.data.image;

import javax.imageio.ImageReader;
import javax.imageio.event.IIOReadProgressListener;

/**
 * Aborts a read from the decoding thread itself, at the reader's next progress report: the JDK's
 * JPEG reader refuses abort() from any other thread while it reads, and accepts it from its own.
 */
final class ImageAbortOnExpiry implements IIOReadProgressListener {

    private final ImageWatch watch;

    ImageAbortOnExpiry(ImageWatch watch) {
        this.watch = watch;
    }

    @Override
    public void imageProgress(ImageReader source, float percentageDone) {
        if (watch.expired()) {
            source.abort();
        }
    }

    @Override
    public void sequenceStarted(ImageReader source, int minIndex) {}

    @Override
    public void sequenceComplete(ImageReader source) {}

    @Override
    public void imageStarted(ImageReader source, int imageIndex) {}

    @Override
    public void imageComplete(ImageReader source) {}

    @Override
    public void thumbnailStarted(ImageReader source, int imageIndex, int thumbnailIndex) {}

    @Override
    public void thumbnailProgress(ImageReader source, float percentageDone) {}

    @Override
    public void thumbnailComplete(ImageReader source) {}

    @Override
    public void readAborted(ImageReader source) {}
}
