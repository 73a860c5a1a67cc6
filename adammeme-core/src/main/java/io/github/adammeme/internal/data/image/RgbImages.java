package io.github.adammeme.internal.data.image;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/** Pictures as models expect them: 8 bits per channel, RGB, no alpha, no palette, at the size asked. */
final class RgbImages {

    private RgbImages() {}

    /** Already what models expect: 8 bits per channel, RGB, no alpha, no palette. */
    static boolean plainRgb(BufferedImage image) {
        return plainRgb(image.getType());
    }

    static boolean plainRgb(int type) {
        return type == BufferedImage.TYPE_3BYTE_BGR
                || type == BufferedImage.TYPE_INT_RGB
                || type == BufferedImage.TYPE_INT_BGR;
    }

    /**
     * Grey, palette, alpha (over white), CMYK and 16-bit pictures all become 8-bit RGB, downscaled
     * by halving steps and a last bilinear one: as sharp as one bicubic step for text on a meme,
     * and a third of its CPU.
     */
    static BufferedImage toRgb(BufferedImage source, double factor) {
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
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, w, h);
        }
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(source, 0, 0, w, h, null);
        g.dispose();
        return out;
    }
}
