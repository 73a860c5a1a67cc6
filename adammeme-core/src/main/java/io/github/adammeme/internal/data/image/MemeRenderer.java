package io.github.adammeme.internal.data.image;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Prints a caption on a picture the way memes carry it: bold white capitals with a black outline,
 * wrapped to the width, split between the top and the bottom of the image.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class MemeRenderer {

    private MemeRenderer() {}

    /**
     * A copy of {@code picture} with {@code caption} printed on it.
     *
     * @param picture the picture
     * @param caption the text to print
     * @return a new RGB picture
     */
    public static BufferedImage render(BufferedImage picture, String caption) {
        BufferedImage out = new BufferedImage(picture.getWidth(), picture.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.drawImage(picture, 0, 0, null);
        draw(g, caption, picture.getWidth(), picture.getHeight());
        g.dispose();
        return out;
    }

    static void draw(Graphics2D g, String caption, int width, int height) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        String text = caption.toUpperCase(Locale.ROOT).strip();
        if (text.isEmpty()) {
            return;
        }
        // Shrink the font until the caption fits in the upper and lower thirds.
        for (int size = Math.max(14, width / 16); size >= 10; size -= 2) {
            Font font = new Font(Font.SANS_SERIF, Font.BOLD, size);
            FontMetrics metrics = g.getFontMetrics(font);
            List<String> lines = wrap(text, metrics, width - width / 16);
            if (lines.size() * metrics.getHeight() <= height * 2 / 3 || size <= 10) {
                place(g, font, metrics, lines, width, height);
                return;
            }
        }
    }

    private static void place(Graphics2D g, Font font, FontMetrics metrics, List<String> lines, int width, int height) {
        int top = (lines.size() + 1) / 2;
        int y = Math.max(4, height / 60) + metrics.getAscent();
        for (int i = 0; i < lines.size(); i++) {
            if (i == top) {
                y = height
                        - Math.max(4, height / 60)
                        - metrics.getDescent()
                        - (lines.size() - top - 1) * metrics.getHeight();
            }
            outlined(g, font, lines.get(i), (width - metrics.stringWidth(lines.get(i))) / 2, y);
            y += metrics.getHeight();
        }
    }

    private static void outlined(Graphics2D g, Font font, String text, int x, int y) {
        Shape shape = new TextLayout(text, font, g.getFontRenderContext())
                .getOutline(AffineTransform.getTranslateInstance(x, y));
        g.setStroke(new BasicStroke(Math.max(2f, font.getSize() / 7f), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.setColor(Color.BLACK);
        g.draw(shape);
        g.setColor(Color.WHITE);
        g.fill(shape);
    }

    private static List<String> wrap(String text, FontMetrics metrics, int maxWidth) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split("\\s+")) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (metrics.stringWidth(candidate) > maxWidth && line.length() > 0) {
                lines.add(line.toString());
                line = new StringBuilder(word);
            } else {
                line = new StringBuilder(candidate);
            }
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
