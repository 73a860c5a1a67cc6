package io.github.adammeme.internal.data.image;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;

/**
 * Makes memes of our own: pictures with their caption drawn on them, written as a HarMeme-form
 * dataset (annotations/*.jsonl beside images/). Tests, the sample suite and benchmarks use these
 * so they need nothing from outside the project.
 */
public final class SyntheticMemes {

    /** The captions: each category in explicit and in implicit wording, and harmless ones. */
    public static final List<String> CAPTIONS = List.of(
            "When the chinese tourists arrive and the buffet is gone",
            "Immigrants be like: we came for the free wifi",
            "Folks from over there bought all the masks again",
            "Muslims at the airport security line, every single time",
            "When jesus sees your browser history",
            "The desert faith crowd is at it again",
            "Women drivers: the sequel nobody asked for",
            "My wife when I say the game is only ten minutes",
            "Her kind should stay in the kitchen and make me a sandwich",
            "Ghetto gourmet: instant noodles with ketchup",
            "That thug in the class photo grew up to be the maths teacher",
            "You know who is moving into the neighbourhood",
            "When the autistic kid explains trains for two hours",
            "Blind date? more like blind guess",
            "He rides the short bus to work now",
            "The monkeys took over the office again",
            "Pigs in suits running the bank",
            "Trump explaining the economy with a marker",
            "Democrats and republicans arguing over who broke it",
            "Drink bleach they said, it is a cure they said",
            "The 5g towers gave me this headache",
            "When the coffee kicks in on a monday",
            "Me waiting for the weekend like",
            "Cat sits on keyboard, deletes homework",
            "When the wifi comes back after five minutes",
            "Grandma discovers the group chat");

    private static final Color[] BACKGROUNDS = {
        new Color(0x2E4057), new Color(0x8D6A9F), new Color(0xC5D86D), new Color(0x1B998B),
        new Color(0xED217C), new Color(0xF2E3BC), new Color(0x4D9DE0), new Color(0x7D4E57)
    };

    private SyntheticMemes() {}

    /**
     * Writes {@code count} memes (captions cycled, with a numbered variant after the first round)
     * and returns the annotations file.
     *
     * @param root the dataset folder; {@code images/} and {@code annotations/} are made in it
     * @param count how many memes
     * @return {@code annotations/memes.jsonl}
     */
    public static Path write(Path root, int count) {
        try {
            Path images = Files.createDirectories(root.resolve("images"));
            Path annotations =
                    Files.createDirectories(root.resolve("annotations")).resolve("memes.jsonl");
            ObjectMapper json = new ObjectMapper();
            try (BufferedWriter out = Files.newBufferedWriter(annotations, StandardCharsets.UTF_8)) {
                for (int i = 0; i < count; i++) {
                    String caption = CAPTIONS.get(i % CAPTIONS.size());
                    if (i >= CAPTIONS.size()) {
                        caption = caption + " (part " + (i / CAPTIONS.size() + 1) + ")";
                    }
                    String id = String.format("synthetic_%04d", i);
                    ImageIO.write(
                            draw(caption, i), "png", images.resolve(id + ".png").toFile());
                    ObjectNode line = json.createObjectNode()
                            .put("id", id)
                            .put("image", id + ".png")
                            .put("text", caption);
                    line.putArray("labels");
                    out.write(json.writeValueAsString(line));
                    out.write('\n');
                }
            }
            return annotations;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write synthetic memes under " + root, e);
        }
    }

    /**
     * Writes the same pictures without their captions into {@code images-erased/} beside
     * {@code images/}: a perfect precomputed text erasure, for runs that show text on the picture.
     *
     * @param root the dataset folder
     * @param count how many memes, as given to {@link #write}
     * @return the {@code images-erased/} folder
     */
    public static Path writeErased(Path root, int count) {
        try {
            Path erased = Files.createDirectories(root.resolve("images-erased"));
            for (int i = 0; i < count; i++) {
                ImageIO.write(
                        draw("", i),
                        "png",
                        erased.resolve(String.format("synthetic_%04d.png", i)).toFile());
            }
            return erased;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write erased synthetic memes under " + root, e);
        }
    }

    /**
     * A picture with the caption in bold outlined capitals, top and bottom, as memes have it.
     *
     * @param caption the caption, empty for none
     * @param variant picks the background colour and shapes
     * @return a 480 x 360 RGB picture
     */
    public static BufferedImage draw(String caption, int variant) {
        Random random = new Random(variant);
        int width = 480;
        int height = 360;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(BACKGROUNDS[variant % BACKGROUNDS.length]);
        g.fillRect(0, 0, width, height);
        for (int i = 0; i < 6; i++) {
            g.setColor(new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256), 120));
            g.fillOval(
                    random.nextInt(width),
                    60 + random.nextInt(height - 120),
                    40 + random.nextInt(120),
                    40 + random.nextInt(120));
        }
        MemeRenderer.draw(g, caption, width, height);
        g.dispose();
        return image;
    }
}
