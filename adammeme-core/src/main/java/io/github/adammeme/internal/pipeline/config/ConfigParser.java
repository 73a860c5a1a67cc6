package io.github.adammeme.internal.pipeline.config;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.agent.prompt.PromptLibrary;
import io.github.adammeme.internal.data.DatasetFormat;
import io.github.adammeme.internal.erasure.TextErasure;
import io.github.adammeme.internal.llm.StructuredOutput;
import io.github.adammeme.internal.llm.batch.BatchSettings;
import io.github.adammeme.internal.llm.cache.CacheStore;
import io.github.adammeme.internal.llm.cache.PostgresDatabase;
import io.github.adammeme.internal.llm.cache.SqliteDatabase;
import io.github.adammeme.internal.llm.cost.Prices;
import io.github.adammeme.internal.llm.resilience.EndpointChecks;
import io.github.adammeme.internal.llm.resilience.RetryPolicy;
import io.github.adammeme.internal.pipeline.NewCategoryVote;
import io.github.adammeme.internal.pipeline.RefinementOrder;
import io.github.adammeme.internal.pipeline.TextPlacement;
import io.github.adammeme.internal.pipeline.run.Shard;
import io.github.adammeme.internal.pipeline.run.Stages;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.Setting;
import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/** Reads an {@link EvaluationConfig} from {@code adammeme.*} keys, one part of the configuration at a time. */
final class ConfigParser {

    private ConfigParser() {}

    static EvaluationConfig parse(Map<String, String> configured) {
        MethodPreset preset =
                new ConfigValues(configured).parse(Setting.METHOD, MethodPreset.DEFAULT, MethodPreset::parse);
        Map<String, String> values = preset.apply(configured);
        try {
            return parse(values, preset);
        } catch (ConfigurationException e) {
            String set = configured.get(e.key());
            if (preset == MethodPreset.PAPER && (set == null || set.isBlank()) && values.containsKey(e.key())) {
                // The user never wrote this value: say where it came from, and how to choose another.
                throw new ConfigurationException(
                        Constants.METHOD,
                        preset.value(),
                        e.getMessage() + " (" + Constants.METHOD + "=paper sets " + e.key() + "=" + values.get(e.key())
                                + "; set " + e.key() + " to run otherwise)");
            }
            throw e;
        }
    }

    private static EvaluationConfig parse(Map<String, String> values, MethodPreset preset) {
        ConfigValues r = new ConfigValues(values);
        String datasetValue = r.string(Setting.DATASET);
        if (datasetValue == null || datasetValue.isBlank()) {
            throw new ConfigurationException(
                    Constants.DATASET,
                    String.valueOf(datasetValue),
                    "a dataset file is required (the suite's dataset or -D" + Constants.DATASET
                            + "=path/to/memes.jsonl)");
        }
        CacheStore cache = cacheStore(r);
        EvaluationConfig config = new EvaluationConfig(
                Arrays.stream(datasetValue.split(","))
                        .map(String::trim)
                        .filter(v -> !v.isEmpty())
                        .map(Path::of)
                        .toList(),
                r.parseOrNull(Setting.DATASET_FORMAT, v -> v.equalsIgnoreCase("auto") ? null : DatasetFormat.parse(v)),
                r.parseOrNull(Setting.PROMPTS, Path::of),
                models(r, cache),
                method(r, preset),
                DetailKeys.read(r),
                ImageKeys.read(r),
                limits(r),
                new EvaluationConfig.Outputs(
                        r.parse(Setting.OUTPUT_DIR, Path.of("target", "adammeme"), Path::of),
                        cache,
                        r.bool(Setting.CACHE_REQUIRED)));
        // A user's templates too: one that lets a value shape its prompt, or a folder that is not there,
        // should stop before any call is paid for. The packaged ones are the jar's and need no check.
        try {
            if (config.prompts() != null) {
                PromptLibrary.load(config.prompts());
            }
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new ConfigurationException(Constants.PROMPTS, String.valueOf(config.prompts()), e.getMessage());
        }
        datasetOverwritten(config);
        if (config.method().refinedText() != TextPlacement.PROMPT
                && config.images().textErasure().mode() == TextErasure.Mode.NONE) {
            throw new ConfigurationException(
                    Constants.REFINED_TEXT,
                    r.string(Constants.REFINED_TEXT, ""),
                    "showing the text on the picture needs adammeme.text-erasure=builtin or precomputed; without erasure"
                            + " a refined caption would be printed over the old one"
                            + (config.images().textErasure().absent()
                                    ? " (the built-in eraser's module, " + TextErasure.MODULE
                                            + ", is not on the classpath)"
                                    : ""));
        }
        return config;
    }

