package io.github.adammeme.bench;

import io.github.adammeme.cli.Main;
import io.github.adammeme.internal.data.image.SyntheticMemes;
import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.llm.ModelConnector;
import io.github.adammeme.internal.llm.cache.CallCache;
import io.github.adammeme.internal.llm.cost.UsageLedger;
import io.github.adammeme.internal.llm.resilience.RunStop;
import io.github.adammeme.internal.pipeline.AdamMeme;
import io.github.adammeme.internal.pipeline.PipelineListener;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.pipeline.result.Evaluation;
import io.github.adammeme.internal.sim.persona.InProcessSimulator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The pipeline against the simulator with latency, in one run: the first target at concurrency C,
 * a second target on the warm cache, and the first again at concurrency 1 (how the paper's code
 * runs). For each it prints calls by stage and role, wall time, the floor the dependencies of the
 * method allow ({@link Floor}), the harness's CPU per call and its heap.
 *
 * <p>The simulator runs in a process of its own, so the CPU time measured here is the harness's
 * alone. Run it with {@code bench/run}; options are {@code --name value}, see {@link Options}.
 */
public final class PipelineBenchmark {

    /**
     * @param memes       memes in the dataset: HarMeme val (when found) plus synthetic ones up to this count
     * @param harmeme     the HarMeme val annotations, or {@code none} to use synthetic memes only
     * @param latencyMs   the simulator's mean latency
     * @param spread      sigma of its log-normal latency
     * @param concurrency calls in flight per endpoint in the concurrent runs
     * @param serial      whether to run the concurrency-1 comparison
     * @param second      whether to run the second target on the warm cache
     * @param warmup      memes of a run made first and not reported, so the JIT has compiled the harness's code
     * @param work        where datasets, caches and outputs go
     * @param scale       dataset sizes to run the first target at, one after another, for the table of
     *                    growth ({@link ScaleReport}); empty for the usual runs
     * @param smallPictures whether the synthetic memes get small plain pictures ({@link SmallPictureMemes}) rather
     *                    than drawn captions: a million of them are written in minutes, not hours
     * @param connector   how the harness reaches the simulator: over HTTP as every run does, or in its own process
     *                    ({@link InProcessSimulator}), for heap figures at sizes HTTP would take hours over
     */
    record Options(
            int memes,
            String harmeme,
            long latencyMs,
            double spread,
            int concurrency,
            boolean serial,
            boolean second,
            int warmup,
            Path work,
            List<Integer> scale,
            boolean smallPictures,
            ModelConnector connector,
            Map<String, String> extra) {

        /** How the simulator's answers reach the harness, for the report's headings. */
        String reached() {
            return connector == ModelConnector.HTTP
                    ? "over HTTP from the simulator's own process"
                    : "from the simulator's answers in the harness's process (tokens estimated, no HTTP)";
        }

        static Options parse(String[] args) throws IOException {
            Map<String, String> values = new LinkedHashMap<>(Map.of(
                    "memes",
                    "1000",
                    "harmeme",
                    "../shared/data/harmeme-val/annotations/val.jsonl",
                    "latency-ms",
                    "100",
                    "spread",
                    "0.3",
                    "concurrency",
                    "32",
                    "serial",
                    "true",
                    "second",
                    "true",
                    "warmup",
                    "0",
                    "work",
                    "",
                    "scale",
                    ""));
            values.put("pictures", "drawn");
            values.put("models", "http");
            Map<String, String> extra = new LinkedHashMap<>();
            for (int i = 0; i < args.length; i++) {
                if (!args[i].startsWith("--") || i + 1 >= args.length) {
                    throw new IllegalArgumentException("options are --name value pairs; got '" + args[i] + "'");
                }
                String name = args[i].substring(2);
                if (name.startsWith("adammeme.")) {
                    extra.put(name, args[++i]);
                } else if (values.containsKey(name)) {
                    values.put(name, args[++i]);
                } else {
                    throw new IllegalArgumentException("unknown option --" + name + "; known: " + values.keySet()
                            + " and any --adammeme.* configuration key");
                }
            }
            Path work = values.get("work").isEmpty()
                    ? Files.createTempDirectory("adammeme-bench")
                    : Files.createDirectories(Path.of(values.get("work")));
            // An empty argument does not survive Maven's exec.args, so "none" stands for no path.
            String harmeme = values.get("harmeme").equals("none") ? "" : values.get("harmeme");
            List<Integer> scale = values.get("scale").isEmpty()
                    ? List.of()
                    : Arrays.stream(values.get("scale").split(","))
                            .map(String::trim)
                            .map(Integer::parseInt)
                            .sorted()
                            .toList();
            return new Options(
                    Integer.parseInt(values.get("memes")),
                    harmeme,
                    Long.parseLong(values.get("latency-ms")),
                    Double.parseDouble(values.get("spread")),
                    Integer.parseInt(values.get("concurrency")),
                    Boolean.parseBoolean(values.get("serial")),
                    Boolean.parseBoolean(values.get("second")),
                    Integer.parseInt(values.get("warmup")),
                    work,
                    scale,
                    pictures(values.get("pictures")),
                    connectorNamed(values.get("models")),
                    extra);
        }
    }

