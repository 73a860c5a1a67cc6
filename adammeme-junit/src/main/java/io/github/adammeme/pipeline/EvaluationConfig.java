package io.github.adammeme.pipeline;

import io.github.adammeme.data.DatasetFormat;
import io.github.adammeme.data.DatasetLimits;
import io.github.adammeme.data.ImageLimits;
import io.github.adammeme.data.MemeImages;
import io.github.adammeme.data.RoleImages;
import io.github.adammeme.data.TextErasure;
import io.github.adammeme.llm.BatchSettings;
import io.github.adammeme.llm.CacheStore;
import io.github.adammeme.llm.CallCache;
import io.github.adammeme.llm.Endpoint;
import io.github.adammeme.llm.ImageDetail;
import io.github.adammeme.llm.PostgresDatabase;
import io.github.adammeme.llm.Prices;
import io.github.adammeme.llm.RetryPolicy;
import io.github.adammeme.llm.Secrets;
import io.github.adammeme.llm.SqliteDatabase;
import io.github.adammeme.llm.StructuredOutput;
import io.github.adammeme.sim.SimSettings;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Everything one evaluation needs to know, validated. Built from {@code adammeme.*} keys with
 * {@link #from(Map)}; every bad value fails here, before any call is made.
 */
public record EvaluationConfig(
        List<Path> datasets,
        DatasetFormat datasetFormat,
        Endpoint target,
        double targetTemperature,
        Endpoint controller,
        double threshold,
        int samplesPerCategory,
        int seeds,
        int iterations,
        int concurrency,
        int miningBatchSize,
        int miningLookahead,
        Shard shard,
        long randomSeed,
        int reasks,
        boolean replicasInOneRequest,
        StructuredOutput structuredOutput,
        boolean refusalCountsAsFailure,
        double judgeRecheck,
        String judgeSecondModel,
        RefinementOrder refinementOrder,
        int imageMaxSide,
        long imageMaxPixels,
        long imageMaxBytes,
        int imageTimeoutSeconds,
        RoleImages roleImages,
        int datasetMaxLineBytes,
        TextErasure textErasure,
        RefinedText refinedText,
        int maxTokens,
        RetryPolicy retries,
        Prices prices,
        double budgetUsd,
        SimSettings sim,
        CacheStore cache,
        boolean cacheRequired,
        BatchSettings batch,
        Stages stages,
        Path prompts,
        Path outputDir) {

    /** The target when none is configured: the simulator's keyword matcher. */
    public static final String DEFAULT_TARGET = "sim:keyword";
    /** The agents' model when none is configured: the simulator's agent. */
    public static final String DEFAULT_CONTROLLER = "sim:agent";
    /** The base URL of a model that is not the simulator's and has none configured: OpenAI itself. */
    public static final String OPENAI_BASE_URL = "https://api.openai.com/v1";

    /**
     * Reads a run's configuration, filling every key that is not set with its default.
     *
     * @param values {@code adammeme.*} keys and their values
     * @return the configuration
     * @throws ConfigurationException naming the first key whose value cannot be used, or a missing dataset
     */
    public static EvaluationConfig from(Map<String, String> values) {
        Reader r = new Reader(values);
        Duration timeout = Duration.ofSeconds(r.integer(ConfigKeys.TIMEOUT_SECONDS, 120, 1, 3600));
        int retries = r.integer(ConfigKeys.MAX_RETRIES, 6, 0, 50);
        String datasetValue = r.string(ConfigKeys.DATASET, null);
        if (datasetValue == null || datasetValue.isBlank()) {
            throw new ConfigurationException(ConfigKeys.DATASET, String.valueOf(datasetValue),
                    "a dataset file is required (the suite's dataset or -D" + ConfigKeys.DATASET + "=path/to/memes.jsonl)");
        }
        CacheStore cache = cacheStore(r);
        EvaluationConfig config = new EvaluationConfig(
                java.util.Arrays.stream(datasetValue.split(",")).map(String::trim).filter(v -> !v.isEmpty())
                        .map(Path::of).toList(),
                r.parse(ConfigKeys.DATASET_FORMAT, null, v -> v.equalsIgnoreCase("auto") ? null : DatasetFormat.parse(v)),
                endpoint(r, ConfigKeys.TARGET_MODEL, ConfigKeys.TARGET_BASE_URL, ConfigKeys.TARGET_API_KEY_ENV,
                        DEFAULT_TARGET, timeout, ConfigKeys.TARGET_RPM, ConfigKeys.TARGET_TPM),
                r.decimal(ConfigKeys.TARGET_TEMPERATURE, 0.0, 0.0, 2.0),
                endpoint(r, ConfigKeys.CONTROLLER_MODEL, ConfigKeys.CONTROLLER_BASE_URL, ConfigKeys.CONTROLLER_API_KEY_ENV,
                        DEFAULT_CONTROLLER, timeout, ConfigKeys.CONTROLLER_RPM, ConfigKeys.CONTROLLER_TPM),
                r.decimal(ConfigKeys.THRESHOLD, 4.0, 1.0, 10.0),
                r.integer(ConfigKeys.SAMPLES_PER_CATEGORY, 200, 1, 1_000_000),
                r.integer(ConfigKeys.SEEDS, 10, 0, 100_000),
                r.integer(ConfigKeys.ITERATIONS, 10, 0, 1_000),
                r.integer(ConfigKeys.CONCURRENCY, 8, 1, 1_024),
                r.integer(ConfigKeys.MINING_BATCH, 32, 1, 100_000),
                r.integer(ConfigKeys.MINING_LOOKAHEAD, 2, 0, 64),
                r.string(ConfigKeys.SHARD, null) == null ? Shard.ALL : Shard.parse(r.string(ConfigKeys.SHARD, null)),
                r.parse(ConfigKeys.RANDOM_SEED, 42L, v -> wholeNumber(v, "expected a whole number, such as 42")),
                r.integer(ConfigKeys.REASKS, 2, 0, 10),
                r.bool(ConfigKeys.REPLICAS_ONE_REQUEST, true),
                r.parse(ConfigKeys.STRUCTURED_OUTPUT, StructuredOutput.AUTO, StructuredOutput::parse),
                r.bool(ConfigKeys.REFUSAL_IS_FAILURE, true),
                r.decimal(ConfigKeys.JUDGE_RECHECK, 0.1, 0, 1),
                r.string(ConfigKeys.JUDGE_SECOND_MODEL, null) == null || r.string(ConfigKeys.JUDGE_SECOND_MODEL, "").isEmpty()
                        ? null : r.string(ConfigKeys.JUDGE_SECOND_MODEL, null),
                r.parse(ConfigKeys.REFINEMENT_ORDER, RefinementOrder.ROUNDS, RefinementOrder::parse),
                r.integer(ConfigKeys.IMAGE_MAX_SIDE, 768, 32, 8192),
                r.parse(ConfigKeys.IMAGE_MAX_PIXELS, MemeImages.DEFAULT_MAX_PIXELS, v -> {
                    long pixels = wholeNumber(v, "expected a pixel count of at least 1024");
                    if (pixels < 1024) {
                        throw new IllegalArgumentException("expected a pixel count of at least 1024");
                    }
                    return pixels;
                }),
                r.parse(ConfigKeys.IMAGE_MAX_BYTES, ImageLimits.DEFAULT_MAX_BYTES, v -> {
                    String allowed = "expected a byte count from 1024 to " + (Integer.MAX_VALUE - 9);
                    long bytes = wholeNumber(v, allowed);
                    if (bytes < 1024 || bytes > Integer.MAX_VALUE - 9) {
                        throw new IllegalArgumentException(allowed);
                    }
                    return bytes;
                }),
                r.integer(ConfigKeys.IMAGE_TIMEOUT_SECONDS, (int) ImageLimits.DEFAULT_TIMEOUT.toSeconds(), 1, 3600),
                roleImages(r, values),
                r.integer(ConfigKeys.DATASET_MAX_LINE_BYTES, DatasetLimits.DEFAULT_MAX_LINE_BYTES, 1024,
                        Integer.MAX_VALUE - 16),
                textErasure(r),
                r.parse(ConfigKeys.REFINED_TEXT, RefinedText.PROMPT, RefinedText::parse),
                r.integer(ConfigKeys.MAX_TOKENS, 1024, 16, 1_000_000),
                new RetryPolicy(retries, Duration.ofSeconds(r.integer(ConfigKeys.RETRY_MAX_SECONDS, 600, 1, 86_400)),
                        RetryPolicy.DEFAULT.base(), RetryPolicy.DEFAULT.cap()),
                prices(values),
                r.decimal(ConfigKeys.BUDGET_USD, Double.POSITIVE_INFINITY, 0, 1e9),
                simSettings(r),
                cache,
                r.bool(ConfigKeys.CACHE_REQUIRED, false),
                batchSettings(r, cache),
                r.parse(ConfigKeys.STAGES, Stages.ALL, Stages::parse),
                r.parse(ConfigKeys.PROMPTS, null, Path::of),
                r.parse(ConfigKeys.OUTPUT_DIR, Path.of("target", "adammeme"), Path::of));
        if (config.refinedText() != RefinedText.PROMPT && config.textErasure().mode() == TextErasure.Mode.NONE) {
            throw new ConfigurationException(ConfigKeys.REFINED_TEXT, r.string(ConfigKeys.REFINED_TEXT, ""),
                    "showing the text on the picture needs adammeme.text-erasure=precomputed or ocr; without erasure"
                            + " a refined caption would be printed over the old one");
        }
        return config;
    }

    private static Prices prices(Map<String, String> values) {
        Map<String, Prices.Rate> table = new java.util.TreeMap<>();
        values.forEach((key, value) -> {
            if (key.startsWith(ConfigKeys.PRICE_PREFIX)) {
                table.put(key.substring(ConfigKeys.PRICE_PREFIX.length()), rate(key, value));
            }
        });
        return new Prices(table);
    }

    /** {@code input,output[,cached input]} in USD per million tokens; cached input defaults to the input price. */
    private static Prices.Rate rate(String key, String value) {
        String[] parts = value.split(",", -1);
        try {
            if (parts.length != 2 && parts.length != 3) {
                throw new NumberFormatException();
            }
            double in = Double.parseDouble(parts[0].trim());
            double out = Double.parseDouble(parts[1].trim());
            double cached = parts.length == 3 ? Double.parseDouble(parts[2].trim()) : in;
            if (!(in >= 0 && out >= 0 && cached >= 0) || Double.isInfinite(in + out + cached)) {
                throw new NumberFormatException();
            }
            return new Prices.Rate(in, out, cached);
        } catch (NumberFormatException e) {
            throw new ConfigurationException(key, value, "expected USD per million input, output and (optionally)"
                    + " cached input tokens, e.g. 2.50,10.00,1.25");
        }
    }

    /**
     * Detail and size per role: {@code adammeme.image.detail} for every role, {@code adammeme.image.detail.<role>}
     * and {@code adammeme.image.max-side.<role>} for one; a role the pipeline does not have is named as an error,
     * since a misspelt role would otherwise quietly keep its default.
     */
    private static RoleImages roleImages(Reader r, Map<String, String> values) {
        ImageDetail fallback = r.parse(ConfigKeys.IMAGE_DETAIL, ImageDetail.AUTO, ImageDetail::parse);
        Map<String, ImageDetail> details = new java.util.TreeMap<>();
        if (r.string(ConfigKeys.IMAGE_DETAIL, null) == null) {
            details.putAll(RoleImages.DEFAULT_DETAILS);
        }
        Map<String, Integer> sides = new java.util.TreeMap<>();
        for (String key : new java.util.TreeSet<>(values.keySet())) {
            String prefix = key.startsWith(ConfigKeys.IMAGE_DETAIL_PREFIX) ? ConfigKeys.IMAGE_DETAIL_PREFIX
                    : key.startsWith(ConfigKeys.IMAGE_MAX_SIDE_PREFIX) ? ConfigKeys.IMAGE_MAX_SIDE_PREFIX : null;
            if (prefix == null) {
                continue;
            }
            String role = key.substring(prefix.length()).toLowerCase(java.util.Locale.ROOT);
            if (!RoleImages.ROLES.contains(role)) {
                throw new ConfigurationException(key, values.get(key), "no role '" + role + "' is shown a picture;"
                        + " the roles are " + String.join(", ", RoleImages.ROLES));
            }
            if (prefix.equals(ConfigKeys.IMAGE_DETAIL_PREFIX)) {
                ImageDetail detail = r.parse(key, null, ImageDetail::parse);
                if (detail != null) {
                    details.put(role, detail);
                }
            } else if (r.integer(key, 0, 32, 8192) > 0) {
                sides.put(role, r.integer(key, 0, 32, 8192));
            }
        }
        return new RoleImages(fallback, details, sides);
    }

    /**
     * The simulator's settings alone ({@code adammeme.sim.*}), for serving it on its own.
     *
     * @param values {@code adammeme.sim.*} keys and their values
     * @return the settings
     */
    public static SimSettings simulator(Map<String, String> values) {
        return simSettings(new Reader(values));
    }

    private static SimSettings simSettings(Reader r) {
        try {
            return new SimSettings(r.integer(ConfigKeys.SIM_LATENCY_MS, 0, 0, 600_000),
                    r.decimal(ConfigKeys.SIM_LATENCY_SPREAD, 0.5, 0, 3),
                    r.integer(ConfigKeys.SIM_RPM, 0, 0, 10_000_000),
                    r.decimal(ConfigKeys.SIM_FAULT_429, 0, 0, 1), r.decimal(ConfigKeys.SIM_FAULT_5XX, 0, 0, 1),
                    r.decimal(ConfigKeys.SIM_FAULT_HANG, 0, 0, 1), r.decimal(ConfigKeys.SIM_FAULT_DROP, 0, 0, 1),
                    r.decimal(ConfigKeys.SIM_FAULT_TRUNCATED, 0, 0, 1), r.decimal(ConfigKeys.SIM_FAULT_MALFORMED, 0, 0, 1),
                    r.integer(ConfigKeys.SIM_HANG_MS, 10_000, 0, 600_000), 7,
                    r.decimal(ConfigKeys.SIM_JUDGE_NOISE, 0, 0, 1), r.bool(ConfigKeys.SIM_STRUCTURED_OUTPUT, true),
                    r.integer(ConfigKeys.SIM_BATCH_DELAY_MS, 0, 0, 86_400_000));
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("adammeme.sim.fault.*", "", e.getMessage());
        }
    }

    /** Batch mode's settings, checked whether it is on or not; the journal lives beside a cache file by default. */
    private static BatchSettings batchSettings(Reader r, CacheStore cache) {
        Path journal = r.parse(ConfigKeys.BATCH_JOURNAL, cache instanceof SqliteDatabase db ? journalBeside(db.file())
                : BatchSettings.OFF.journal(), Path::of);
        if (java.nio.file.Files.isDirectory(journal)) {
            throw new ConfigurationException(ConfigKeys.BATCH_JOURNAL, journal.toString(), "a folder, not a file");
        }
        return new BatchSettings(r.bool(ConfigKeys.BATCH, false),
                r.parse(ConfigKeys.BATCH_ROLES, BatchSettings.DEFAULT_ROLES, EvaluationConfig::batchRoles),
                r.integer(ConfigKeys.BATCH_MAX_REQUESTS, BatchSettings.OFF.maxRequests(), 1, 10_000),
                seconds(r, ConfigKeys.BATCH_QUIET_SECONDS, BatchSettings.OFF.quiet()),
                seconds(r, ConfigKeys.BATCH_POLL_SECONDS, BatchSettings.OFF.poll()),
                Duration.ofSeconds(r.integer(ConfigKeys.BATCH_MAX_WAIT_SECONDS, (int) BatchSettings.OFF.maxWait().toSeconds(),
                        1, 7 * 24 * 3600)),
                journal);
    }

    /** {@code .adammeme/cache.db} keeps its batches in {@code .adammeme/cache-batches.jsonl}. */
    private static Path journalBeside(Path cacheFile) {
        String name = cacheFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return cacheFile.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + "-batches.jsonl");
    }

    private static java.util.Set<String> batchRoles(String value) {
        String allowed = "the roles are " + String.join(", ", BatchSettings.ROLES) + ", or all";
        if (value.equalsIgnoreCase("all")) {
            return java.util.Set.copyOf(BatchSettings.ROLES);
        }
        java.util.Set<String> roles = new java.util.HashSet<>();
        for (String role : value.split(",")) {
            String name = role.trim();
            if (BatchSettings.ROLES.stream().noneMatch(name::equalsIgnoreCase)) {
                throw new IllegalArgumentException("no role '" + name + "' makes calls; " + allowed);
            }
            roles.add(name);
        }
        return roles;
    }

    /** A time in seconds, fractions allowed (tests poll a simulator every few milliseconds), up to an hour. */
    private static Duration seconds(Reader r, String key, Duration fallback) {
        double seconds = r.decimal(key, fallback.toMillis() / 1000.0, 0.001, 3600);
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }

    private static TextErasure textErasure(Reader r) {
        TextErasure.Mode mode = r.parse(ConfigKeys.TEXT_ERASURE, TextErasure.Mode.NONE, TextErasure::mode);
        Path dir = r.parse(ConfigKeys.TEXT_ERASURE_DIR, null, Path::of);
        if (mode == TextErasure.Mode.OCR && dir == null) {
            dir = Path.of(".adammeme", "erased");
        }
        TextErasure erasure = new TextErasure(mode, dir,
                r.parse(ConfigKeys.TEXT_ERASURE_TESSDATA, TextErasure.defaultTessdata(), Path::of));
        try {
            erasure.check();
        } catch (IllegalArgumentException | IllegalStateException e) {
            String key = mode == TextErasure.Mode.PRECOMPUTED ? ConfigKeys.TEXT_ERASURE_DIR : ConfigKeys.TEXT_ERASURE;
            throw new ConfigurationException(key, r.string(key, mode.name().toLowerCase(java.util.Locale.ROOT)),
                    e.getMessage());
        }
        return erasure;
    }

    private static Endpoint endpoint(Reader r, String modelKey, String urlKey, String keyEnvKey, String defaultModel,
                                     Duration timeout, String rpmKey, String tpmKey) {
        String model = r.string(modelKey, defaultModel);
        if (model.isBlank()) {
            throw new ConfigurationException(modelKey, model, "a model id is required, e.g. gpt-4o or " + defaultModel);
        }
        String url = r.string(urlKey, null);
        String keyEnv = r.string(keyEnvKey, null);
        if (url != null && !url.isBlank() && !url.matches("https?://\\S+")) {
            throw new ConfigurationException(urlKey, url, "expected an http:// or https:// URL, e.g. http://localhost:8000/v1");
        }
        if (keyEnv != null && !keyEnv.isBlank() && !keyEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            // Most likely the key itself, pasted where its variable's name belongs: never echoed.
            Secrets.register(keyEnv);
            throw new ConfigurationException(keyEnvKey, Secrets.REDACTED,
                    "expected the NAME of an environment variable holding the key, not the key itself");
        }
        Secrets.registerVariable(keyEnv);
        boolean simulated = model.startsWith(Endpoint.SIMULATED_PREFIX);
        if ((url == null || url.isBlank()) && !simulated) {
            // A real model with no URL means OpenAI itself, with its usual key variable.
            url = OPENAI_BASE_URL;
            if (keyEnv == null || keyEnv.isBlank()) {
                keyEnv = "OPENAI_API_KEY";
            }
        }
        if (keyEnv != null && !keyEnv.isBlank() && url != null && insecureRemote(url) && !r.bool(ConfigKeys.ALLOW_INSECURE_HTTP, false)) {
            throw new ConfigurationException(urlKey, url, "the key in " + keyEnv + " would travel unencrypted over plain"
                    + " http to a host that is not this machine; use https, or set " + ConfigKeys.ALLOW_INSECURE_HTTP
                    + "=true if the network between is yours");
        }
        return new Endpoint(model, url == null || url.isBlank() ? null : url,
                keyEnv == null || keyEnv.isBlank() ? null : keyEnv, timeout,
                r.integer(rpmKey, 0, 0, 1_000_000), r.integer(tpmKey, 0, 0, 2_000_000_000));
    }

    /** A long, or an IllegalArgumentException saying what is allowed (NumberFormatException says only the input). */
    private static long wholeNumber(String value, String allowed) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(allowed);
        }
    }

    /** http:// to anywhere but this machine (127.0.0.0/8, ::1, localhost). */
    static boolean insecureRemote(String url) {
        URI uri;
        try {
            uri = URI.create(url.trim());
        } catch (IllegalArgumentException e) {
            return false; // the URL check above reports a malformed one
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            return false;
        }
        String host = uri.getHost().toLowerCase(java.util.Locale.ROOT);
        return !(host.equals("localhost") || host.endsWith(".localhost") || host.startsWith("127.") || host.equals("[::1]")
                || host.equals("::1"));
    }

    /**
     * @param directory where the run's results are written
     * @return this configuration, writing there
     */
    public EvaluationConfig withOutputDir(Path directory) {
        return new EvaluationConfig(datasets, datasetFormat, target, targetTemperature, controller, threshold,
                samplesPerCategory, seeds, iterations, concurrency, miningBatchSize, miningLookahead, shard, randomSeed, reasks,
                replicasInOneRequest, structuredOutput, refusalCountsAsFailure, judgeRecheck, judgeSecondModel, refinementOrder, imageMaxSide, imageMaxPixels, imageMaxBytes, imageTimeoutSeconds, roleImages, datasetMaxLineBytes, textErasure, refinedText, maxTokens, retries, prices, budgetUsd, sim, cache, cacheRequired, batch, stages, prompts, directory);
    }

    /**
     * The call cache this configuration names, never losing a paid answer to its store; the caller closes it.
     *
     * @return the cache
     */
    public CallCache openCache() {
        return cache.open(cacheRequired);
    }

    /**
     * Why the configured cache cannot take answers, or empty when it can (or keeps none).
     *
     * @return the problem, or empty
     */
    public Optional<String> cacheProblem() {
        return cache.problem();
    }

    /** A pasted password is a name no variable has: say so without echoing it. */
    private static void variableName(String key, String name, String example) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            Secrets.register(name);
            throw new ConfigurationException(key, name, "expected the name of an environment variable, such as "
                    + example + " (the value itself is read from it)");
        }
    }

    private static CacheStore cacheStore(Reader r) {
        String userEnv = r.string(ConfigKeys.CACHE_USER_ENV, PostgresDatabase.DEFAULT_USER_ENV).trim();
        String passwordEnv = r.string(ConfigKeys.CACHE_PASSWORD_ENV, PostgresDatabase.DEFAULT_PASSWORD_ENV).trim();
        variableName(ConfigKeys.CACHE_USER_ENV, userEnv, PostgresDatabase.DEFAULT_USER_ENV);
        variableName(ConfigKeys.CACHE_PASSWORD_ENV, passwordEnv, PostgresDatabase.DEFAULT_PASSWORD_ENV);
        return r.parse(ConfigKeys.CACHE, new SqliteDatabase(SqliteDatabase.DEFAULT_FILE),
                v -> CacheStore.parse(v, userEnv, passwordEnv));
    }

    /**
     * Why the run's results could not be written to the output folder, or empty when they can.
     *
     * @return the problem, or empty
     */
    public Optional<String> outputDirProblem() {
        return unwritable(outputDir).map(why -> why + "; the run's results could not be written there");
    }

    /**
     * Why nothing can be written in this folder (created if need be), or empty when something can.
     *
     * @param folder the folder
     * @return the reason, or empty
     */
    public static Optional<String> unwritable(Path folder) {
        Path existing = folder.toAbsolutePath();
        while (existing != null && !java.nio.file.Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return Optional.empty();
        }
        if (!java.nio.file.Files.isDirectory(existing)) {
            return Optional.of(existing + " is a file, not a folder");
        }
        return java.nio.file.Files.isWritable(existing) ? Optional.empty()
                : Optional.of("the folder " + existing + " cannot be written");
    }

    /**
     * How pictures are bounded on their way to a model.
     *
     * @return the limits
     */
    public ImageLimits imageLimits() {
        return new ImageLimits(imageMaxSide, imageMaxPixels, imageMaxBytes, ImageLimits.defaultDecodesAtOnce(),
                Duration.ofSeconds(imageTimeoutSeconds));
    }

    /**
     * How dataset and bank files are bounded as they are read.
     *
     * @return the limits
     */
    public DatasetLimits datasetLimits() {
        return new DatasetLimits(datasetMaxLineBytes, imageMaxBytes);
    }

    /**
     * The datasets as one line, for reports.
     *
     * @return the datasets, separated by commas
     */
    public String datasetDescription() {
        return String.join(", ", datasets.stream().map(Path::toString).toList());
    }

    /**
     * A yes/no setting: true, yes, on / false, no, off; anything else names the key.
     *
     * @param key the key, for the error
     * @param value the configured value, or null
     * @param fallback the value when none is set
     * @return the setting
     * @throws ConfigurationException for any other value
     */
    public static boolean bool(String key, String value, boolean fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new ConfigurationException(key, value, "expected true or false");
        };
    }

    /**
     * True when any score in this run comes from the built-in simulator.
     *
     * @return whether the target or the agents' model is the simulator
     */
    public boolean simulated() {
        return target.simulated() || controller.simulated();
    }

    private record Reader(Map<String, String> values) {

        String string(String key, String fallback) {
            String v = values.get(key);
            return v == null ? fallback : v.trim();
        }

        <T> T parse(String key, T fallback, Function<String, T> parser) {
            String v = values.get(key);
            if (v == null || v.isBlank()) {
                return fallback;
            }
            try {
                return parser.apply(v.trim());
            } catch (RuntimeException e) {
                throw new ConfigurationException(key, v, e.getMessage() == null ? "not a valid value" : e.getMessage());
            }
        }

        int integer(String key, int fallback, int min, int max) {
            String v = values.get(key);
            if (v == null || v.isBlank()) {
                return fallback;
            }
            try {
                int i = Integer.parseInt(v.trim());
                if (i < min || i > max) {
                    throw new ConfigurationException(key, v, "expected a whole number from " + min + " to " + max);
                }
                return i;
            } catch (NumberFormatException e) {
                throw new ConfigurationException(key, v, "expected a whole number from " + min + " to " + max);
            }
        }

        double decimal(String key, double fallback, double min, double max) {
            String v = values.get(key);
            if (v == null || v.isBlank()) {
                return fallback;
            }
            try {
                double d = Double.parseDouble(v.trim());
                if (!(d >= min && d <= max)) {
                    throw new ConfigurationException(key, v, "expected a number from " + min + " to " + max);
                }
                return d;
            } catch (NumberFormatException e) {
                throw new ConfigurationException(key, v, "expected a number from " + min + " to " + max);
            }
        }

        boolean bool(String key, boolean fallback) {
            return EvaluationConfig.bool(key, values.get(key), fallback);
        }
    }
}
