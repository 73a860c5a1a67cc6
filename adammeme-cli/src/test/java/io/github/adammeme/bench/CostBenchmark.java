package io.github.adammeme.bench;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.llm.Endpoint;
import io.github.adammeme.internal.llm.ModelConnector;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.report.CostTable;
import io.github.adammeme.internal.sim.BuiltInSimulator;
import io.github.adammeme.internal.sim.SimulatedModelServer;
import io.github.adammeme.internal.summary.FrTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a run costs, in tokens and dollars, on the simulator's token model (OpenAI's image tiles, four
 * characters a token, a prompt cache for repeated prefixes). Three runs over the same memes:
 * <ol>
 *   <li>the first target as configured: each role at its own detail, prompts laid out for the cache;</li>
 *   <li>a second target on the first's warm call cache, paying only for what depends on the target;</li>
 *   <li>the first target with every role at full detail and no cached prefixes: what the same work
 *       costs without either saving.</li>
 * </ol>
 * It prints prompt, cached and completion tokens and the cost by role for each run, the ratios the
 * targets are set on, and the paper's 30 US dollars per target scaled to the run's size.
 *
 * A fourth run makes the first target's calls through the Batch API, priced at its discount.
 *
 * <p>Run it with {@code bench/cost}; options are {@code --name value}: {@code memes}, {@code harmeme},
 * {@code work}, {@code target}, {@code second-target}, {@code controller-price}, {@code target-price} (USD
 * per million input, output, cached input tokens) and any {@code --adammeme.*} key.
 */
public final class CostBenchmark {

    /** The paper's controller, GPT-4o, at OpenAI's published price (input, output, cached input per million). */
    static final String GPT_4O = "2.50,10.00,1.25";

    static final double MAX_SHARE_OF_FULL_DETAIL = 0.40;
    static final double MAX_SECOND_TARGET_SHARE = 0.15;
    /** The paper: about 30 US dollars per target model, for mining 5,000 memes and scoring and refining its samples. */
    static final double PAPER_USD = 30;

    static final int PAPER_MEMES = 5000;
    static final int PAPER_SAMPLES = 1900;

    private CostBenchmark() {}

    /** One costed run. */
    record Run(String name, Evaluation evaluation) {

        double cost() {
            return evaluation.usage().stream()
                    .mapToDouble(UsageLedger.Line::costUsd)
                    .sum();
        }
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> options = new LinkedHashMap<>(Map.of(
                "memes",
                "1000",
                "harmeme",
                "../shared/data/harmeme-val/annotations/val.jsonl",
                "work",
                "",
                "controller-price",
                GPT_4O,
                "target-price",
                GPT_4O,
                "target",
                EvaluationConfig.DEFAULT_TARGET,
                "second-target",
                "sim:oracle"));
        Map<String, String> extra = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            String name = args[i].replaceFirst("^--", "");
            if (name.startsWith("adammeme.")) {
                extra.put(name, args[i + 1]);
            } else if (options.containsKey(name)) {
                options.put(name, args[i + 1]);
            } else {
                throw new IllegalArgumentException(
                        "unknown option --" + name + "; known: " + options.keySet() + " and any --adammeme.* key");
            }
        }
        Path work = options.get("work").isEmpty()
                ? Files.createTempDirectory("adammeme-cost")
                : Files.createDirectories(Path.of(options.get("work")));
        int memes = Integer.parseInt(options.get("memes"));
        List<Path> datasets = PipelineBenchmark.datasets(
                new PipelineBenchmark.Options(
                        memes,
                        options.get("harmeme").equals("none") ? "" : options.get("harmeme"),
                        0,
                        0,
                        32,
                        false,
                        false,
                        0,
                        work,
                        List.of(),
                        false,
                        ModelConnector.HTTP,
                        Map.of()),
                memes);
        String controller = extra.getOrDefault(Constants.CONTROLLER_MODEL, EvaluationConfig.DEFAULT_CONTROLLER);
        String target = options.get("target");
        String secondTarget = options.get("second-target");
        Map<String, String> prices = Map.of(
                Constants.PRICE_PREFIX + controller,
                options.get("controller-price"),
                Constants.PRICE_PREFIX + target,
                options.get("target-price"),
                Constants.PRICE_PREFIX + secondTarget,
                options.get("target-price"));
        // No cached prefixes: every input token at the input price.
        Map<String, String> uncached = Map.of(
                Constants.PRICE_PREFIX + controller,
                noCacheDiscount(options.get("controller-price")),
                Constants.PRICE_PREFIX + target,
                noCacheDiscount(options.get("target-price")));
        // Every role at full detail: one detail for all, and no role's own.
        Map<String, String> fullDetail = new LinkedHashMap<>(extra);
        fullDetail.keySet().removeIf(k -> k.startsWith(Constants.IMAGE_DETAIL));
        fullDetail.put(Constants.IMAGE_DETAIL, "high");