    private static boolean pictures(String kind) {
        return switch (kind) {
            case "drawn" -> false;
            case "small" -> true;
            default -> throw new IllegalArgumentException("--pictures is drawn or small, was '" + kind + "'");
        };
    }

    private static ModelConnector connectorNamed(String kind) {
        return switch (kind) {
            case "http" -> ModelConnector.HTTP;
            case "in-process" -> InProcessSimulator.CONNECTOR;
            default -> throw new IllegalArgumentException("--models is http or in-process, was '" + kind + "'");
        };
    }

    /** One measured evaluation. */
    record Run(
            String name,
            EvaluationConfig config,
            Evaluation evaluation,
            double wallSeconds,
            double miningSeconds,
            double cpuSeconds,
            double jitSeconds,
            double gcSeconds,
            double simulatorCpuSeconds,
            HeapWatch.Figures heap) {

        int concurrency() {
            return config.limits().concurrency();
        }

        long calls() {
            return evaluation.usage().stream()
                    .mapToLong(UsageLedger.Line::calls)
                    .sum();
        }

        long cacheHits() {
            return evaluation.usage().stream()
                    .mapToLong(UsageLedger.Line::cacheHits)
                    .sum();
        }
    }

    private PipelineBenchmark() {}

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        List<Path> datasets = datasets(
                options,
                options.scale().isEmpty() ? options.memes() : options.scale().get(0));
        try (SimulatorProcess simulator = SimulatorProcess.start(options.latencyMs(), options.spread())) {
            System.out.printf(
                    Locale.ROOT,
                    "simulator: %s, latency log-normal with mean %d ms and sigma %.2f, in its own process%n",
                    simulator.baseUrl(),
                    options.latencyMs(),
                    options.spread());
            System.out.println("models reached " + options.reached());
            if (options.warmup() > 0) {
                // The same kinds of pictures as the measured run, so the JIT has compiled their paths too.
                List<Path> warmup = new ArrayList<>(datasets.stream()
                        .filter(d -> !d.startsWith(options.work()))
                        .toList());
                Path root = options.work().resolve("warmup-" + options.warmup());
                Path annotations = root.resolve("annotations").resolve("memes.jsonl");
                warmup.add(
                        Files.isRegularFile(annotations) ? annotations : SyntheticMemes.write(root, options.warmup()));
                Files.deleteIfExists(options.work().resolve("cache-warmup.db"));
                run(
                        "warm-up (not reported)",
                        "sim:keyword",
                        options.concurrency(),
                        options.work().resolve("cache-warmup.db"),
                        warmup,
                        simulator,
                        options);
            }
            if (options.scale().isEmpty()) {
                compare(options, datasets, simulator);
            } else {
                scale(options, simulator);
            }
        }
        System.exit(0);
    }

    /** The first target at concurrency C, the second on its warm cache, the first at concurrency 1. */
    private static void compare(Options options, List<Path> datasets, SimulatorProcess simulator) throws IOException {
        List<Run> runs = new ArrayList<>();
        Path warm = options.work().resolve("cache-first.db");
        // A --work used before keeps its caches: the first target must start cold all the same.
        Files.deleteIfExists(warm);
        Files.deleteIfExists(options.work().resolve("cache-serial.db"));
        Run first = run("first target", "sim:keyword", options.concurrency(), warm, datasets, simulator, options);
        runs.add(first);
        if (options.second()) {
            runs.add(run(
                    "second target, warm cache",
                    "sim:oracle",
                    options.concurrency(),
                    warm,
                    datasets,
                    simulator,
                    options));
        }
        if (options.serial()) {
            runs.add(run(
                    "first target, concurrency 1",
                    "sim:keyword",
                    1,
                    options.work().resolve("cache-serial.db"),
                    datasets,
                    simulator,
                    options));
        }
        Report.print(System.out, options, runs);
    }

    /** The first target on each dataset size in turn, each on a fresh cache, and the table of how they grow. */
    private static void scale(Options options, SimulatorProcess simulator) throws IOException {
        List<ScaleReport.Row> rows = new ArrayList<>();
        for (int memes : options.scale()) {
            Path cache = options.work().resolve("cache-scale-" + memes + ".db");
            Files.deleteIfExists(cache);
            Run run = run(
                    String.format(Locale.ROOT, "%,d memes", memes),
                    "sim:keyword",
                    options.concurrency(),
                    cache,
                    datasets(options, memes),
                    simulator,
                    options);
            rows.add(new ScaleReport.Row(
                    run.evaluation().memes().size(),
                    run.calls(),
                    run.wallSeconds(),
                    run.heap().peakAfterGc(),
                    run.heap().max()));
        }
        ScaleReport.print(System.out, options, rows);
    }

    static List<Path> datasets(Options options, int memes) {
        List<Path> datasets = new ArrayList<>();
        int real = 0;
        if (!options.harmeme().isEmpty() && Files.isRegularFile(Path.of(options.harmeme()))) {
            datasets.add(Path.of(options.harmeme()));
            try {
                real = (int) Files.lines(Path.of(options.harmeme()))
                        .filter(l -> !l.isBlank())
                        .count();
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + options.harmeme() + ": " + e.getMessage(), e);
            }
        } else if (!options.harmeme().isEmpty()) {
            System.out.println("no HarMeme val at " + options.harmeme() + "; synthetic memes only");
        }
        int synthetic = Math.max(0, memes - real);
        if (synthetic > 0) {
            Path root = options.work().resolve((options.smallPictures() ? "small-" : "synthetic-") + synthetic);
            Path annotations = root.resolve("annotations").resolve("memes.jsonl");
            datasets.add(
                    Files.isRegularFile(annotations)
                            ? annotations
                            : options.smallPictures()
                                    ? SmallPictureMemes.write(root, synthetic)
                                    : SyntheticMemes.write(root, synthetic));
        }
        System.out.printf("dataset: %d memes (%d from HarMeme val, %d synthetic)%n", real + synthetic, real, synthetic);
        return datasets;
    }

    private static Run run(
            String name,
            String target,
            int concurrency,
            Path cache,
            List<Path> datasets,
            SimulatorProcess simulator,
            Options options) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(
                "adammeme.dataset",
                String.join(",", datasets.stream().map(Path::toString).toList()));
        values.put("adammeme.target.model", target);
        values.put("adammeme.target.base-url", simulator.baseUrl());
        values.put("adammeme.controller.base-url", simulator.baseUrl());
        values.put("adammeme.concurrency", Integer.toString(concurrency));
        values.put("adammeme.cache", cache.toString());
        values.put(
                "adammeme.output-dir",
                options.work().resolve(name.replaceAll("[^a-z0-9]+", "-")).toString());
        values.putAll(options.extra());
        EvaluationConfig config = EvaluationConfig.from(values);
        System.out.printf("%s: %s at concurrency %d ...%n", name, target, concurrency);
        System.gc();
        HeapWatch heap = HeapWatch.start();
        long cpu = HeapWatch.processCpuNanos();
        ThreadCpu threads = ThreadCpu.start();
        long jit = HeapWatch.compilationMillis();
        long gc = HeapWatch.collectionMillis();
        long simulatorCpu = simulator.cpuNanos();
        long start = System.nanoTime();
        long[] mined = new long[1];
        PipelineListener listener = new PipelineListener() {
            @Override
            public void miningFinished(int memes, int minedSamples) {
                mined[0] = System.nanoTime();
            }
        };
        Evaluation evaluation;
        try (CallCache calls = config.outputs().openCache()) {
            evaluation = new AdamMeme(calls, EndpointResolver.AS_CONFIGURED, new RunStop(), options.connector())
                    .run(config, listener);
        }
        double wall = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (HeapWatch.processCpuNanos() - cpu) / 1e9;
        ThreadCpu.Split split = threads.stop();
        // Without /proc, the MXBeans' elapsed times stand in for the compiler's and collector's CPU.
        double jitSeconds = split.measured() ? split.compilerSeconds() : (HeapWatch.compilationMillis() - jit) / 1e3;
        double gcSeconds = split.measured() ? split.gcSeconds() : (HeapWatch.collectionMillis() - gc) / 1e3;
        Run run = new Run(
                name,
                config,
                evaluation,
                wall,
                (mined[0] - start) / 1e9,
                cpuSeconds,
                jitSeconds,
                gcSeconds,
                (simulator.cpuNanos() - simulatorCpu) / 1e9,
                heap.stop());
        System.out.printf(Locale.ROOT, "  %.1f s, %d calls, %d cache hits%n", wall, run.calls(), run.cacheHits());
        return run;
    }

    /** The simulator as a child JVM: {@code Main simulator}, stopped by closing its input. */
    static final class SimulatorProcess implements AutoCloseable {

        private final Process process;
        private final String baseUrl;

        private SimulatorProcess(Process process, String baseUrl) {
            this.process = process;
            this.baseUrl = baseUrl;
        }

        static SimulatorProcess start(long latencyMs, double spread) throws IOException {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            String jvmOptions =
                    System.getenv().getOrDefault("BENCH_SIM_JVM_OPTS", "").trim();
            if (!jvmOptions.isEmpty()) {
                command.addAll(List.of(jvmOptions.split("\\s+")));
            }
            command.addAll(List.of(
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName(),
                    "simulator",
                    "adammeme.sim.latency-ms=" + latencyMs,
                    "adammeme.sim.latency-spread=" + spread));
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            // JVM options such as a flight recording may print their own lines first.
            while (line != null && !line.startsWith("adammeme simulator: ") && line.startsWith("[")) {
                line = out.readLine();
            }
            if (line == null || !line.startsWith("adammeme simulator: ")) {
                process.destroyForcibly();
                throw new IllegalStateException("the simulator process did not start: " + line);
            }
            return new SimulatorProcess(
                    process, line.substring("adammeme simulator: ".length()).trim());
        }

        String baseUrl() {
            return baseUrl;
        }

        /** CPU the simulator has used so far: it shares the machine's cores with the harness. */
        long cpuNanos() {
            return process.toHandle()
                    .info()
                    .totalCpuDuration()
                    .map(Duration::toNanos)
                    .orElse(0L);
        }

        @Override
        public void close() throws IOException {
            process.getOutputStream().close();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }

    /** Calls and cache hits per stage and role, summed over models, in the ledger's (pipeline) order. */
    static Map<String, long[]> callsByStageAndRole(Run run) {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (UsageLedger.Line line : run.evaluation().usage()) {
            long[] c = out.computeIfAbsent(line.stage() + " / " + line.role(), k -> new long[2]);
            c[0] += line.calls();
            c[1] += line.cacheHits();
        }
        return out;
    }
}
