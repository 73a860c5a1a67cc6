package io.github.adammeme.internal.data.image;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/** Encodes a prepared picture as JPEG or PNG bytes. */
final class ImageEncoder {

    static final float JPEG_QUALITY = 0.9f;

    private ImageEncoder() {}

    static byte[] encodeJpeg(BufferedImage image) {
        try {
            return jpeg(image);
        } catch (IOException e) {
            throw new ImageException("cannot encode a downscaled image: " + e.getMessage(), e);
        }
    }

    static byte[] encodePng(BufferedImage image) {
        try {
            return png(image);
        } catch (IOException e) {
            throw new ImageException("cannot encode a picture as PNG: " + e.getMessage(), e);
        }
    }

    // Encoders write to memory: ImageIO's default stream for an OutputStream caches in a temporary file.
    static byte[] jpeg(BufferedImage image) throws IOException {
        return jpeg(image, JPEG_QUALITY);
    }

    static byte[] jpeg(BufferedImage image, float quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality);
            writer.setOutput(stream);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    static byte[] png(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            ImageIO.write(image, "png", stream);
        }
        return out.toByteArray();
    }
}