    private static EvaluationConfig.Models models(ConfigValues r, CacheStore cache) {
        Duration timeout = Duration.ofSeconds(r.integer(Setting.TIMEOUT_SECONDS));
        String secondJudge = r.string(Setting.JUDGE_SECOND_MODEL);
        return new EvaluationConfig.Models(
                EndpointKeys.read(
                        r,
                        Setting.TARGET_MODEL,
                        Setting.TARGET_BASE_URL,
                        Setting.TARGET_API_KEY_ENV,
                        EvaluationConfig.DEFAULT_TARGET,
                        timeout,
                        Setting.TARGET_RPM,
                        Setting.TARGET_TPM),
                r.decimal(Setting.TARGET_TEMPERATURE),
                EndpointKeys.read(
                        r,
                        Setting.CONTROLLER_MODEL,
                        Setting.CONTROLLER_BASE_URL,
                        Setting.CONTROLLER_API_KEY_ENV,
                        EvaluationConfig.DEFAULT_CONTROLLER,
                        timeout,
                        Setting.CONTROLLER_RPM,
                        Setting.CONTROLLER_TPM),
                secondJudge == null || secondJudge.isEmpty() ? null : secondJudge,
                r.parse(Setting.STRUCTURED_OUTPUT, StructuredOutput.AUTO, StructuredOutput::parse),
                r.bool(Setting.REPLICAS_ONE_REQUEST),
                DetailKeys.maxTokens(r),
                new RetryPolicy(
                        r.integer(Setting.MAX_RETRIES),
                        Duration.ofSeconds(r.integer(Setting.RETRY_MAX_SECONDS)),
                        RetryPolicy.DEFAULT.base(),
                        RetryPolicy.DEFAULT.cap()),
                batchSettings(r, cache),
                new EndpointChecks(
                        r.bool(Setting.PREFLIGHT),
                        r.integer(Setting.BREAKER_CALLS),
                        Duration.ofSeconds(r.integer(Setting.BREAKER_SECONDS))),
                revision(r));
    }

    /** The declared revision: it keys answers and is printed, so one short line of visible characters. */
    private static @Nullable String revision(ConfigValues r) {
        String value = r.string(Setting.TARGET_REVISION);
        if (value == null || value.isBlank()) {
            return null;
        }
        String revision = value.strip();
        if (revision.length() > 200
                || !revision.codePoints()
                        .allMatch(c ->
                                c > ' ' && !Character.isISOControl(c) && Character.getType(c) != Character.FORMAT)) {
            throw new ConfigurationException(
                    Constants.TARGET_REVISION,
                    Printable.line(revision, 60),
                    "expected an id of at most 200 visible characters without spaces, such as an image digest"
                            + " (sha256:4f2a...) or a checkpoint's name");
        }
        return revision;
    }

    private static EvaluationConfig.Method method(ConfigValues r, MethodPreset preset) {
        return new EvaluationConfig.Method(
                r.decimal(Setting.THRESHOLD),
                r.integer(Setting.SAMPLES_PER_CATEGORY),
                r.integer(Setting.SEEDS),
                r.integer(Setting.ITERATIONS),
                r.integer(Setting.MINING_BATCH),
                r.integer(Setting.MINING_LOOKAHEAD),
                r.parse(Setting.NEW_CATEGORY_VOTE, NewCategoryVote.MAJORITY, NewCategoryVote::parse),
                r.parse(
                        Setting.RANDOM_SEED,
                        42L,
                        v -> ConfigValues.wholeNumber(v, "expected a whole number, such as 42")),
                r.integer(Setting.REASKS),
                r.bool(Setting.REFUSAL_IS_FAILURE),
                r.decimal(Setting.JUDGE_RECHECK),
                r.parse(Setting.REFINEMENT_ORDER, RefinementOrder.ROUNDS, RefinementOrder::parse),
                r.parse(Setting.REFINED_TEXT, TextPlacement.PROMPT, TextPlacement::parse),
                r.parse(Setting.STAGES, Stages.ALL, Stages::parse),
                r.stringOrNull(Constants.SHARD) == null ? Shard.ALL : Shard.parse(r.stringOrNull(Constants.SHARD)),
                preset);
    }

    private static EvaluationConfig.Limits limits(ConfigValues r) {
        return new EvaluationConfig.Limits(
                r.integer(Setting.CONCURRENCY),
                r.decimal(Setting.BUDGET_USD),
                prices(r.values()),
                r.integer(Setting.DATASET_MAX_LINE_BYTES));
    }

