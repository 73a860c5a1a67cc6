package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.agent.answer.Rewrite;
import io.github.adammeme.internal.llm.ContentPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** Rewrites a meme's text into a harder case for this target, learning from retrieved examples (temperature 0). */
@API(status = INTERNAL, since = "0.1.0")
public final class Refiner {

    /** A retrieved sample shown to the Refiner as an in-context example. */
    public record Example(String memeText, String misbelief, int score, ContentPart.Image image) {}

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Refiner(AgentContext context) {
        this.context = context;
    }

    /**
     * Asks for one rewrite of the meme text that states the same misbelief less openly: one step of
     * the paper's Algorithm 1.
     *
     * @param memeText the text of the sample being refined
     * @param erasedImage the meme's picture as it is shown, or null
     * @param category the harmfulness category
     * @param misbelief the sample's misbelief sentence
     * @param score the target's score on the sample being refined
     * @param examples the retrieved samples; shown sorted by score, highest first
     * @return the rewrite with its explanation, or why there is none
     */
    public CompletableFuture<Answer<Rewrite>> refine(
            String memeText,
            ContentPart.@Nullable Image erasedImage,
            String category,
            String misbelief,
            int score,
            List<Example> examples) {
        List<Example> sorted = examples.stream()
                .sorted((a, b) -> Integer.compare(b.score(), a.score()))
                .toList();
        List<ContentPart.Image> images = new ArrayList<>();
        if (erasedImage != null) {
            images.add(erasedImage);
        }
        sorted.stream().map(Example::image).filter(Objects::nonNull).forEach(images::add);
        return context.ask(
                "Refiner",
                "refiner",
                Map.of(
                        "meme_text",
                        memeText,
                        "category",
                        category,
                        "misbelief",
                        misbelief,
                        "score",
                        Integer.toString(score),
                        "examples",
                        render(sorted)),
                images,
                0.0,
                0,
                Rewrite.PARSER);
    }

    /** The examples in the order given; their images follow the meme's own, in the same order. */
    static String render(List<Example> examples) {
        if (examples.isEmpty()) {
            return "(no similar memes yet)";
        }
        StringBuilder sb = new StringBuilder();
        int i = 1;
        for (Example e : examples) {
            sb.append("Example ")
                    .append(i)
                    .append(" (image ")
                    .append(++i)
                    .append(", score ")
                    .append(e.score())
                    .append("/10)\n")
                    .append("Text: ")
                    .append(e.memeText())
                    .append('\n')
                    .append("Misbelief: ")
                    .append(e.misbelief())
                    .append("\n\n");
        }
        return sb.toString().strip();
    }
}
