package io.github.adammeme.data;

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
import javax.imageio.ImageIO;

/**
 * Turns an image file into what a model receives: the type sniffed from the bytes, downscaled to
 * a longest side, encoded with the matching MIME type. Read on demand so a large dataset never
 * sits in memory.
 */
public final class MemeImages {

    private final int maxSide;

    public MemeImages(int maxSide) {
        if (maxSide < 32) {
            throw new IllegalArgumentException("longest image side must be at least 32 px, was " + maxSide);
        }
        this.maxSide = maxSide;
    }

    /** @throws ImageException when the file is missing, unreadable or not an image */
    public ContentPart.Image load(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ImageException("image " + file + " does not exist");
        } catch (IOException e) {
            throw new ImageException("cannot read image " + file + ": " + e.getMessage());
        }
        String mime = sniff(bytes);
        if (mime == null) {
            throw new ImageException("image " + file + " is not a PNG, JPEG, GIF or WebP file");
        }
        BufferedImage decoded;
        try {
            decoded = ImageIO.read(new ByteArrayInputStream(bytes));
        } catch (IOException | RuntimeException e) {
            throw new ImageException("image " + file + " is corrupt: " + e.getMessage());
        }
        if (decoded == null) {
            if ("image/webp".equals(mime)) {
                // No decoder in the JDK; the endpoint decodes it, so send it as it is.
                return new ContentPart.Image(mime, bytes, CacheKey.sha256Hex(bytes));
            }
            throw new ImageException("image " + file + " is corrupt: no decoder accepted its " + mime + " bytes");
        }
        int longest = Math.max(decoded.getWidth(), decoded.getHeight());
        if (longest <= maxSide) {
            return new ContentPart.Image(mime, bytes, CacheKey.sha256Hex(bytes));
        }
        byte[] scaled = encodePng(downscale(decoded, (double) maxSide / longest));
        return new ContentPart.Image("image/png", scaled, CacheKey.sha256Hex(scaled));
    }

    /** The image type the bytes announce (PNG, JPEG, GIF, WebP), or null for anything else. */
    public static String mimeType(byte[] bytes) {
        return sniff(bytes);
    }

    static String sniff(byte[] b) {
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

    private static BufferedImage downscale(BufferedImage source, double factor) {
        int w = Math.max(1, (int) Math.round(source.getWidth() * factor));
        int h = Math.max(1, (int) Math.round(source.getHeight() * factor));
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.drawImage(source, 0, 0, w, h, null);
        g.dispose();
        return out;
    }

    private static byte[] encodePng(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new ImageException("cannot encode a downscaled image: " + e.getMessage());
        }
        return out.toByteArray();
    }
}
