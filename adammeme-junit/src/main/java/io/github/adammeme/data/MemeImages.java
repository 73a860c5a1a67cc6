package io.github.adammeme.data;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.adammeme.llm.CacheKey;
import io.github.adammeme.llm.ContentPart;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Iterator;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import javax.imageio.ImageIO;

/**
 * Turns an image file into what a model receives: the type sniffed from the bytes, downscaled to
 * a longest side, encoded with the matching MIME type. Read on demand so a large dataset never
 * sits in memory; a meme is sent a dozen times or more (3 Miners, the Narrator, 3 Candidates, the
 * target, the Scorer, Refiner examples), so what was prepared is kept in a cache bounded by bytes
 * and keyed by the file's size and modification time, so an edited file is read again.
 */
public final class MemeImages {

    /** Refuse images above this many pixels before decoding them (a decompression bomb is small on disk). */
    public static final long DEFAULT_MAX_PIXELS = 40_000_000L;

    /** Enough for every meme in flight at high concurrency, small beside a 512 MiB heap. */
    static final long CACHE_BYTES = 96L << 20;
    /** A normalised PNG above this is sent as JPEG instead. */
    static final int LARGE_PNG_BYTES = 384 << 10;
    /**
     * A PNG this heavy per pixel holds a photograph (drawings and screenshots compress to a fraction
     * of a byte per pixel): it is sent as JPEG without trying PNG first.
     */
    static final double PHOTO_PNG_BYTES_PER_PIXEL = 0.3;
    static final float JPEG_QUALITY = 0.9f;

    private record FileVersion(Path file, long size, long modified) {
    }

    private final int maxSide;
    private final long maxPixels;
    private final Cache<FileVersion, ContentPart.Image> prepared = Caffeine.newBuilder()
            .maximumWeight(CACHE_BYTES)
            .weigher((FileVersion k, ContentPart.Image v) -> v.bytes().length)
            .build();

    public MemeImages(int maxSide) {
        this(maxSide, DEFAULT_MAX_PIXELS);
    }

    public MemeImages(int maxSide, long maxPixels) {
        if (maxSide < 32) {
            throw new IllegalArgumentException("longest image side must be at least 32 px, was " + maxSide);
        }
        this.maxSide = maxSide;
        this.maxPixels = maxPixels;
    }

