package io.github.adammeme.report;

import io.github.adammeme.data.DatasetException;
import io.github.adammeme.data.HardCaseBank;
import io.github.adammeme.pipeline.ConfigKeys;
import io.github.adammeme.pipeline.ConfigurationException;
import io.github.adammeme.pipeline.EvaluationConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Reads what a run publishes beyond its own files ({@code adammeme.baseline}, {@code adammeme.baseline.alpha},
 * {@code adammeme.history}, {@code adammeme.bank}) for the test engine and the command line alike, and
 * checks each before the run starts: found at the end, a bad one would cost a paid run.
 */
public final class PublishSettings {

    private PublishSettings() {
    }

    /**
     * @param values {@code adammeme.*} keys and their values
     * @param config the run's configuration, whose cache database holds recorded runs
     * @return the baseline (read now), its significance level, the history's targets and the bank
     * @throws ConfigurationException naming the first key whose value cannot be used
     */
    public static RunPublisher.Options read(Map<String, String> values, EvaluationConfig config) {
        Optional<Path> bank = Optional.ofNullable(values.get(ConfigKeys.BANK)).filter(v -> !v.isBlank()).map(v -> Path.of(v.trim()));
        bank.ifPresent(b -> checkBank(b, values.get(ConfigKeys.BANK), config));
        return new RunPublisher.Options(baseline(config, values.get(ConfigKeys.BASELINE)),
                alpha(values.get(ConfigKeys.BASELINE_ALPHA)), GateSettings.read(values).minSamples(),
                history(config, values.get(ConfigKeys.HISTORY)), bank);
    }

    /** The targets whose trend a run draws: only where runs are recorded, so a typo shows at discovery. */
    private static Optional<String> history(EvaluationConfig config, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        if (config.outputs().cache().database().isEmpty()) {
            throw new ConfigurationException(ConfigKeys.HISTORY, value, "the history is drawn from the runs recorded in"
                    + " the cache database, and adammeme.cache is '" + config.outputs().cache() + "'");
        }
        return Optional.of(value.trim());
    }

    /** A bank to merge into: a readable bank file if it exists, in a folder that can be written. */
    private static void checkBank(Path bank, String value, EvaluationConfig config) {
        if (Files.exists(bank)) {
            if (!Files.isRegularFile(bank)) {
                throw new ConfigurationException(ConfigKeys.BANK, value, bank + " is not a regular file");
            }
            try {
                HardCaseBank.read(bank, config.datasetLimits());
            } catch (DatasetException e) {
                throw new ConfigurationException(ConfigKeys.BANK, value, e.getMessage());
            }
        }
        EvaluationConfig.Outputs.unwritable(bank.toAbsolutePath().getParent()).ifPresent(why -> {
            throw new ConfigurationException(ConfigKeys.BANK, value, why + "; the failed refinements could not be banked");
        });
    }

    private static Optional<Baseline> baseline(EvaluationConfig config, String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        if (value.trim().startsWith(RunPublisher.CACHE_RUN)) {
            if (config.outputs().cache().database().isEmpty()) {
                throw new ConfigurationException(ConfigKeys.BASELINE, value, "runs are recorded in the cache database, "
                        + "and adammeme.cache is '" + config.outputs().cache() + "'");
            }
            try {
                return Optional.of(Baseline.fromCache(config.outputs().cache().database().get(),
                        value.trim().substring(RunPublisher.CACHE_RUN.length())));
            } catch (Baseline.BaselineException e) {
                throw new ConfigurationException(ConfigKeys.BASELINE, value, e.getMessage());
            }
        }
        Path location = Path.of(value.trim());
        if (!Files.exists(location)) {
            throw new ConfigurationException(ConfigKeys.BASELINE, value, "no such run (looked in "
                    + location.toAbsolutePath() + "); name a run's output directory or its summary.json");
        }
        try {
            return Optional.of(Baseline.read(location));
        } catch (Baseline.BaselineException e) {
            throw new ConfigurationException(ConfigKeys.BASELINE, value, e.getMessage());
        }
    }

    private static double alpha(String value) {
        if (value == null) {
            return 0.05;
        }
        try {
            double a = Double.parseDouble(value.trim());
            if (a > 0 && a < 1) {
                return a;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigurationException(ConfigKeys.BASELINE_ALPHA, value,
                "expected a significance level between 0 and 1, such as 0.05");
    }
}
