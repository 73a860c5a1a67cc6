package io.github.adammeme.pipeline;

import io.github.adammeme.agent.AgentContext;
import io.github.adammeme.agent.PromptLibrary;
import io.github.adammeme.data.Meme;
import io.github.adammeme.data.SyntheticMemes;
import io.github.adammeme.llm.InMemoryCallCache;
import io.github.adammeme.llm.ModelGateway;
import io.github.adammeme.llm.UsageLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/** Memes with real image files, and agents on a scripted model. */
final class Fixtures {

    private Fixtures() {
    }

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

    static AgentContext agents(ScriptedModel model) {
        return new AgentContext(new ModelGateway(model, new InMemoryCallCache(), new UsageLedger(), 4),
                PromptLibrary.packaged(), 42, 2, 512);
    }
}
