package io.github.adammeme.internal.pipeline.progress;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.Target;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.data.Datasets;
import io.github.adammeme.internal.data.Meme;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ImageDetail;
import io.github.adammeme.internal.llm.cache.CacheHoldings;
import io.github.adammeme.internal.llm.cost.Prices;
import io.github.adammeme.internal.llm.cost.Usage;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.run.Shard;
import io.github.adammeme.internal.pipeline.run.Stages;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Works out a {@link RunPlan} from the dataset's size and the settings, making no call. The counts follow the
 * pipeline: per meme one Miners' request (three when replicas are asked one by one), an Examiner and a Judge per
 * new category proposed, a Narrator per mined pair; per scored pair the Candidates, the Senior, the target and the
 * Scorer (and the judge re-check's share again); per refinement step the Refiner, then the rewrite scored as a pair
 * is. What is not known before the run is assumed, and each line says what: the share of memes whose Miners propose
 * a new category, that every meme is mined into a pair (a harmful-meme dataset's memes mostly are), and how many
 * steps a chain takes before its score stops dropping. A meme's text is as long as the first thousand memes' are.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Planner {

    /** Share of memes whose Miners propose a category not yet in the taxonomy (the simulator's runs: about a tenth). */
    static final double PROPOSAL_SHARE = 0.1;
    /** Steps a chain is expected to take: it stops at the first rewrite whose score does not drop (simulator: 2.1 to 2.5). */
    static final int STEPS_PER_CHAIN = 2;
    /** Share of the target's answers the refusal screen passes to the refusal check (0 to all; a tenth assumed). */
    static final double REFUSAL_SHARE = 0.1;
    /** Memes whose text the plan averages, the first of the dataset: all of them, in datasets up to this size. */
    static final int TEXT_SAMPLE = 1000;
    /** Miners and Candidates: replicas differing only by seed. */
    static final int REPLICAS = 3;
    /** What one picture costs at low detail, in OpenAI's accounting. */
    static final int LOW_DETAIL_TOKENS = 85;
    /** What a picture of the default 768-pixel side costs at high detail: 85 and 170 per 512-pixel tile, four tiles. */
    static final int HIGH_DETAIL_TOKENS = 765;
    /** An answer's most without {@code adammeme.max-tokens}: the 4,096 of GPT-4o-2024-05-13, the paper's controller. */
    static final long UNCAPPED_ANSWER_TOKENS = 4096;

    /**
     * A role's text: the template's own tokens, what else it is shown (answers of earlier roles), whether it sees
     * the picture, and the tokens one answer (one choice) is expected to have. Measured on the packaged prompts.
     */
    private record Role(String name, int templateTokens, int contextTokens, boolean picture, int answerTokens) {}

    private static final Role MINER = new Role("Miner", 520, 0, true, 40);
    private static final Role EXAMINER = new Role("Examiner", 300, 0, true, 40);
    private static final Role JUDGE = new Role("Judge", 420, 0, false, 40);
    private static final Role NARRATOR = new Role("Narrator", 300, 0, true, 60);
    private static final Role CANDIDATE = new Role("Candidate", 200, 0, true, 150);
    private static final Role SENIOR = new Role("Senior", 380, REPLICAS * 150, true, 150);
    private static final Role TARGET = new Role(Target.ROLE, 90, 0, true, 150);
    private static final Role SCORER = new Role("Scorer", 450, 300, true, 40);
    private static final Role REFUSAL = new Role("RefusalCheck", 350, 150, false, 5);
    private static final Role REFINER = new Role("Refiner", 600, 3 * 150, true, 120);

    private final EvaluationConfig config;
    private final Map<String, Long> cached;
    private final int categoriesToStart;

    /**
     * @param config            the run's settings
     * @param cached            answers the call cache holds, by {@code role + " " + model}
     * @param categoriesToStart the starting taxonomy's size
     */
    public Planner(EvaluationConfig config, Map<String, Long> cached, int categoriesToStart) {
        this.config = config;
        this.cached = Map.copyOf(cached);
        this.categoriesToStart = categoriesToStart;
    }

    /**
     * The plan of a run with these settings: the datasets are read (not their pictures), the call cache is
     * looked into without being written, and no endpoint is called.
     *
     * @param config the run's settings
     * @return the plan
     */
    public static RunPlan of(EvaluationConfig config) {
        return of(config, Datasets.load(config.datasets(), config.datasetFormat(), config.datasetLimits()));
    }

    /**
     * The plan of a run with these settings on memes already read, as {@link AdamMeme#memesToMine} returns them.
     *
     * @param config the run's settings
     * @param memes the memes the run would mine
     * @return the plan
     */
    public static RunPlan of(EvaluationConfig config, List<Meme> memes) {
        int categories =
                PromptLibrary.load(config.prompts()).initialTaxonomy().names().size();
        return new Planner(config, CacheHoldings.of(config.outputs().cache()), categories).plan(memes);
    }

    /**
     * The plan a progress line estimates the whole run's time with: none for a hard-case bank's replay, which mines
     * nothing, nor when the plan cannot be made; the line then estimates the current stage alone.
     *
     * @param config the run's settings
     * @param memes the memes the run mines, as {@link AdamMeme#memesToMine(EvaluationConfig)} read them, or empty for a
     *              bank's replay
     * @return the plan, or null
     */
    public static @Nullable RunPlan forProgress(EvaluationConfig config, Optional<List<Meme>> memes) {
        if (memes.isEmpty()) {
            return null;
        }
        try {
            return of(config, memes.get());
        } catch (RuntimeException notPlanned) {
            // The run itself names a dataset it cannot read; a progress line only loses its estimate.
            return null;
        }
    }

    /**
     * @param memes the memes the run would mine
     * @return the plan
     */
    public RunPlan plan(List<Meme> memes) {
        EvaluationConfig.Method method = config.method();
        int m = memes.size();
        // A meme's text, from the first memes: averaging a million of them would read the dataset through once more.
        int sampled = Math.min(m, TEXT_SAMPLE);
        long textTokens = sampled == 0
                ? 0
                : memes.subList(0, sampled).stream()
                                .mapToLong(x -> x.text().length())
                                .sum()
                        / 4
                        / sampled;
        int reasks = method.reasks();
        int rep = config.models().replicasInOneRequest() ? 1 : REPLICAS;
        int choices = REPLICAS / rep;
        String controller = config.models().controller().model();
        String target = config.models().target().model();
        List<RunPlan.Line> lines = new ArrayList<>();
        Tokens tokens = new Tokens(textTokens);

        long proposals = Math.round(Math.ceil(m * PROPOSAL_SHARE));
        int categories = categoriesToStart;
        int categoriesMax = categoriesToStart + m;
        boolean mining = method.stages() != Stages.SCORING;
        String fromCache = Constants.STAGES + "=scoring: answered from the cache only, none paid";
        lines.add(line(
                AdamMeme.MINING,
                MINER,
                controller,
                mining ? (long) m * rep : 0,
                mining ? (long) m * rep * (1 + reasks) : 0,
                mining
                        ? "one request per meme" + (rep == 1 ? " (3 replicas as choices)" : " per replica (3)")
                        : fromCache,
                choices,
                tokens));
        lines.add(line(
                AdamMeme.MINING,
                EXAMINER,
                controller,
                mining ? proposals : 0,
                mining ? (long) m * REPLICAS * (1 + reasks) : 0,
                mining
                        ? "one per new category proposed: about a tenth of the memes, at most one per Miner and meme"
                        : fromCache,
                1,
                tokens));
        lines.add(line(
                AdamMeme.MINING,
                JUDGE,
                controller,
                mining ? proposals : 0,
                mining ? (long) m * REPLICAS * (1 + reasks) : 0,
                mining ? "one per proposal the Examiner passes (all assumed)" : fromCache,
                1,
                tokens));
        lines.add(line(
                AdamMeme.MINING,
                NARRATOR,
                controller,
                mining ? m : 0,
                mining ? (long) m * (1 + reasks) : 0,
                mining ? "one per mined pair: every meme assumed harmful" : fromCache,
                1,
                tokens));

        Shard shard = method.shard();
        long pairs = Math.min(m, (long) method.samplesPerCategory() * categories);
        long pairsMax = Math.min(m, (long) method.samplesPerCategory() * categoriesMax);
        long share = method.stages() == Stages.MINING ? pairs : shardShare(pairs, shard);
        long shareMax = method.stages() == Stages.MINING ? pairsMax : shardShare(pairsMax, shard);
        String pairWhy = "one per scored pair: min(memes, " + Constants.SAMPLES_PER_CATEGORY + " x categories)"
                + (shard.whole() || method.stages() == Stages.MINING ? "" : ", this shard's part");
        lines.add(line(
                AdamMeme.SCORING,
                CANDIDATE,
                controller,
                share * rep,
                shareMax * rep * (1 + reasks),
                pairWhy + (rep == 1 ? ", 3 replicas as choices" : ", 3 replicas"),
                choices,
                tokens));
        lines.add(line(AdamMeme.SCORING, SENIOR, controller, share, shareMax * (1 + reasks), pairWhy, 1, tokens));
        if (method.stages() == Stages.MINING) {
            return finish(m, categories, categoriesMax, pairs, lines);
        }
        String judgeModel = config.models().judgeSecondModel() == null
                ? controller
                : config.models().judgeSecondModel();
        lines.add(line(AdamMeme.SCORING, TARGET, target, share, shareMax * (1 + reasks), pairWhy, 1, tokens));
        String refusalWhy = "one per target answer the refusal screen flags: a tenth assumed, at most every answer";
        lines.add(line(
                AdamMeme.SCORING,
                REFUSAL,
                controller,
                Math.round(Math.ceil(share * REFUSAL_SHARE)),
                shareMax * (1 + reasks),
                refusalWhy,
                1,
                tokens));
        lines.add(line(AdamMeme.SCORING, SCORER, controller, share, shareMax * (1 + reasks), pairWhy, 1, tokens));
        long recheck = Math.round(share * method.judgeRecheck());
        if (recheck > 0) {
            lines.add(line(
                    AdamMeme.SCORING,
                    SCORER,
                    judgeModel,
                    recheck,
                    Math.round(Math.ceil(shareMax * method.judgeRecheck())) * (1 + reasks),
                    Constants.JUDGE_RECHECK + "=" + method.judgeRecheck() + " of the scored pairs, judged again",
                    1,
                    tokens));
        }

        long chains = Math.min(share, shardShare((long) method.seeds() * categories, shard));
        long chainsMax = Math.min(shareMax, shardShare((long) method.seeds() * categoriesMax, shard));
        long steps = chains * Math.min(method.iterations(), STEPS_PER_CHAIN);
        long stepsMax = Math.min(chainsMax * method.iterations(), shareMax * method.iterations());
        String stepWhy = String.format(
                Locale.ROOT,
                "one per step: %s seeds x categories, about %d of %s=%d steps each"
                        + " (a chain stops when its score stops dropping)",
                Constants.SEEDS + "=" + method.seeds(),
                Math.min(method.iterations(), STEPS_PER_CHAIN),
                Constants.ITERATIONS,
                method.iterations());
        lines.add(line(AdamMeme.REFINEMENT, REFINER, controller, steps, stepsMax * (1 + reasks), stepWhy, 1, tokens));
        lines.add(line(
                AdamMeme.REFINEMENT,
                CANDIDATE,
                controller,
                steps * rep,
                stepsMax * rep * (1 + reasks),
                "the rewrite's reference: " + stepWhy,
                choices,
                tokens));
        lines.add(line(
                AdamMeme.REFINEMENT,
                SENIOR,
                controller,
                steps,
                stepsMax * (1 + reasks),
                "the rewrite's reference",
                1,
                tokens));
        lines.add(line(
                AdamMeme.REFINEMENT,
                TARGET,
                target,
                steps,
                stepsMax * (1 + reasks),
                "the rewrite, shown to the target",
                1,
                tokens));
        lines.add(line(
                AdamMeme.REFINEMENT,
                REFUSAL,
                controller,
                Math.round(Math.ceil(steps * REFUSAL_SHARE)),
                stepsMax * (1 + reasks),
                refusalWhy,
                1,
                tokens));
        lines.add(line(
                AdamMeme.REFINEMENT,
                SCORER,
                controller,
                steps,
                stepsMax * (1 + reasks),
                "the rewrite's score",
                1,
                tokens));
        long stepRecheck = Math.round(steps * method.judgeRecheck());
        if (stepRecheck > 0) {
            lines.add(line(
                    AdamMeme.REFINEMENT,
                    SCORER,
                    judgeModel,
                    stepRecheck,
                    Math.round(Math.ceil(stepsMax * method.judgeRecheck())) * (1 + reasks),
                    Constants.JUDGE_RECHECK + " of the rewrites, judged again",
                    1,
                    tokens));
        }
        return finish(m, categories, categoriesMax, pairs, lines);
    }

    private RunPlan finish(int memes, int categories, int categoriesMax, long pairs, List<RunPlan.Line> lines) {
        List<String> warnings = new ArrayList<>();
        for (String model : RunPlan.unpriced(lines)) {
            warnings.add(missingPrice(model));
        }
        return new RunPlan(memes, categoriesToStart, categories, categoriesMax, pairs, lines, warnings);
    }

    /**
     * @param model a model without a price
     * @return the warning that names the key to set
     */
    public static String missingPrice(String model) {
        return "no price for " + model + ": its calls count $0; set " + Constants.PRICE_PREFIX + model
                + "=<input>,<output>[,<cached input>] (USD per million tokens)";
    }

    private static long shardShare(long count, Shard shard) {
        return shard.whole() ? count : (count + shard.count() - 1) / shard.count();
    }

    private RunPlan.Line line(
            String stage, Role role, String model, long expected, long max, String why, int choices, Tokens tokens) {
        Prices prices = config.limits().prices();
        boolean simulated = model.startsWith(Endpoint.SIMULATED_PREFIX);
        boolean priced = simulated || prices.perMillion().containsKey(model);
        long in = expected * tokens.input(role, config);
        long out = expected * (long) choices * role.answerTokens();
        long maxOut = max * (long) choices * answerCap(config);
        long maxIn = max * tokens.input(role, config);
        boolean batched = config.models().batch().batches(role.name());
        double cost = prices.cost(model, usage(in, out, batched));
        double maxCost = prices.cost(model, usage(maxIn, maxOut, batched));
        // The cache keeps one row per choice, and answers of other data too: a run finds at most what it asks. The
        // target's answers of earlier runs serve no new run, unless the runs declare the same revision.
        boolean reusable = !role.name().equals(Target.ROLE) || config.models().targetRevision() != null;
        long held = reusable ? Math.min(expected, cached.getOrDefault(role.name() + " " + model, 0L)) : 0;
        return new RunPlan.Line(
                stage, role.name(), model, expected, max, why, held, in, out, maxOut, cost, maxCost, priced);
    }

    /**
     * The most tokens one answer may have: the configured cap, or with none the 4,096 of GPT-4o-2024-05-13, the
     * paper's controller, whose own limit then holds.
     */
    private static long answerCap(EvaluationConfig config) {
        Integer cap = config.models().maxTokens();
        return cap != null ? cap : UNCAPPED_ANSWER_TOKENS;
    }

    private static Usage usage(long in, long out, boolean batched) {
        Usage usage = new Usage(in, out);
        return batched ? usage.asBatched() : usage;
    }

    /** Input tokens of one request of a role: its template, the meme's text, what it is shown, its picture. */
    private record Tokens(long memeText) {
        long input(Role role, EvaluationConfig config) {
            long picture = 0;
            if (role.picture()) {
                ImageDetail detail = config.images().roles().detail(role.name());
                picture = detail == ImageDetail.LOW ? LOW_DETAIL_TOKENS : HIGH_DETAIL_TOKENS;
            }
            return role.templateTokens() + role.contextTokens() + memeText + picture;
        }
    }
}
