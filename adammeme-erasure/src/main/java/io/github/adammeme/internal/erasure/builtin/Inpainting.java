package io.github.adammeme.internal.erasure.builtin;

import java.awt.image.BufferedImage;

/**
 * Fills the masked pixels of a picture from the pixels around them and changes no other pixel. The
 * fill first grows inward from the mask's edge, layer by layer, each pixel the mean of its known
 * neighbours; smoothing passes then bring it close to the smoothest surface that meets the edge.
 * Letters are thin, so every masked pixel is near a known one and the fill stays close to the
 * picture's own colours.
 */
final class Inpainting {

    /** Smoothing passes over the filled pixels after the first fill. */
    static final int SMOOTHING = 40;

    private Inpainting() {}

    /**
     * A copy of the picture with the masked pixels filled.
     *
     * @param picture the picture
     * @param mask one flag per pixel, row by row: true to fill
     * @return a new RGB picture, equal to the original wherever the mask is false
     */
    static BufferedImage fill(BufferedImage picture, boolean[] mask) {
        int width = picture.getWidth();
        int height = picture.getHeight();
        int[] rgb = picture.getRGB(0, 0, width, height, null, 0, width);
        int n = rgb.length;
        float[][] channels = new float[3][n];
        for (int i = 0; i < n; i++) {
            channels[0][i] = (rgb[i] >> 16) & 0xff;
            channels[1][i] = (rgb[i] >> 8) & 0xff;
            channels[2][i] = rgb[i] & 0xff;
        }
        int[] holes = indexes(mask);
        boolean[] known = new boolean[n];
        for (int i = 0; i < n; i++) {
            known[i] = !mask[i];
        }
        peel(channels, known, holes, width, height);
        smooth(channels, holes, width, height);
        for (int i : holes) {
            rgb[i] = 0xff000000 | clamp(channels[0][i]) << 16 | clamp(channels[1][i]) << 8 | clamp(channels[2][i]);
        }
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        out.setRGB(0, 0, width, height, rgb, 0, width);
        return out;
    }

    private static int[] indexes(boolean[] mask) {
        int count = 0;
        for (boolean m : mask) {
            if (m) {
                count++;
            }
        }
        int[] holes = new int[count];
        int k = 0;
        for (int i = 0; i < mask.length; i++) {
            if (mask[i]) {
                holes[k++] = i;
            }
        }
        return holes;
    }

    /** Layer by layer from the edge: each hole next to a known pixel takes the mean of its known neighbours. */
    private static void peel(float[][] channels, boolean[] known, int[] holes, int width, int height) {
        int[] open = holes.clone();
        int remaining = open.length;
        int[] layer = new int[remaining];
        while (remaining > 0) {
            int filled = 0;
            int kept = 0;
            for (int h = 0; h < remaining; h++) {
                int i = open[h];
                if (hasKnownNeighbour(known, i, width, height)) {
                    layer[filled++] = i;
                } else {
                    open[kept++] = i;
                }
            }
            if (filled == 0) {
                return; // nothing known to grow from: the whole picture was masked
            }
            float[][] values = new float[3][filled];
            for (int f = 0; f < filled; f++) {
                int i = layer[f];
                int x = i % width;
                int y = i / width;
                float weight = 0;
                float r = 0;
                float g = 0;
                float b = 0;
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        int xx = x + dx;
                        int yy = y + dy;
                        if ((dx != 0 || dy != 0)
                                && xx >= 0
                                && yy >= 0
                                && xx < width
                                && yy < height
                                && known[yy * width + xx]) {
                            int j = yy * width + xx;
                            float w = dx == 0 || dy == 0 ? 1f : 0.7f;
                            r += w * channels[0][j];
                            g += w * channels[1][j];
                            b += w * channels[2][j];
                            weight += w;
                        }
                    }
                }
                values[0][f] = r / weight;
                values[1][f] = g / weight;
                values[2][f] = b / weight;
            }
            for (int f = 0; f < filled; f++) {
                int i = layer[f];
                channels[0][i] = values[0][f];
                channels[1][i] = values[1][f];
                channels[2][i] = values[2][f];
                known[i] = true;
            }
            remaining = kept;
        }
    }

    private static boolean hasKnownNeighbour(boolean[] known, int i, int width, int height) {
        int x = i % width;
        int y = i / width;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int xx = x + dx;
                int yy = y + dy;
                if (xx >= 0 && yy >= 0 && xx < width && yy < height && known[yy * width + xx]) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Gauss-Seidel passes of the four-neighbour mean over the holes; the pixels around them stay fixed. */
    private static void smooth(float[][] channels, int[] holes, int width, int height) {
        for (int pass = 0; pass < SMOOTHING; pass++) {
            for (int i : holes) {
                int x = i % width;
                int y = i / width;
                for (float[] c : channels) {
                    float sum = 0;
                    int count = 0;
                    if (x > 0) {
                        sum += c[i - 1];
                        count++;
                    }
                    if (x < width - 1) {
                        sum += c[i + 1];
                        count++;
                    }
                    if (y > 0) {
                        sum += c[i - width];
                        count++;
                    }
                    if (y < height - 1) {
                        sum += c[i + width];
                        count++;
                    }
                    c[i] = sum / count;
                }
            }
        }
    }

    private static int clamp(float v) {
        return Math.max(0, Math.min(255, Math.round(v)));
    }
}
