package io.github.adammeme.internal.data.image;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.util.Digests;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Turns an image file into what a model receives: the type sniffed from the bytes, downscaled to
 * a longest side, encoded with the matching MIME type. Read on demand so a large dataset never
 * sits in memory; a meme is loaded again for each of its samples and refinement steps, so what was
 * prepared is remembered, keyed by the file's size and modification time, so an edited file is read
 * again. A picture that had to be decoded and encoded again is kept, in a cache bounded by bytes;
 * one sent as it is keeps only its type and digest, and its bytes are read again: a read and a
 * digest cost a fraction of deciding afresh, and a dataset's worth of small pictures does not fill
 * the heap.
 *
 * <p>Every file is a stranger's: it is read bounded in bytes ({@link ImageFiles}), its container
 * is walked before any decoder sees it ({@link ImageHeaders}), and it is decoded bounded in memory
 * and time ({@link ImageDecoder}). Whatever goes wrong is that meme's {@link ImageException},
 * naming the file; nothing else leaves this class.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class MemeImages {

    /** Pictures decoded and encoded again, by bytes: a few hundred downscaled photos, small beside a 512 MiB heap. */
    static final long CONVERTED_BYTES = 48L << 20;
    /** Files sent as they are, by count: each costs its path, type and digest. */
    static final int AS_IS_FILES = 1 << 16;
    /** A normalised PNG above this is sent as JPEG instead. */
    static final int LARGE_PNG_BYTES = 384 << 10;
    /**
     * A PNG this heavy per pixel holds a photograph (drawings and screenshots compress to a fraction
     * of a byte per pixel): it is sent as JPEG without trying PNG first.
     */
    static final double PHOTO_PNG_BYTES_PER_PIXEL = 0.3;
    /** A report's copy of a picture: sharp enough to read a meme's print, a fraction of the original's bytes. */
    static final float COPY_QUALITY = 0.85f;

    private record FileVersion(Path file, long size, long modified) {}

    /** What is known of a file that is sent as it is. */
    private record AsIs(String mimeType, String sha256) {}

    private final ImageLimits limits;
    private final ImageWatchdog watchdog;
    private final ImageDecoder decoder;
    private final Cache<FileVersion, ContentPart.Image> converted = Caffeine.newBuilder()
            .maximumWeight(CONVERTED_BYTES)
            .weigher((FileVersion k, ContentPart.Image v) -> v.bytes().length)
            .build();
    private final Cache<FileVersion, AsIs> asIs =
            Caffeine.newBuilder().maximumSize(AS_IS_FILES).build();

    /** @param limits the bounds on each picture */
    public MemeImages(ImageLimits limits) {
        this(limits, Runtime.getRuntime().maxMemory());
    }

    /** With the heap given, so that a test can show what a smaller heap refuses. */
    MemeImages(ImageLimits limits, long heapBytes) {
        this.limits = limits;
        this.watchdog = new ImageWatchdog(limits.timeout());
        this.decoder = new ImageDecoder(limits, watchdog, ImageDecodeSlots.shared(limits.decodesAtOnce()), heapBytes);
    }

    /** @return the bounds on each picture */
    public ImageLimits limits() {
        return limits;
    }

    /**
     * Prepares a meme's picture for sending, or takes it from the cache when the file has not changed.
     *
     * @param file the image file
     * @return the picture as sent: its MIME type, bytes and SHA-256
     * @throws ImageException when the file is missing, unreadable, too large, not an image, or takes too long
     */
    public ContentPart.Image load(Path file) {
        return ImageFailures.guard(file, () -> {
            BasicFileAttributes attributes = ImageFiles.attributes(file);
            FileVersion version = new FileVersion(
                    file.toAbsolutePath().normalize(),
                    attributes.size(),
                    attributes.lastModifiedTime().toMillis());
            AsIs known = asIs.getIfPresent(version);
            if (known != null) {
                byte[] bytes = read(file);
                String sha256 = Digests.sha256Hex(bytes);
                // The same digest: the very bytes that were checked. A file rewritten in place is prepared afresh.
                if (sha256.equals(known.sha256())) {
                    return new ContentPart.Image(known.mimeType(), bytes, sha256);
                }
            }
            ContentPart.Image image = converted.getIfPresent(version);
            return image != null ? image : prepare(file, version);
        });
    }

    /**
     * The decoded picture as 8-bit RGB at full size, for tools that work on pixels (OCR, inpainting,
     * rendering).
     *
     * @param file the image file
     * @return the picture
     * @throws ImageException when the file is missing, unreadable, too large, not an image, or takes too long
     */
    BufferedImage pixels(Path file) {
        return ImageFailures.guard(file, () -> {
            byte[] bytes = read(file);
            ImageHeader header = header(file, bytes);
            return decoder.decode(
                    file,
                    bytes,
                    header,
                    0,
                    decoded -> RgbImages.plainRgb(decoded) ? decoded : RgbImages.toRgb(decoded, 1.0));
        });
    }

    /** Prepares a picture and remembers it: as a file sent as it is, or as its converted bytes. */
    private ContentPart.Image prepare(Path file, FileVersion version) throws Exception {
        byte[] bytes = read(file);
        ImageHeader header = header(file, bytes);
        // Most memes are already small 8-bit RGB pictures, and decoding every one only to learn that
        // costs more CPU than the calls that send it: the header and the decoder's type decide.
        ContentPart.Image image = sendableAsIs(header) && decoder.plainRgb(file, bytes, header)
                ? asIs(header, bytes)
                : decoder.decode(file, bytes, header, limits.maxSide(), decoded -> normalise(header, bytes, decoded));
        // Sent as it is exactly when what goes out is the file's own byte array.
        if (image.bytes() == bytes) {
            asIs.put(version, new AsIs(image.mimeType(), image.sha256()));
        } else {
            converted.put(version, image);
        }
        return image;
    }

    private byte[] read(Path file) throws Exception {
        return watchdog.within(file, "read", watch -> ImageFiles.read(file, limits.maxBytes()));
    }

    /** The header, once it is known the picture is within the pixel limit. */
    private ImageHeader header(Path file, byte[] bytes) {
        ImageHeader header = ImageHeaders.read(file, bytes);
        if (header.pixels() > limits.maxPixels()) {
            throw new ImageException("image " + file + " is " + header.width() + " x " + header.height() + " = "
                    + header.pixels() + " pixels, over the limit of " + limits.maxPixels() + " ("
                    + Constants.IMAGE_MAX_PIXELS + "); it was not decoded");
        }
        return header;
    }

    /** GIFs are always re-encoded: the first frame alone is what a model is shown. */
    private boolean sendableAsIs(ImageHeader header) {
        return header.format() != ImageFormat.GIF && header.longestSide() <= limits.maxSide();
    }

    private static ContentPart.Image asIs(ImageHeader header, byte[] bytes) {
        return new ContentPart.Image(header.format().mimeType(), bytes, Digests.sha256Hex(bytes));
    }

    private ContentPart.Image normalise(ImageHeader header, byte[] bytes, BufferedImage decoded) throws IOException {
        if (sendableAsIs(header) && RgbImages.plainRgb(decoded)) {
            return asIs(header, bytes);
        }
        int longest = Math.max(decoded.getWidth(), decoded.getHeight());
        BufferedImage rgb = RgbImages.toRgb(decoded, Math.min(1.0, (double) limits.maxSide() / longest));
        // Photos stay JPEG; drawings and screenshots become PNG unless that is much larger. Every
        // byte is base64-encoded into every request that shows the meme, a dozen or more per meme.
        // A photo saved losslessly goes straight to JPEG instead of being encoded twice.
        double bytesPerPixel = (double) bytes.length / header.pixels();
        boolean photo =
                header.lossy() || (header.format() != ImageFormat.GIF && bytesPerPixel >= PHOTO_PNG_BYTES_PER_PIXEL);
        byte[] normalised = photo ? null : ImageEncoder.png(rgb);
        if (normalised == null || normalised.length > LARGE_PNG_BYTES) {
            normalised = ImageEncoder.jpeg(rgb);
            return new ContentPart.Image("image/jpeg", normalised, Digests.sha256Hex(normalised));
        }
        return new ContentPart.Image("image/png", normalised, Digests.sha256Hex(normalised));
    }

    /**
     * A JPEG copy of a picture for a report, where a person looks at it beside the model's answer: downscaled to a
     * longest side, and smaller still until it fits a size, so that a report of a large run stays small. The file
     * is decoded as a model's picture is, bounded in memory and time.
     *
     * @param file        the image file
     * @param longestSide the copy's longest side at most, in pixels
     * @param maxBytes    the copy's size at most
     * @return the JPEG bytes
     * @throws ImageException when the file is missing, unreadable, too large, not an image, or takes too long
     */
    public byte[] jpegCopy(Path file, int longestSide, int maxBytes) {
        return ImageFailures.guard(file, () -> {
            byte[] bytes = read(file);
            ImageHeader header = header(file, bytes);
            return decoder.decode(file, bytes, header, longestSide, decoded -> {
                double factor = Math.min(1.0, (double) longestSide / Math.max(decoded.getWidth(), decoded.getHeight()));
                float quality = COPY_QUALITY;
                byte[] copy = ImageEncoder.jpeg(RgbImages.toRgb(decoded, factor), quality);
                // Noise and fine print compress badly: each try gives up some sharpness, then some size.
                while (copy.length > maxBytes && factor * Math.max(decoded.getWidth(), decoded.getHeight()) > 64) {
                    quality = Math.max(0.5f, quality - 0.15f);
                    factor *= quality == 0.5f ? 0.7 : 1.0;
                    copy = ImageEncoder.jpeg(RgbImages.toRgb(decoded, factor), quality);
                }
                return copy;
            });
        });
    }

    /**
     * The image type the bytes announce (PNG, JPEG, GIF, WebP), or null for anything else.
     *
     * @param b the file's first bytes, or all of them
     * @return the MIME type, or null
     */
    public static @Nullable String mimeType(byte[] b) {
        ImageFormat format = ImageFormat.sniff(b);
        return format == null ? null : format.mimeType();
    }

    /**
     * A picture as PNG bytes: a downscaled meme, or one with refined text drawn on it.
     *
     * @param image the picture
     * @return its PNG encoding
     * @throws ImageException when it cannot be encoded
     */
    public static byte[] encodePng(BufferedImage image) {
        return ImageEncoder.encodePng(image);
    }
}