        Path warm = work.resolve("cache-first.db");
        Files.deleteIfExists(warm);
        Files.deleteIfExists(work.resolve("cache-full.db"));
        Run first = run("first target", target, warm, datasets, prices, extra, work);
        Run second = run("second target, warm cache", secondTarget, warm, datasets, prices, extra, work);
        Run full = run(
                "first target, full detail, no cache",
                target,
                work.resolve("cache-full.db"),
                datasets,
                uncached,
                fullDetail,
                work);
        // A run that can wait: the same work through the Batch API (short waits, the simulator answers at once).
        Map<String, String> batched = new LinkedHashMap<>(extra);
        batched.putAll(Map.of(
                Constants.BATCH,
                "true",
                Constants.BATCH_QUIET_SECONDS,
                "0.2",
                Constants.BATCH_POLL_SECONDS,
                "0.2",
                Constants.BATCH_JOURNAL,
                work.resolve("batches.jsonl").toString()));
        Files.deleteIfExists(work.resolve("cache-batch.db"));
        Files.deleteIfExists(work.resolve("batches.jsonl"));
        Run batch = run(
                "first target, batch mode", target, work.resolve("cache-batch.db"), datasets, prices, batched, work);
        print(System.out, List.of(first, second, full, batch), options);
        System.exit(0);
    }

    private static String noCacheDiscount(String price) {
        String[] parts = price.split(",");
        return parts[0].trim() + "," + parts[1].trim() + "," + parts[0].trim();
    }

    private static Run run(
            String name,
            String target,
            Path cache,
            List<Path> datasets,
            Map<String, String> prices,
            Map<String, String> settings,
            Path work) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(
                Constants.DATASET,
                String.join(",", datasets.stream().map(Path::toString).toList()));
        values.put(Constants.TARGET_MODEL, target);
        values.put(Constants.CONCURRENCY, "32");
        values.put(Constants.CACHE, cache.toString());
        values.put(
                Constants.OUTPUT_DIR,
                work.resolve(name.replaceAll("[^a-z0-9]+", "-")).toString());
        values.putAll(prices);
        values.putAll(settings);
        // Each run on a simulator of its own, whose prompt cache starts cold: no run is priced on another's prefixes.
        try (SimulatedModelServer simulator = SimulatedModelServer.start()) {
            if (target.startsWith(Endpoint.SIMULATED_PREFIX)) {
                values.putIfAbsent(Constants.TARGET_BASE_URL, simulator.baseUrl());
            }
            if (values.getOrDefault(Constants.CONTROLLER_MODEL, EvaluationConfig.DEFAULT_CONTROLLER)
                    .startsWith(Endpoint.SIMULATED_PREFIX)) {
                values.putIfAbsent(Constants.CONTROLLER_BASE_URL, simulator.baseUrl());
            }
            EvaluationConfig config = EvaluationConfig.from(values);
            System.out.printf("%s: %s ...%n", name, target);
            long start = System.nanoTime();
            Evaluation evaluation = AdamMeme.evaluate(config, BuiltInSimulator.DEFAULT, PipelineListener.NONE);
            System.out.printf(Locale.ROOT, "  %.1f s%n", (System.nanoTime() - start) / 1e9);
            return new Run(name, evaluation);
        }
    }

    static void print(PrintStream out, List<Run> runs, Map<String, String> options) {
        out.println();
        out.printf(
                Locale.ROOT,
                "AdamMeme cost benchmark: %d memes; controller at %s, targets at %s USD per million"
                        + " input, output, cached input tokens%n",
                runs.get(0).evaluation().memes().size(),
                options.get("controller-price"),
                options.get("target-price"));
        for (Run r : runs) {
            out.println();
            out.println(r.name());
            out.print(CostTable.text(r.evaluation().usage()));
        }
        Run first = runs.get(0);
        Run second = runs.get(1);
        Run full = runs.get(2);
        Run batch = runs.get(3);
        out.println();
        double share = first.cost() / full.cost();
        check(
                out,
                String.format(
                        Locale.ROOT,
                        "first target: $%.2f, %.1f%% of $%.2f at full detail with no cached prefixes",
                        first.cost(),
                        100 * share,
                        full.cost()),
                share <= MAX_SHARE_OF_FULL_DETAIL,
                "<= 40%");
        double batchShare = batch.cost() / full.cost();
        check(
                out,
                String.format(
                        Locale.ROOT,
                        "first target in batch mode: $%.2f, %.1f%% of $%.2f (synchronous, full detail,"
                                + " no cached prefixes)",
                        batch.cost(),
                        100 * batchShare,
                        full.cost()),
                batchShare <= MAX_SHARE_OF_FULL_DETAIL,
                "<= 40%");
        check(out, "FR in batch mode is the synchronous FR", fr(first).equals(fr(batch)), "unchanged");
        String frFirst = FrTable.table(first.evaluation().metrics());
        boolean sameFr = frFirst.equals(FrTable.table(full.evaluation().metrics()));
        check(
                out,
                "FR at the roles' details is the FR at full detail: "
                        + FrTable.headline(first.evaluation().metrics()),
                sameFr,
                "unchanged");
        if (!sameFr) {
            out.println(frFirst);
            out.println(FrTable.table(full.evaluation().metrics()));
        }
        double secondShare = second.cost() / first.cost();
        check(
                out,
                String.format(
                        Locale.ROOT,
                        "second target on the warm cache: $%.2f, %.1f%% of the first's",
                        second.cost(),
                        100 * secondShare),
                secondShare <= MAX_SECOND_TARGET_SHARE,
                "<= 15%");
        int memes = first.evaluation().memes().size();
        int samples = first.evaluation().samples().size()
                + first.evaluation().refinedSamples().size();
        out.printf(
                Locale.ROOT,
                "the paper: about $%.0f per target for %,d memes mined and about %,d samples after"
                        + " refinement; scaled to this run's %,d memes: $%.2f, to its %,d samples: $%.2f%n",
                PAPER_USD,
                PAPER_MEMES,
                PAPER_SAMPLES,
                memes,
                PAPER_USD * memes / PAPER_MEMES,
                samples,
                PAPER_USD * samples / PAPER_SAMPLES);
        out.printf(
                Locale.ROOT,
                "this run: $%.2f for the first target, $%.2f for each further one%n",
                first.cost(),
                second.cost());
    }

    private static String fr(Run r) {
        return FrTable.table(r.evaluation().metrics());
    }

    private static void check(PrintStream out, String figure, boolean met, String target) {
        out.println((met ? "MET     " : "NOT MET ") + figure + " (target " + target + ")");
    }
}
