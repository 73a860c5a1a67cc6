package io.github.adammeme.sim;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A chat-completions request as the simulator reads it: the model asked for, the seed, and the
 * conversation's text. The simulator sees exactly what a real endpoint sees.
 */
record SimRequest(String model, long seed, double temperature, String prompt, int images) {

    static SimRequest from(JsonNode body) {
        String model = body.path("model").asText("");
        long seed = body.path("seed").asLong(0);
        double temperature = body.path("temperature").asDouble(1.0);
        StringBuilder prompt = new StringBuilder();
        int images = 0;
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
                    }
                }
            }
        }
        return new SimRequest(model, seed, temperature, prompt.toString(), images);
    }

    /**
     * The content of the last {@code <name>...</name>} block in the prompt, or null. The last,
     * because instructions may mention a block's tags before the block itself appears.
     */
    String block(String name) {
        int open = prompt.lastIndexOf("<" + name + ">");
        if (open < 0) {
            return null;
        }
        int from = open + name.length() + 2;
        int close = prompt.indexOf("</" + name + ">", from);
        return close < 0 ? null : prompt.substring(from, close).strip();
    }

    boolean mentions(String text) {
        return prompt.contains(text);
    }
}