    private static Prices prices(Map<String, String> values) {
        Map<String, Prices.Rate> table = new TreeMap<>();
        values.forEach((key, value) -> {
            if (key.startsWith(Constants.PRICE_PREFIX)) {
                table.put(key.substring(Constants.PRICE_PREFIX.length()), rate(key, value));
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
            throw new ConfigurationException(
                    key,
                    value,
                    "expected USD per million input, output and (optionally)"
                            + " cached input tokens, e.g. 2.50,10.00,1.25");
        }
    }

    /** Batch mode's settings, checked whether it is on or not; the journal lives beside a cache file by default. */
    private static BatchSettings batchSettings(ConfigValues r, CacheStore cache) {
        Path journal = r.parse(
                Setting.BATCH_JOURNAL,
                cache instanceof SqliteDatabase db ? journalBeside(db.file()) : BatchSettings.OFF.journal(),
                Path::of);
        if (Files.isDirectory(journal)) {
            throw new ConfigurationException(Constants.BATCH_JOURNAL, journal.toString(), "a folder, not a file");
        }
        return new BatchSettings(
                r.bool(Setting.BATCH),
                r.parse(Setting.BATCH_ROLES, BatchSettings.DEFAULT_ROLES, ConfigParser::batchRoles),
                r.integer(Setting.BATCH_MAX_REQUESTS),
                seconds(r.decimal(Setting.BATCH_QUIET_SECONDS)),
                seconds(r.decimal(Setting.BATCH_POLL_SECONDS)),
                Duration.ofSeconds(r.integer(Setting.BATCH_MAX_WAIT_SECONDS)),
                journal);
    }

    /** {@code .adammeme/cache.db} keeps its batches in {@code .adammeme/cache-batches.jsonl}. */
    private static Path journalBeside(Path cacheFile) {
        String name = cacheFile.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return cacheFile.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + "-batches.jsonl");
    }

    private static Set<String> batchRoles(String value) {
        String allowed = "the roles are " + String.join(", ", BatchSettings.ROLES) + ", or all";
        if (value.equalsIgnoreCase("all")) {
            return Set.copyOf(BatchSettings.ROLES);
        }
        Set<String> roles = new HashSet<>();
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
    private static Duration seconds(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }

    /** A pasted password is a name no variable has: say so without echoing it. */
    private static void variableName(String key, String name, String example) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            Secrets.register(name);
            throw new ConfigurationException(
                    key,
                    name,
                    "expected the name of an environment variable, such as " + example
                            + " (the value itself is read from it)");
        }
    }

    private static CacheStore cacheStore(ConfigValues r) {
        String userEnv = Objects.requireNonNull(r.string(Setting.CACHE_USER_ENV), "it has a default")
                .trim();
        String passwordEnv = Objects.requireNonNull(r.string(Setting.CACHE_PASSWORD_ENV), "it has a default")
                .trim();
        variableName(Constants.CACHE_USER_ENV, userEnv, PostgresDatabase.DEFAULT_USER_ENV);
        variableName(Constants.CACHE_PASSWORD_ENV, passwordEnv, PostgresDatabase.DEFAULT_PASSWORD_ENV);
        return r.parse(
                Setting.CACHE,
                new SqliteDatabase(SqliteDatabase.DEFAULT_FILE),
                v -> CacheStore.parse(v, userEnv, passwordEnv));
    }

    /**
     * An output folder that is a dataset's own folder (or, for HarMeme, the folder above its annotations/,
     * where its images/ are) would have the run's memes.jsonl and images written over the dataset's.
     */
    private static void datasetOverwritten(EvaluationConfig config) {
        Path out = real(config.outputs().directory());
        for (Path dataset : config.datasets()) {
            Path folder =
                    Files.isDirectory(dataset) ? real(dataset) : real(dataset).getParent();
            boolean annotations = folder != null
                    && folder.getFileName() != null
                    && folder.getFileName().toString().equals("annotations");
            if (out.equals(folder) || (annotations && folder != null && out.equals(folder.getParent()))) {
                throw new ConfigurationException(
                        Constants.OUTPUT_DIR,
                        config.outputs().directory().toString(),
                        "it is the folder of the dataset " + dataset
                                + ": the run's memes.jsonl, samples.jsonl and images"
                                + " would be written over the dataset's own; choose another folder");
            }
        }
    }

    private static Path real(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        try {
            return Files.exists(absolute) ? absolute.toRealPath() : absolute;
        } catch (IOException e) {
            return absolute;
        }
    }
}
