package io.github.adammeme.internal.agent;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.ContentPart;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/** Maps a meme to categories of the current taxonomy, and may propose a new one (temperature 1). */
@API(status = INTERNAL, since = "0.1.0")
public final class Miner {

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Miner(AgentContext context) {
        this.context = context;
    }

    /**
     * Asks {@code count} Miners which categories of the taxonomy the meme falls in, and whether it needs a
     * new one: replicas that differ by seed, asked as choices of one request where the endpoint takes them.
     *
     * @param meme the meme
     * @param image the meme's picture, or null
     * @param taxonomy the taxonomy as this batch sees it
     * @param count how many Miners vote
     * @return each Miner's vote, in replica order
     */
    public List<CompletableFuture<Answer<MinerVote>>> mineAll(
            Meme meme, ContentPart.@Nullable Image image, Taxonomy taxonomy, int count) {
        return context.askReplicas("Miner", "miner", values(meme, taxonomy), image, 1.0, count, MinerVote.PARSER);
    }

    private static Map<String, String> values(Meme meme, Taxonomy taxonomy) {
        return Map.of("meme_text", meme.text(), "taxonomy", taxonomy.render());
    }
}
