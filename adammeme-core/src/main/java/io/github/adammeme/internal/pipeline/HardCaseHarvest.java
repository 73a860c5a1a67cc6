package io.github.adammeme.internal.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.data.HardCase;
import io.github.adammeme.internal.data.HardCaseBank;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.util.Digests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The refined samples a target failed on (refusals too, when they count as failures), as hard cases
 * for a bank: exactly what the target was shown, the reference it was scored against, and where
 * each came from.
 *
 * @param cases    one per failed refinement, in chain order
 * @param pictures the picture each case showed, by case id
 */
@API(status = INTERNAL, since = "0.1.0")
public record HardCaseHarvest(List<HardCase> cases, Map<String, Path> pictures) {

    /**
     * The cases a run's refined samples give: each failed refinement with a reference, its picture hashed.
     *
     * @param e the evaluation
     * @param config its configuration (whether refusals count as failures, how refined text was shown)
     * @param startedAt when the run started, recorded in each case's provenance
     * @return the cases and their pictures
     */
    public static HardCaseHarvest of(Evaluation e, EvaluationConfig config, String startedAt) {
        List<HardCase> cases = new ArrayList<>();
        Map<String, Path> pictures = new LinkedHashMap<>();
        for (ScoredSample s : e.refinedSamples()) {
            if (!s.outcome().failure(config.method().refusalCountsAsFailure()) || s.reference() == null) {
                continue;
            }
            Path picture = s.picture(config.outputs().directory());
            String digest;
            try {
                digest = Digests.sha256Hex(Files.readAllBytes(picture));
            } catch (IOException ex) {
                throw new UncheckedIOException("cannot read the picture " + picture + " shown for " + s.id(), ex);
            }
            String id = HardCaseBank.idOf(s.category(), s.text(), digest);
            cases.add(new HardCase(
                    id,
                    s.category(),
                    s.probedMisbelief(),
                    s.text(),
                    s.originalText(),
                    config.method().refinedText().textInPrompt() ? s.text() : Probes.TEXT_ON_IMAGE,
                    picture.getFileName().toString(),
                    digest,
                    s.reference(),
                    new HardCase.Provenance(
                            e.run().target(),
                            startedAt,
                            s.id(),
                            s.madeBy().seedId(),
                            s.madeBy().step(),
                            s.score(), // none for a refused rewrite, which a bank keeps as a failure too
                            e.run().dataset())));
            pictures.put(id, picture);
        }
        return new HardCaseHarvest(cases, pictures);
    }
}