    /** @throws ImageException when the file is missing, unreadable, too large or not an image */
    public ContentPart.Image load(Path file) {
        FileVersion version;
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            version = new FileVersion(file.toAbsolutePath().normalize(), attributes.size(),
                    attributes.lastModifiedTime().toMillis());
        } catch (NoSuchFileException e) {
            throw new ImageException("image " + file + " does not exist");
        } catch (IOException e) {
            throw new ImageException("cannot read image " + file + ": " + e.getMessage());
        }
        return prepared.get(version, v -> prepare(file));
    }

    private ContentPart.Image prepare(Path file) {
        byte[] bytes = read(file);
        String mime = mimeType(bytes);
        if (mime == null) {
            throw new ImageException("image " + file + " is not a PNG, JPEG, GIF or WebP file");
        }
        if ("image/webp".equals(mime)) {
            // No decoder in the JDK; the endpoint decodes it, so send it as it is.
            return new ContentPart.Image(mime, bytes, CacheKey.sha256Hex(bytes));
        }
        if (!"image/gif".equals(mime) && sendableAsIs(file, bytes, mime)) {
            return new ContentPart.Image(mime, bytes, CacheKey.sha256Hex(bytes));
        }
        BufferedImage decoded = decode(file, bytes);
        int longest = Math.max(decoded.getWidth(), decoded.getHeight());
        if (longest <= maxSide && plainRgb(decoded) && !"image/gif".equals(mime)) {
            return new ContentPart.Image(mime, bytes, CacheKey.sha256Hex(bytes));
        }
        double factor = Math.min(1.0, (double) maxSide / longest);
        BufferedImage rgb = toRgb(decoded, factor);
        // Photos stay JPEG; drawings and screenshots become PNG unless that is much larger. Every
        // byte is base64-encoded into every request that shows the meme, a dozen or more per meme.
        // A photo saved as PNG goes straight to JPEG instead of being encoded twice.
        double bytesPerPixel = (double) bytes.length / ((long) decoded.getWidth() * decoded.getHeight());
        boolean photo = "image/jpeg".equals(mime) || ("image/png".equals(mime) && bytesPerPixel >= PHOTO_PNG_BYTES_PER_PIXEL);
        byte[] normalised = photo ? null : encodePng(rgb);
        if (normalised == null || normalised.length > LARGE_PNG_BYTES) {
            normalised = encodeJpeg(rgb);
            return new ContentPart.Image("image/jpeg", normalised, CacheKey.sha256Hex(normalised));
        }
        return new ContentPart.Image("image/png", normalised, CacheKey.sha256Hex(normalised));
    }

    /** The decoded picture as 8-bit RGB, for tools that work on pixels (OCR, inpainting, rendering). */
    public BufferedImage pixels(Path file) {
        byte[] bytes = read(file);
        if (mimeType(bytes) == null) {
            throw new ImageException("image " + file + " is not a PNG, JPEG, GIF or WebP file");
        }
        BufferedImage decoded = decode(file, bytes);
        return plainRgb(decoded) ? decoded : toRgb(decoded, 1.0);
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ImageException("image " + file + " does not exist");
        } catch (IOException e) {
            throw new ImageException("cannot read image " + file + ": " + e.getMessage());
        }
    }

    /**
     * Whether the file can go to the model as it is, judged from its header alone: most memes are
     * already small 8-bit RGB pictures, and decoding every one only to learn that costs more CPU
     * than the calls that send it. A file whose structure ends early is corrupt, never sent.
     */
    private boolean sendableAsIs(Path file, byte[] bytes, String mime) {
        if (!complete(mime, bytes)) {
            throw new ImageException("image " + file + " is corrupt: it ends before its "
                    + ("image/png".equals(mime) ? "IEND chunk" : "end-of-image marker") + " (truncated?)");
        }
        try (ImageInputStream in = inMemory(bytes)) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                return false;
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                int w = reader.getWidth(0);
                int h = reader.getHeight(0);
                if (Math.max(w, h) > maxSide || (long) w * h > maxPixels) {
                    return false;
                }
                Iterator<javax.imageio.ImageTypeSpecifier> types = reader.getImageTypes(0);
                return types.hasNext() && plainRgb(types.next().getBufferedImageType());
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return false; // decoding will say what is wrong
        }
    }

    /**
     * The bytes are in memory already. ImageIO's own choice of stream (TwelveMonkeys' buffered
     * channel, once that plugin is on the class path) cost ten times as much CPU to read a header.
     */
    private static ImageInputStream inMemory(byte[] bytes) {
        return new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes));
    }

    /** A PNG's chunks run to IEND; a JPEG ends with its EOI marker (some writers add a few bytes after it). */
    static boolean complete(String mime, byte[] b) {
        if ("image/png".equals(mime)) {
            int at = 8;
            while (at + 12 <= b.length) {
                long length = ((b[at] & 0xffL) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
                if (b[at + 4] == 'I' && b[at + 5] == 'E' && b[at + 6] == 'N' && b[at + 7] == 'D') {
                    return true;
                }
                at += 12 + length;
            }
            return false;
        }
        if ("image/jpeg".equals(mime)) {
            for (int i = b.length - 2; i >= Math.max(2, b.length - 4096); i--) {
                if ((b[i] & 0xff) == 0xFF && (b[i + 1] & 0xff) == 0xD9) {
                    return true;
                }
            }
            return false;
        }
        return true;
    }

    /** Reads the size from the header first, and decodes only an image within the pixel limit. */
    private BufferedImage decode(Path file, byte[] bytes) {
        try (ImageInputStream in = inMemory(bytes)) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new ImageException("image " + file + " is corrupt: no decoder accepts it");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                long pixels = (long) reader.getWidth(0) * reader.getHeight(0);
                if (pixels > maxPixels) {
                    throw new ImageException("image " + file + " is " + reader.getWidth(0) + " x " + reader.getHeight(0)
                            + " = " + pixels + " pixels, over the limit of " + maxPixels
                            + " (adammeme.image.max-pixels); it was not decoded");
                }
                BufferedImage image = reader.read(0);
                if (image == null) {
                    throw new ImageException("image " + file + " is corrupt: the decoder returned nothing");
                }
                return image;
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ImageException ie) {
                throw ie;
            }
            throw new ImageException("image " + file + " is corrupt: " + e.getMessage());
        }
    }

    /** Already what models expect: 8 bits per channel, RGB, no alpha, no palette. */
    private static boolean plainRgb(BufferedImage image) {
        return plainRgb(image.getType());
    }

    private static boolean plainRgb(int type) {
        return type == BufferedImage.TYPE_3BYTE_BGR || type == BufferedImage.TYPE_INT_RGB
                || type == BufferedImage.TYPE_INT_BGR;
    }

    /**
     * Grey, palette, alpha (over white), CMYK and 16-bit pictures all become 8-bit RGB, downscaled
     * by halving steps and a last bilinear one: as sharp as one bicubic step for text on a meme,
     * and a third of its CPU.
     */
    private static BufferedImage toRgb(BufferedImage source, double factor) {
        int w = Math.max(1, (int) Math.round(source.getWidth() * factor));
        int h = Math.max(1, (int) Math.round(source.getHeight() * factor));
        BufferedImage current = draw(source, source.getWidth(), source.getHeight(), true);
        while (current.getWidth() / 2 >= w && current.getHeight() / 2 >= h) {
            current = draw(current, current.getWidth() / 2, current.getHeight() / 2, false);
        }
        return current.getWidth() == w && current.getHeight() == h ? current : draw(current, w, h, false);
    }

    private static BufferedImage draw(BufferedImage source, int w, int h, boolean overWhite) {
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        if (overWhite) {
            g.setColor(java.awt.Color.WHITE);
            g.fillRect(0, 0, w, h);
        }
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(source, 0, 0, w, h, null);
        g.dispose();
        return out;
    }

    /** The image type the bytes announce (PNG, JPEG, GIF, WebP), or null for anything else. */
    public static String mimeType(byte[] b) {
        if (b.length >= 8 && (b[0] & 0xff) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G') {
            return "image/png";
        }
        if (b.length >= 3 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xD8 && (b[2] & 0xff) == 0xFF) {
            return "image/jpeg";
        }
        if (b.length >= 6 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F' && b[3] == '8') {
            return "image/gif";
        }
        if (b.length >= 12 && b[0] == 'R' && b[1] == 'I' && b[2] == 'F' && b[3] == 'F'
                && b[8] == 'W' && b[9] == 'E' && b[10] == 'B' && b[11] == 'P') {
            return "image/webp";
        }
        return null;
    }

    // Encoders write to memory: ImageIO's default stream for an OutputStream caches in a temporary file.
    static byte[] encodeJpeg(BufferedImage image) {
        javax.imageio.ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            javax.imageio.ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(javax.imageio.ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(JPEG_QUALITY);
            writer.setOutput(stream);
            writer.write(null, new javax.imageio.IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new ImageException("cannot encode a downscaled image: " + e.getMessage());
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    /** A picture as PNG bytes: a downscaled meme, or one with refined text drawn on it. */
    public static byte[] encodePng(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            ImageIO.write(image, "png", stream);
        } catch (IOException e) {
            throw new ImageException("cannot encode a picture as PNG: " + e.getMessage());
        }
        return out.toByteArray();
    }
}
