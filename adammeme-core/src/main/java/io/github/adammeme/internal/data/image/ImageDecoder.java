package io.github.adammeme.internal.data.image;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.ImageInputStream;

/**
 * Decodes a picture whose header has been checked, within the bounds: a share of the decode slots
 * for as long as its pixels are held, the time bound from the first byte read to the last byte
 * encoded, and a picture far larger than it will be sent decoded subsampled, at most twice the
 * size sent, so that its full size is never held in memory.
 */
final class ImageDecoder {

    /** What is made of the decoded picture while its share is held: the result must be much smaller, or be the point. */
    interface Then<T> {
        T apply(BufferedImage decoded) throws IOException;
    }

    private final ImageLimits limits;
    private final ImageWatchdog watchdog;
    private final ImageDecodeSlots slots;
    private final long heapBytes;

    /** @param heapBytes the heap a decode shares with the run: no decode may need more than half of it */
    ImageDecoder(ImageLimits limits, ImageWatchdog watchdog, ImageDecodeSlots slots, long heapBytes) {
        this.limits = limits;
        this.watchdog = watchdog;
        this.slots = slots;
        this.heapBytes = heapBytes;
    }

    /**
     * Decodes the picture, subsampled when its longest side is more than twice targetSide (0 for
     * full size), and hands it to then while its share is held.
     */
    @SuppressWarnings("try") // the held slot is a guard: holding it is its use
    <T> T decode(Path file, byte[] bytes, ImageHeader header, int targetSide, Then<T> then) throws Exception {
        int step = subsampling(header.longestSide(), targetSide);
        long peak = ImageMemory.peakBytes(header, step, targetSide > 0);
        if (peak > heapBytes / 2) {
            throw new ImageException("image " + file + " may need " + ImageMemory.mebibytes(peak)
                    + " MiB of heap to decode," + " more than half of the " + ImageMemory.mebibytes(heapBytes)
                    + " MiB there is; it was not decoded");
        }
        try (ImageDecodeSlots.Held held = slots.acquire(file, peak, limits.timeout())) {
            return watchdog.within(file, "decode", watch -> {
                BufferedImage decoded = read(file, bytes, header, step, watch);
                watch.check();
                return then.apply(decoded);
            });
        }
    }

    /** Whether the decoder would give 8-bit RGB with no alpha or palette, asked of the header alone. */
    boolean plainRgb(Path file, byte[] bytes, ImageHeader header) throws Exception {
        return watchdog.within(file, "decode", watch -> {
            ImageReader reader = reader(file, header);
            try (ImageInputStream in = new ImageByteInput(bytes, watch)) {
                reader.setInput(in, true, true);
                Iterator<ImageTypeSpecifier> types = reader.getImageTypes(0);
                return types.hasNext() && RgbImages.plainRgb(types.next().getBufferedImageType());
            } catch (IOException | RuntimeException e) {
                return false; // decoding will say what is wrong
            } finally {
                reader.dispose();
            }
        });
    }

    /**
     * The step that decodes a picture at no more than twice the side sent: the final downscale
     * from there is bilinear over halving steps, as sharp as from full size for text on a meme.
     */
    static int subsampling(int longestSide, int targetSide) {
        if (targetSide <= 0 || longestSide <= 2L * targetSide) {
            return 1;
        }
        return (int) ImageMemory.ceilDiv(longestSide, 2L * targetSide);
    }

    private BufferedImage read(Path file, byte[] bytes, ImageHeader header, int step, ImageWatch watch)
            throws IOException {
        ImageReader reader = reader(file, header);
        try (ImageInputStream in = new ImageByteInput(bytes, watch)) {
            reader.setInput(in, true, true);
            reader.addIIOReadProgressListener(new ImageAbortOnExpiry(watch));
            watch.watch(reader);
            int width = reader.getWidth(0);
            int height = reader.getHeight(0);
            if (width > header.width() || height > header.height()) {
                throw new ImageException("image " + file + " is corrupt: its decoder reads it as " + width + " x "
                        + height + ", larger than the " + header.width() + " x " + header.height()
                        + " its header gives");
            }
            ImageReadParam param = reader.getDefaultReadParam();
            if (step > 1) {
                param.setSourceSubsampling(step, step, 0, 0);
            }
            BufferedImage image = reader.read(0, param);
            if (image == null) {
                throw new ImageException("image " + file + " is corrupt: the decoder returned nothing");
            }
            return image;
        } finally {
            watch.watch(null);
            reader.dispose();
        }
    }

    /** The format's reader, chosen by the format the header proved, so no other plugin is asked to probe the bytes. */
    private static ImageReader reader(Path file, ImageHeader header) {
        Iterator<ImageReader> readers =
                ImageIO.getImageReadersByFormatName(header.format().imageIoName());
        if (!readers.hasNext()) {
            throw new ImageException("image " + file + " is " + header.format().mimeType()
                    + " and no decoder for it is on the class path");
        }
        return readers.next();
    }
}
