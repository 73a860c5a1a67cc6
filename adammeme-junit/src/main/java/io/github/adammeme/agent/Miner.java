package io.github.adammeme.agent;

import io.github.adammeme.data.Meme;
import io.github.adammeme.llm.ContentPart;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Maps a meme to categories of the current taxonomy, and may propose a new one (temperature 1). */
public final class Miner {

    private final AgentContext context;

    /** @param context the model, templates, seed and re-ask bound shared by the run's agents */
    public Miner(AgentContext context) {
        this.context = context;
    }

    /**
     * Asks one Miner which categories of the taxonomy the meme falls in, and whether it needs a new one.
     *
     * @param meme the meme
     * @param image the meme's picture, or null
     * @param taxonomy the taxonomy as this Miner's batch sees it
     * @param replica which of the three Miners this is; replicas differ by seed
     * @return the Miner's vote, or why there is none
     */
    public CompletableFuture<Answer<MinerVote>> mine(Meme meme, ContentPart.Image image, Taxonomy taxonomy, int replica) {
        return context.ask("Miner", "miner", Map.of("meme_text", meme.text(), "taxonomy", taxonomy.render()),
                image, 1.0, replica, MinerVote.PARSER);
    }
}
