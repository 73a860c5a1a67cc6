package io.github.adammeme.internal.pipeline;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.AgentContext;
import io.github.adammeme.internal.agent.Examiner;
import io.github.adammeme.internal.agent.Judge;
import io.github.adammeme.internal.agent.Miner;
import io.github.adammeme.internal.agent.Narrator;
import io.github.adammeme.internal.agent.Refiner;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.data.DatasetException;
import io.github.adammeme.internal.data.Datasets;
import io.github.adammeme.internal.data.HardCaseBank;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.data.image.MemeImages;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.llm.ModelConnector;
import io.github.adammeme.internal.llm.ModelGateway;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.resilience.RunStop;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Chain;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.pipeline.result.MinedSample;
import io.github.adammeme.internal.pipeline.result.ScoredSample;
import io.github.adammeme.internal.pipeline.result.Tally;
import io.github.adammeme.internal.pipeline.run.Gateways;
import io.github.adammeme.internal.pipeline.run.RunInfo;
import io.github.adammeme.internal.pipeline.run.Shard;
import io.github.adammeme.internal.pipeline.run.ShardListener;
import io.github.adammeme.internal.pipeline.run.Stages;
import io.github.adammeme.internal.summary.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;

/**
 * The programmatic entry point: a configuration and a dataset in, a whole {@link Evaluation} out.
 * One instance keeps one call cache, so evaluating several targets with it pays for the
 * target-independent work (mining, misbeliefs, reference answers) once.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class AdamMeme {

    /** The stages usage is accounted to. */
    public static final String MINING = "mining";
    /** The stage of the calls that score original samples: reference answers, the target and the Scorer. */
    public static final String SCORING = "scoring";
    /** The stage of the Refiner's calls and of the scoring of its rewrites. */
    public static final String REFINEMENT = "refinement";

    private final Gateways gateways;
    private final EndpointResolver endpoints;

    /**
     * @param cache the call cache every evaluation of this instance shares; the caller closes it
     * @param endpoints makes the configured endpoints reachable (the engine's and the command line's
     *                  serve {@code sim:} models from the built-in simulator)
     */
    public AdamMeme(CallCache cache, EndpointResolver endpoints) {
        this(cache, endpoints, new RunStop());
    }

    /**
     * @param cache the call cache every evaluation of this instance shares; the caller closes it
     * @param endpoints makes the configured endpoints reachable
     * @param cancel once stopped, no run of this instance makes another call: calls under way finish and
     *               their answers are stored, calls waiting to retry give up, and the run ends with the reason
     */
    public AdamMeme(CallCache cache, EndpointResolver endpoints, RunStop cancel) {
        this(cache, endpoints, cancel, ModelConnector.HTTP);
    }

    /**
     * As {@link #AdamMeme(CallCache, EndpointResolver, RunStop)}, its models reached through {@code connector}
     * rather than over HTTP.
     *
     * @param cache the call cache every evaluation of this instance shares; the caller closes it
     * @param endpoints makes the configured endpoints reachable
     * @param cancel once stopped, no run of this instance makes another call
     * @param connector reaches the model behind each endpoint (batch mode's calls go over HTTP all the same)
     */
    public AdamMeme(CallCache cache, EndpointResolver endpoints, RunStop cancel, ModelConnector connector) {
        this.gateways = new Gateways(cache, cancel, connector);
        this.endpoints = endpoints;
    }

    /**
     * Loads the configured datasets and evaluates them with the configured cache, telling the listener as it
     * goes.
     *
     * @param config the run's configuration
     * @param endpoints makes the configured endpoints reachable
     * @param listener hears each stage's progress
     * @return the whole result
     */
    public static Evaluation evaluate(EvaluationConfig config, EndpointResolver endpoints, PipelineListener listener) {
        return evaluate(config, endpoints, listener, new RunStop());
    }

    /**
     * As {@link #evaluate(EvaluationConfig, EndpointResolver, PipelineListener)}, for a caller that may give up
     * on the run before it ends.
     *
     * @param config the run's configuration
     * @param endpoints makes the configured endpoints reachable
     * @param listener hears each stage's progress
     * @param cancel stopped by the caller, it ends the run's calls (those under way finish and are stored)
     * @return the whole result
     */
    public static Evaluation evaluate(
            EvaluationConfig config, EndpointResolver endpoints, PipelineListener listener, RunStop cancel) {
        try (CallCache cache = config.outputs().openCache()) {
            return new AdamMeme(cache, endpoints, cancel).run(config, listener);
        }
    }

    /**
     * As {@link #evaluate(EvaluationConfig, EndpointResolver, PipelineListener, RunStop)}, on memes the caller has read
     * with {@link #memesToMine(EvaluationConfig)}, or on the configured banks when there are none to mine.
     *
     * @param config the run's configuration
     * @param memes the configured datasets' memes, or empty to replay the configured banks
     * @param endpoints makes the configured endpoints reachable
     * @param listener hears each stage's progress
     * @param cancel stopped by the caller, it ends the run's calls (those under way finish and are stored)
     * @return the whole result
     */
    public static Evaluation evaluate(
            EvaluationConfig config,
            Optional<List<Meme>> memes,
            EndpointResolver endpoints,
            PipelineListener listener,
            RunStop cancel) {
        if (memes.isEmpty() && !Datasets.allBanks(config.datasets())) {
            throw new IllegalArgumentException("no memes given for datasets to mine: " + config.datasetDescription());
        }
        try (CallCache cache = config.outputs().openCache()) {
            return new AdamMeme(cache, endpoints, cancel).run(config, memes, listener);
        }
    }

    /**
     * Evaluates the configured datasets; hard-case banks are replayed as scoring tests instead of mined.
     *
     * @param config the run's configuration
     * @param listener hears each stage's progress
     * @return the whole result
     * @throws DatasetException when a bank is mixed with datasets to mine, or a dataset cannot be read
     */
    public Evaluation run(EvaluationConfig config, PipelineListener listener) {
        return run(config, memesToMine(config), listener);
    }

    /** The memes mined, or for none the configured banks replayed. */
    private Evaluation run(EvaluationConfig config, Optional<List<Meme>> memes, PipelineListener listener) {
        return memes.isPresent()
                ? run(config, memes.get(), listener)
                : new BankReplay(gateways, endpoints).replay(config, listener);
    }

    /**
     * The configured datasets' memes, every line checked; or none when the datasets are hard-case banks, whose cases are
     * replayed as scoring tests rather than mined. Memes are read from their files as they are asked for, so a caller
     * that has checked the datasets already (the engine, at discovery) hands these to
     * {@link #run(EvaluationConfig, List, PipelineListener)} rather than have a large dataset checked twice.
     *
     * @param config the run's configuration
     * @return the memes to mine, or empty for banks to replay
     * @throws DatasetException when a bank is mixed with datasets to mine, or a dataset cannot be read
     */
    public static Optional<List<Meme>> memesToMine(EvaluationConfig config) {
        if (Datasets.allBanks(config.datasets())) {
            return Optional.empty();
        }
        if (config.datasets().stream().anyMatch(HardCaseBank::isBank)) {
            throw new DatasetException("a hard-case bank is replayed on its own, not mixed with datasets to mine: "
                    + config.datasetDescription());
        }
        return Optional.of(Datasets.load(config.datasets(), config.datasetFormat(), config.datasetLimits()));
    }

    /**
     * Evaluates these memes: mining, scoring and refinement, or the part of them that the configured stages
     * and shard ask for.
     *
     * @param config the run's configuration
     * @param memes the memes to mine
     * @param whole hears each stage's progress (only this shard's pairs and chains, when the run is sharded)
     * @return the whole result
     */
    public Evaluation run(EvaluationConfig config, List<Meme> memes, PipelineListener whole) {
        Shard shard = config.method().shard();
        PipelineListener listener = shard.whole() ? whole : new ShardListener(whole, shard);
        PromptLibrary prompts = config.promptLibrary();
        Endpoint target = endpoints.resolve(config.models().target());
        Endpoint controller = endpoints.resolve(config.models().controller());
        UsageLedger ledger = new UsageLedger(config.limits().prices());
        // Before the run is heard of: a run that cannot reach its endpoints never began.
        Gateways.RunGateways run = gateways.forRun(target, controller, ledger, config, prompts);
        listener.started(memes.size(), ledger);
        ExecutorService preparers = preparers();
        try (run) {
            ModelGateway targetGateway = run.target();
            ModelGateway controllerGateway = run.controller();
            ModelGateway secondJudgeGateway = run.secondJudge();
            AgentContext agents = Gateways.agents(config, controllerGateway, prompts);
            MemeImages images = new MemeImages(config.images().limits());

            if (config.method().stages() == Stages.SCORING) {
                String why = Constants.STAGES + "=scoring pays for no mining";
                String remedy = "run " + Constants.STAGES + "=mining on this cache first";
                targetGateway.answerOnlyFromCache(MINING, why, remedy);
                controllerGateway.answerOnlyFromCache(MINING, why, remedy);
            }
            AgentContext miningAgents = agents.inStage(MINING);
            MiningResult mining = new MiningStage(
                            new Miner(miningAgents),
                            new Examiner(miningAgents),
                            new Judge(miningAgents),
                            new Narrator(miningAgents),
                            images,
                            config.method().miningBatchSize(),
                            config.method().miningLookahead(),
                            config.method().newCategoryVote(),
                            listener,
                            preparers)
                    .run(memes, prompts.initialTaxonomy());
            run.throwIfStopped();
            listener.miningFinished(memes.size(), mining.samples().size());

            List<String> categories = mining.taxonomy().names();
            // Every shard's draw; only the memes of drawn pairs are shown again: neither the dataset nor every pair is
            // held.
            List<MinedSample> drawn = Sampler.pairs(mining.samples(), categories, config.method());
            Map<String, Meme> byId = new LinkedHashMap<>();
            drawn.forEach(s -> byId.put(s.meme().id(), s.meme()));
            Probes probes = new Probes(
                    byId,
                    images,
                    config.images().textErasure().create(images),
                    config.method().refinedText(),
                    config.outputs().directory());
            ScoringStage scoring = ScoringStage.of(agents.inStage(SCORING), targetGateway, secondJudgeGateway, config);
            if (config.method().stages() == Stages.MINING) {
                // Every shard's pairs: the shards that score will find each reference in the cache.
                listener.samplesSelected(categories, List.of());
                new OriginalScoring(probes, scoring, preparers, config).prepareReferences(drawn);
                run.throwIfStopped();
                Evaluation evaluation = new Evaluation(
                        RunInfo.of(
                                config,
                                target,
                                controller,
                                prompts,
                                controllerGateway,
                                run.targetAnswers(config, ledger)),
                        mining.taxonomy().categories(),
                        mining.admissions(),
                        mining.memes(),
                        mining.samples(),
                        List.of(),
                        List.of(),
                        Tally.metrics(
                                categories,
                                List.of(),
                                List.of(),
                                config.method().threshold(),
                                config.method().refusalCountsAsFailure()),
                        run.finish(ledger, config));
                listener.finished(evaluation);
                return evaluation;
            }
            List<MinedSample> selected = drawn.stream()
                    .filter(s -> shard.computes(s.category(), categories))
                    .toList();
            listener.samplesSelected(categories, selected);
            RefinementStage refinement = new RefinementStage(
                    new Refiner(agents.inStage(REFINEMENT)),
                    ScoringStage.of(agents.inStage(REFINEMENT), targetGateway, secondJudgeGateway, config),
                    probes,
                    config.method().seeds(),
                    config.method().iterations(),
                    config.method().randomSeed(),
                    listener,
                    config.method().refinementOrder(),
                    config.details().retrieval(),
                    config.details().refinerPicture());

            // A category's refinement needs only that category's originals, so it starts as soon as
            // they are scored, while other categories are still being scored or refined.
            List<CompletableFuture<ScoredSample>> originals =
                    new OriginalScoring(probes, scoring, preparers, config).scoreAll(selected, listener);
            Map<String, List<CompletableFuture<ScoredSample>>> byCategory = new LinkedHashMap<>();
            for (int i = 0; i < selected.size(); i++) {
                byCategory
                        .computeIfAbsent(selected.get(i).category(), c -> new ArrayList<>())
                        .add(originals.get(i));
            }
            List<CompletableFuture<List<Chain>>> chainsByCategory = new ArrayList<>();
            byCategory.forEach((category, futures) -> chainsByCategory.add(CompletableFuture.allOf(
                            futures.toArray(CompletableFuture[]::new))
                    .thenCompose(ignored -> refinement.run(
                            category,
                            futures.stream().map(CompletableFuture::join).toList()))));
            List<ScoredSample> scored = originals.stream()
                    .map(CompletableFuture::join)
                    .filter(s -> shard.reports(s.category(), s.id(), categories))
                    .toList();
            List<Chain> chains = chainsByCategory.stream()
                    .flatMap(f -> f.join().stream())
                    .filter(c -> shard.reports(c.category(), c.seedId(), categories))
                    .toList();
            List<ScoredSample> refined =
                    chains.stream().flatMap(c -> c.steps().stream()).toList();

            run.throwIfStopped();
            Metrics metrics = Tally.metrics(
                    categories,
                    scored,
                    refined,
                    config.method().threshold(),
                    config.method().refusalCountsAsFailure());
            Evaluation evaluation = new Evaluation(
                    RunInfo.of(
                            config, target, controller, prompts, controllerGateway, run.targetAnswers(config, ledger)),
                    mining.taxonomy().categories(),
                    mining.admissions(),
                    mining.memes(),
                    mining.samples(),
                    scored,
                    chains,
                    metrics,
                    run.finish(ledger, config));
            listener.finished(evaluation);
            return evaluation;
        } catch (RuntimeException e) {
            throw run.failure(e);
        } finally {
            preparers.shutdownNow();
        }
    }

    /** Reads and prepares pictures off the pipeline's thread, so calls are not held up by image decoding. */
    private static ExecutorService preparers() {
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors(), r -> {
            Thread t = new Thread(r, "adammeme-images-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }
}
