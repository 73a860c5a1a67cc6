package io.github.adammeme.internal.erasure.builtin;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.List;

/**
 * Which pixels of a picture are the letters of some words, and not what lies around them: inside each
 * word's box (grown a little, for outlines and descenders) the pixels split into two tones, and the
 * letters are the tone that the box's edge, which is background, has least of. The letters are then
 * widened by a fraction of their height to take their outline and anti-aliasing too, and what they
 * enclose is added (the white inside a dark outline). A face beside a caption keeps every pixel that
 * is not a letter.
 */
final class LetterMask {

    /** How far a word's box is grown, and its letters widened, as a share of its height. */
    static final double GROWTH = 0.2;

    static final double WIDENING = 0.12;

    private LetterMask() {}

    /**
     * The letters of these words.
     *
     * @param picture the picture
     * @param words the words' boxes, in the picture's coordinates
     * @return one flag per pixel, row by row: true where a letter is
     */
    static boolean[] of(BufferedImage picture, List<Rectangle> words) {
        int width = picture.getWidth();
        int height = picture.getHeight();
        int[] luma = luma(picture);
        boolean[] mask = new boolean[width * height];
        for (Rectangle word : words) {
            int pad = Math.max(2, (int) Math.round(word.height * GROWTH));
            Rectangle box = word.intersection(new Rectangle(0, 0, width, height));
            box.grow(pad, pad);
            box = box.intersection(new Rectangle(0, 0, width, height));
            if (box.isEmpty()) {
                continue;
            }
            boolean[] letters =
                    widen(letters(luma, width, box), box, Math.max(1, (int) Math.round(word.height * WIDENING)));
            fillHoles(letters, box);
            for (int y = 0; y < box.height; y++) {
                for (int x = 0; x < box.width; x++) {
                    mask[(box.y + y) * width + box.x + x] |= letters[y * box.width + x];
                }
            }
        }
        return mask;
    }

    /** The box's pixels of the tone its edge has least of. */
    private static boolean[] letters(int[] luma, int width, Rectangle box) {
        int[] histogram = new int[256];
        for (int y = box.y; y < box.y + box.height; y++) {
            for (int x = box.x; x < box.x + box.width; x++) {
                histogram[luma[y * width + x]]++;
            }
        }
        int threshold = otsu(histogram, box.width * ((long) box.height));
        long edge = 0;
        long brightEdge = 0;
        for (int y = box.y; y < box.y + box.height; y++) {
            for (int x = box.x; x < box.x + box.width; x++) {
                if (y == box.y || y == box.y + box.height - 1 || x == box.x || x == box.x + box.width - 1) {
                    edge++;
                    if (luma[y * width + x] > threshold) {
                        brightEdge++;
                    }
                }
            }
        }
        boolean bright = brightEdge * 2 < edge;
        boolean[] letters = new boolean[box.width * box.height];
        for (int y = 0; y < box.height; y++) {
            for (int x = 0; x < box.width; x++) {
                int v = luma[(box.y + y) * width + box.x + x];
                letters[y * box.width + x] = bright ? v > threshold : v <= threshold;
            }
        }
        return letters;
    }

    /** Otsu's threshold: the level that best splits the histogram into two tones. */
    static int otsu(int[] histogram, long total) {
        long sum = 0;
        for (int i = 0; i < 256; i++) {
            sum += (long) i * histogram[i];
        }
        long sumBelow = 0;
        long below = 0;
        double best = -1;
        int threshold = 127;
        for (int t = 0; t < 256; t++) {
            below += histogram[t];
            if (below == 0) {
                continue;
            }
            long above = total - below;
            if (above == 0) {
                break;
            }
            sumBelow += (long) t * histogram[t];
            double meanBelow = (double) sumBelow / below;
            double meanAbove = (double) (sum - sumBelow) / above;
            double between = (double) below * above * (meanBelow - meanAbove) * (meanBelow - meanAbove);
            if (between > best) {
                best = between;
                threshold = t;
            }
        }
        return threshold;
    }

    /** Every pixel of the box within {@code radius} of a letter pixel (a square neighbourhood). */
    private static boolean[] widen(boolean[] letters, Rectangle box, int radius) {
        boolean[] wide = new boolean[letters.length];
        // Separable: first along rows, then along columns.
        boolean[] rows = new boolean[letters.length];
        for (int y = 0; y < box.height; y++) {
            int last = Integer.MIN_VALUE / 2;
            for (int x = 0; x < box.width; x++) {
                if (letters[y * box.width + x]) {
                    last = x;
                }
                rows[y * box.width + x] = x - last <= radius;
            }
            last = Integer.MAX_VALUE / 2;
            for (int x = box.width - 1; x >= 0; x--) {
                if (letters[y * box.width + x]) {
                    last = x;
                }
                rows[y * box.width + x] |= last - x <= radius;
            }
        }
        for (int x = 0; x < box.width; x++) {
            int last = Integer.MIN_VALUE / 2;
            for (int y = 0; y < box.height; y++) {
                if (rows[y * box.width + x]) {
                    last = y;
                }
                if (y - last <= radius) {
                    wide[y * box.width + x] = true;
                }
            }
            last = Integer.MAX_VALUE / 2;
            for (int y = box.height - 1; y >= 0; y--) {
                if (rows[y * box.width + x]) {
                    last = y;
                }
                if (last - y <= radius) {
                    wide[y * box.width + x] = true;
                }
            }
        }
        return wide;
    }

    /**
     * Adds what the mask encloses: when the letters' tone is their outline (dark on a light picture),
     * the fill inside the outline is reached from no edge of the box.
     */
    private static void fillHoles(boolean[] mask, Rectangle box) {
        int w = box.width;
        int h = box.height;
        boolean[] outside = new boolean[mask.length];
        int[] queue = new int[mask.length];
        int tail = 0;
        for (int i = 0; i < mask.length; i++) {
            int x = i % w;
            int y = i / w;
            if (!mask[i] && (x == 0 || y == 0 || x == w - 1 || y == h - 1)) {
                outside[i] = true;
                queue[tail++] = i;
            }
        }
        for (int head = 0; head < tail; head++) {
            int i = queue[head];
            int x = i % w;
            int y = i / w;
            int[] next = {x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1};
            for (int j : next) {
                if (j >= 0 && !mask[j] && !outside[j]) {
                    outside[j] = true;
                    queue[tail++] = j;
                }
            }
        }
        for (int i = 0; i < mask.length; i++) {
            mask[i] |= !outside[i];
        }
    }

    private static int[] luma(BufferedImage picture) {
        int width = picture.getWidth();
        int height = picture.getHeight();
        int[] rgb = picture.getRGB(0, 0, width, height, null, 0, width);
        int[] luma = new int[rgb.length];
        for (int i = 0; i < rgb.length; i++) {
            int p = rgb[i];
            luma[i] = (299 * ((p >> 16) & 0xff) + 587 * ((p >> 8) & 0xff) + 114 * (p & 0xff)) / 1000;
        }
        return luma;
    }
}
