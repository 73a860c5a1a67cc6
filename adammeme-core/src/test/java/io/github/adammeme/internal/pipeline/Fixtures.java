package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.Candidate;
import io.github.adammeme.internal.agent.RefusalChecker;
import io.github.adammeme.internal.agent.Scorer;
import io.github.adammeme.internal.agent.Senior;
import io.github.adammeme.internal.agent.Target;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.agent.refusal.RefusalDetector;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.cache.InMemoryCallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/** Memes with real image files, and agents on a scripted model. */
final class Fixtures {

    private Fixtures() {}

    static Meme meme(Path dir, String id, String text) {
        Path image = dir.resolve(id + ".png");
        try {
            if (!Files.exists(image)) {
                ImageIO.write(SyntheticMemes.draw(text, id.hashCode()), "png", image.toFile());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Meme(id, "test", text, image, List.of(), "test:" + id);
    }

    /** Stage 2 on the given agents: refusal checks on, no second judge. */
    static ScoringStage scoring(AgentContext agents, double threshold) {
        return new ScoringStage(
                new Candidate(agents),
                new Senior(agents),
                new Target(agents, 0.0),
                new Scorer(agents),
                threshold,
                new RefusalDetector(new RefusalChecker(agents)),
                null,
                Recheck.NONE);
    }

    static AgentContext agents(ScriptedModel model) {
        return new AgentContext(
                new ModelGateway(model, new InMemoryCallCache(), new UsageLedger(), 4),
                PromptLibrary.packaged(),
                42,
                2,
                512);
    }
}
