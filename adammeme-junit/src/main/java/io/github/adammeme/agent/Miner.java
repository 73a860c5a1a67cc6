package io.github.adammeme.agent;

import io.github.adammeme.data.Meme;
import io.github.adammeme.llm.ContentPart;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Maps a meme to categories of the current taxonomy, and may propose a new one (temperature 1). */
public final class Miner {

    private final AgentContext context;

    public Miner(AgentContext context) {
        this.context = context;
    }

    public CompletableFuture<Answer<MinerVote>> mine(Meme meme, ContentPart.Image image, Taxonomy taxonomy, int replica) {
        return context.ask("Miner", "miner", Map.of("meme_text", meme.text(), "taxonomy", taxonomy.render()),
                image, 1.0, replica, MinerVote.PARSER);
    }
}
