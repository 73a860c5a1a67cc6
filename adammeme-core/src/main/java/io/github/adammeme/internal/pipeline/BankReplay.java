package io.github.adammeme.internal.pipeline;

import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.Category;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.data.HardCase;
import io.github.adammeme.internal.data.HardCaseBank;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.ImageException;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.llm.ContentPart;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.pipeline.run.Gateways;
import io.github.adammeme.internal.pipeline.run.RunInfo;
import io.github.adammeme.internal.summary.Metrics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A run over hard-case banks: every stored case scored again, on the gateways of the run that replays them. */
final class BankReplay {

    private final Gateways gateways;
    private final EndpointResolver endpoints;

    BankReplay(Gateways gateways, EndpointResolver endpoints) {
        this.gateways = gateways;
        this.endpoints = endpoints;
    }

    /**
     * Replays hard-case banks as plain scoring: each case is put to the target as it was before and
     * scored against its stored reference. No mining, no reference Candidates, no refinement.
     */
    Evaluation replay(EvaluationConfig config, PipelineListener listener) {
        PromptLibrary prompts = config.promptLibrary();
        Endpoint target = endpoints.resolve(config.models().target());
        Endpoint controller = endpoints.resolve(config.models().controller());
        List<Meme> memes = new ArrayList<>();
        List<HardCase> cases = new ArrayList<>();
        for (Path bank : config.datasets()) {
            for (HardCase c : HardCaseBank.read(bank, config.datasetLimits())) {
                cases.add(c);
                memes.add(HardCaseBank.meme(bank, c, config.datasetLimits()));
            }
        }
        UsageLedger ledger = new UsageLedger(config.limits().prices());
        Gateways.RunGateways run = gateways.forRun(target, controller, ledger, config, prompts);
        listener.started(memes.size(), ledger);
        try (run) {
            ModelGateway targetGateway = run.target();
            ModelGateway controllerGateway = run.controller();
            ModelGateway secondJudgeGateway = run.secondJudge();
            AgentContext agents = Gateways.agents(config, controllerGateway, prompts);
            MemeImages images = new MemeImages(config.images().limits());
            List<String> categories =
                    cases.stream().map(HardCase::category).distinct().toList();
            List<MinedSample> pairs = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                pairs.add(new MinedSample(
                        MinedSample.idOf(memes.get(i), cases.get(i).category()),
                        memes.get(i),
                        cases.get(i).category(),
                        cases.get(i).misbelief(),
                        null));
            }
            listener.samplesSelected(categories, pairs);
            ScoringStage scoring =
                    ScoringStage.of(agents.inStage(AdamMeme.SCORING), targetGateway, secondJudgeGateway, config);
            List<CompletableFuture<ScoredSample>> futures = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                HardCase c = cases.get(i);
                MinedSample pair = pairs.get(i);
                ContentPart.Image picture;
                try {
                    picture = images.load(pair.meme().image());
                } catch (ImageException e) {
                    ScoredSample error = ScoredSample.unreadableCase(pair, c, e.getMessage());
                    listener.sampleScored(error);
                    futures.add(CompletableFuture.completedFuture(error));
                    continue;
                }
                ScoringStage.Probe probe = new ScoringStage.Probe(
                        pair.id(),
                        pair.meme().id(),
                        c.category(),
                        c.misbelief(),
                        c.text(),
                        c.originalText(),
                        pair.meme().image().toString(),
                        null,
                        c.promptText(),
                        picture,
                        null);
                futures.add(scoring.score(probe, c.reference()).thenApply(s -> {
                    listener.sampleScored(s);
                    return s;
                }));
            }
            List<ScoredSample> scored =
                    futures.stream().map(CompletableFuture::join).toList();
            run.throwIfStopped();
            Metrics metrics = Tally.metrics(
                    categories,
                    scored,
                    List.of(),
                    config.method().threshold(),
                    config.method().refusalCountsAsFailure());
            List<Category> taxonomy = categories.stream()
                    .map(c -> new Category(c, "replayed from a hard-case bank", null))
                    .toList();
            Evaluation evaluation = new Evaluation(
                    RunInfo.of(
                            config, target, controller, prompts, controllerGateway, run.targetAnswers(config, ledger)),
                    taxonomy,
                    List.of(),
                    List.of(),
                    pairs,
                    scored,
                    List.of(),
                    metrics,
                    run.finish(ledger, config));
            listener.finished(evaluation);
            return evaluation;
        } catch (RuntimeException e) {
            throw run.failure(e);
        }
    }
}
