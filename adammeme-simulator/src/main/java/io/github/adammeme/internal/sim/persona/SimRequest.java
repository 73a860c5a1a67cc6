package io.github.adammeme.internal.sim.persona;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.adammeme.internal.agent.prompt.PromptBlocks;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A chat-completions request as the simulator reads it: the model asked for, the seed, the
 * conversation's text and its pictures. The simulator sees exactly what a real endpoint sees.
 */
@API(status = INTERNAL, since = "0.1.0")
public record SimRequest(
        String model,
        long seed,
        double temperature,
        String prompt,
        int images,
        @Nullable String schema,
        List<PromptBlocks.Block> blocks,
        String instructions,
        List<Picture> pictures) {

    /**
     * A picture as the request sends it.
     *
     * @param url    its {@code image_url.url}: a base64 data URL, as the harness sends pictures
     * @param detail its {@code image_url.detail}, or null for the endpoint's default
     */
    record Picture(String url, @Nullable String detail) {}

    /**
     * @param schema the name of the JSON schema the answer must follow ({@code response_format}), or null
     */
    SimRequest(String model, long seed, double temperature, String prompt, int images, @Nullable String schema) {
        this(model, seed, temperature, prompt, images, schema, List.of());
    }

    /** @param pictures the request's pictures, in order */
    SimRequest(
            String model,
            long seed,
            double temperature,
            String prompt,
            int images,
            @Nullable String schema,
            List<Picture> pictures) {
        this(
                model,
                seed,
                temperature,
                prompt,
                images,
                schema,
                PromptBlocks.read(prompt),
                PromptBlocks.instructions(prompt),
                List.copyOf(pictures));
    }

    /**
     * @param body a chat-completions request body
     * @return the request as the simulator reads it
     */
    public static SimRequest from(JsonNode body) {
        String model = body.path("model").asText("");
        long seed = body.path("seed").asLong(0);
        double temperature = body.path("temperature").asDouble(1.0);
        StringBuilder prompt = new StringBuilder();
        int images = 0;
        List<Picture> pictures = new ArrayList<>();
        for (JsonNode message : body.path("messages")) {
            // Only the opening turns define the task; a re-ask appends our own answer and a correction.
            String role = message.path("role").asText();
            if ("assistant".equals(role)) {
                break;
            }
            JsonNode content = message.path("content");
            if (content.isTextual()) {
                prompt.append(content.asText()).append('\n');
            } else if (content.isArray()) {
                for (JsonNode part : content) {
                    if ("text".equals(part.path("type").asText())) {
                        prompt.append(part.path("text").asText()).append('\n');
                    } else if ("image_url".equals(part.path("type").asText())) {
                        images++;
                        JsonNode image = part.path("image_url");
                        pictures.add(new Picture(
                                image.path("url").asText(""),
                                image.hasNonNull("detail")
                                        ? image.path("detail").asText()
                                        : null));
                    }
                }
            }
        }
        JsonNode format = body.path("response_format");
        String schema = "json_schema".equals(format.path("type").asText())
                ? format.path("json_schema").path("name").asText("")
                : null;
        return new SimRequest(model, seed, temperature, prompt.toString(), images, schema, pictures);
    }

    /**
     * The same request with another seed: one of the choices of a request for several.
     *
     * @param other the seed
     * @return the request with that seed
     */
    public SimRequest withSeed(long other) {
        return new SimRequest(model, other, temperature, prompt, images, schema, blocks, instructions, pictures);
    }

    /**
     * The same request with the meme's text added as a block: what a model that reads the picture takes its text
     * to be, when the prompt gives none.
     */
    SimRequest withMemeText(String text) {
        List<PromptBlocks.Block> read = new ArrayList<>(blocks);
        read.add(new PromptBlocks.Block("meme_text", "", text));
        return new SimRequest(
                model, seed, temperature, prompt, images, schema, List.copyOf(read), instructions, pictures);
    }

    /**
     * The content of the first {@code <name key="...">} block, read as a careful model reads: block by
     * block, so a tag planted inside one value is never taken for a block of its own.
     */
    @Nullable
    String block(String name) {
        return blocks.stream()
                .filter(b -> b.name().equals(name))
                .map(b -> b.content().strip())
                .findFirst()
                .orElse(null);
    }

    /** The content of the first {@code <name>} block, or empty when the prompt has none. */
    String text(String name) {
        String content = block(name);
        return content == null ? "" : content;
    }

    /** Whether the instructions (the prompt outside its blocks) say this: what the task is, not what a value says. */
    boolean mentions(String text) {
        return instructions.contains(text);
    }
}
