package io.github.adammeme.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import java.awt.image.BufferedImage;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * A dataset as large as a mining benchmark asks for, written in minutes: {@link SyntheticMemes}' captions, and for
 * each meme a 32 x 32 picture of its own (its number in its pixels, so no two files are alike). Drawing a captioned
 * picture takes tens of milliseconds, hours for a million memes; what the mining stage keeps per meme does not
 * depend on the picture's size, which only makes every call's body larger.
 */
final class SmallPictureMemes {

    private static final int SIDE = 32;

    private SmallPictureMemes() {}

    /**
     * @param root  the dataset folder; {@code images/} and {@code annotations/} are made in it
     * @param count how many memes
     * @return {@code annotations/memes.jsonl}
     */
    static Path write(Path root, int count) {
        try {
            Path images = Files.createDirectories(root.resolve("images"));
            Path annotations =
                    Files.createDirectories(root.resolve("annotations")).resolve("memes.jsonl");
            // Written beside the annotations and moved in last: a dataset cut short by Ctrl-C is not taken as whole.
            Path partial = annotations.resolveSibling("memes.jsonl.partial");
            ObjectMapper json = new ObjectMapper();
            BufferedImage picture = new BufferedImage(SIDE, SIDE, BufferedImage.TYPE_INT_RGB);
            try (BufferedWriter out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
                for (int i = 0; i < count; i++) {
                    String caption = SyntheticMemes.CAPTIONS.get(i % SyntheticMemes.CAPTIONS.size());
                    if (i >= SyntheticMemes.CAPTIONS.size()) {
                        caption = caption + " (part " + (i / SyntheticMemes.CAPTIONS.size() + 1) + ")";
                    }
                    String id = String.format("small_%07d", i);
                    for (int p = 0; p < SIDE * SIDE; p++) {
                        picture.setRGB(p % SIDE, p / SIDE, ((i >>> (p % 24)) & 1) == 1 ? 0xFFFFFF : 0x1B998B + p);
                    }
                    ImageIO.write(picture, "png", images.resolve(id + ".png").toFile());
                    ObjectNode line = json.createObjectNode()
                            .put("id", id)
                            .put("image", id + ".png")
                            .put("text", caption);
                    line.putArray("labels");
                    out.write(json.writeValueAsString(line));
                    out.newLine();
                }
            }
            return Files.move(partial, annotations);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the small-picture dataset in " + root, e);
        }
    }
}
