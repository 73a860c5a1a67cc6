package io.github.adammeme.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.data.DatasetException;
import io.github.adammeme.internal.data.HardCaseBank;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.report.release.Baseline;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.Setting;
import io.github.adammeme.internal.summary.release.BaselineCategories;
import io.github.adammeme.internal.summary.release.GateSettings;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * Reads what a run publishes beyond its own files ({@code adammeme.baseline}, {@code adammeme.baseline.alpha},
 * {@code adammeme.history}, {@code adammeme.bank}) and the release checks its decision holds
 * ({@code adammeme.gate.*}, {@code adammeme.judge.min-kappa}), for the test engine and the command line alike, and
 * checks each before the run starts: found at the end, a bad one would cost a paid run.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class PublishSettings {

    private PublishSettings() {}

    /**
     * @param values {@code adammeme.*} keys and their values
     * @param config the run's configuration, whose cache database holds recorded runs
     * @return the baseline (read now), its significance level, the history's targets and the bank
     * @throws ConfigurationException naming the first key whose value cannot be used
     */
    public static RunPublisher.Options read(Map<String, String> values, EvaluationConfig config) {
        Optional<Path> bank = Optional.ofNullable(values.get(Constants.BANK))
                .filter(v -> !v.isBlank())
                .map(v -> Path.of(v.trim()));
        bank.ifPresent(b -> checkBank(b, values.get(Constants.BANK), config));
        return new RunPublisher.Options(
                baseline(config, values.get(Constants.BASELINE)),
                alpha(values.get(Constants.BASELINE_ALPHA)),
                history(config, values.get(Constants.HISTORY)),
                bank,
                GateSettings.read(values),
                GateSettings.minKappa(values.get(Constants.JUDGE_MIN_KAPPA)),
                BaselineCategories.parse(values.get(Constants.BASELINE_CATEGORIES)));
    }

    /** The targets whose trend a run draws: only where runs are recorded, so a typo shows at discovery. */
    private static Optional<String> history(EvaluationConfig config, @Nullable String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        if (config.outputs().cache().database().isEmpty()) {
            throw new ConfigurationException(
                    Constants.HISTORY,
                    value,
                    "the history is drawn from the runs recorded in" + " the cache database, and adammeme.cache is '"
                            + config.outputs().cache() + "'");
        }
        return Optional.of(value.trim());
    }

    /** A bank to merge into: a readable bank file if it exists, in a folder that can be written. */
    private static void checkBank(Path bank, @Nullable String value, EvaluationConfig config) {
        if (Files.exists(bank)) {
            if (!Files.isRegularFile(bank)) {
                throw new ConfigurationException(Constants.BANK, value, bank + " is not a regular file");
            }
            try {
                HardCaseBank.read(bank, config.datasetLimits());
            } catch (DatasetException e) {
                throw new ConfigurationException(Constants.BANK, value, e.getMessage());
            }
        }
        EvaluationConfig.Outputs.unwritable(Objects.requireNonNull(
                        bank.toAbsolutePath().getParent(), "a file's absolute path has a parent"))
                .ifPresent(why -> {
                    throw new ConfigurationException(
                            Constants.BANK, value, why + "; the failed refinements could not be banked");
                });
    }

    private static Optional<Baseline> baseline(EvaluationConfig config, @Nullable String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        if (value.trim().startsWith(RunPublisher.CACHE_RUN)) {
            if (config.outputs().cache().database().isEmpty()) {
                throw new ConfigurationException(
                        Constants.BASELINE,
                        value,
                        "runs are recorded in the cache database, " + "and adammeme.cache is '"
                                + config.outputs().cache() + "'");
            }
            try {
                return Optional.of(Baseline.fromCache(
                        config.outputs().cache().database().get(),
                        value.trim().substring(RunPublisher.CACHE_RUN.length()),
                        config.datasetKey()));
            } catch (Baseline.BaselineException e) {
                throw new ConfigurationException(Constants.BASELINE, value, e.getMessage());
            } catch (IllegalStateException | UncheckedIOException e) {
                // The database cannot be read (its file, or SQLite's native library): the baseline the run was
                // told to compare with cannot be found, so it stops before paying for anything.
                throw new ConfigurationException(Constants.BASELINE, value, e.getMessage());
            }
        }
        Path location = Path.of(value.trim());
        if (!Files.exists(location)) {
            throw new ConfigurationException(
                    Constants.BASELINE,
                    value,
                    "no such run (looked in " + location.toAbsolutePath()
                            + "); name a run's output directory or its summary.json");
        }
        try {
            return Optional.of(Baseline.read(location));
        } catch (Baseline.BaselineException e) {
            throw new ConfigurationException(Constants.BASELINE, value, e.getMessage());
        }
    }

    private static double alpha(@Nullable String value) {
        if (value == null) {
            return Double.parseDouble(Setting.BASELINE_ALPHA.fallback());
        }
        try {
            double a = Double.parseDouble(value.trim());
            if (a > 0 && a < 1) {
                return a;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigurationException(
                Constants.BASELINE_ALPHA, value, "expected a significance level between 0 and 1, such as 0.05");
    }
}
