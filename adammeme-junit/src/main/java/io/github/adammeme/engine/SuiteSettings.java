package io.github.adammeme.engine;

import io.github.adammeme.Constants;
import io.github.adammeme.data.Datasets;
import io.github.adammeme.llm.EndpointResolver;
import io.github.adammeme.llm.Simulators;
import io.github.adammeme.pipeline.ConfigValues;
import io.github.adammeme.pipeline.ConfigurationException;
import io.github.adammeme.pipeline.EvaluationConfig;
import io.github.adammeme.report.Baseline;
import io.github.adammeme.report.FrGates;
import io.github.adammeme.report.OutputNames;
import io.github.adammeme.report.PublishSettings;
import io.github.adammeme.report.RunPublisher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * A suite's resolved settings: its evaluation configuration and its FR gates. Values come from the
 * annotation, then {@code junit-platform.properties}, then system properties (the platform's
 * configuration parameters already rank those two); any bad value fails here, at discovery.
 *
 * @param memes    the datasets' memes, checked at discovery and mined at execution without being checked again
 * @param simulator serves the {@code sim:} models without a URL: the built-in simulator, configured
 * @param gates    FR budgets, and how they are judged
 * @param baseline the run this one is compared with, read at discovery so a bad one stops the build early
 * @param alpha    significance level of that comparison
 * @param bank     the hard-case bank failed refinements are merged into
 * @param minKappa the judge agreement below which its test fails, when set
 * @param warning  what discovery should warn about without stopping (a cache that cannot be written)
 * @param history  the targets whose trend is drawn
 * @param dryRun   whether the run only plans its calls and makes none
 */
record SuiteSettings(EvaluationConfig config, DiscoveredMemes memes, EndpointResolver simulator, FrGates gates,
                     Optional<Baseline> baseline, double alpha,
                     Optional<Path> bank, boolean progress, Optional<Double> minKappa, Optional<String> warning,
                     Optional<String> history, boolean dryRun) {

    /**
     * One settings per target: {@code adammeme.target.model} may list several models (comma-separated),
     * evaluated one after another with everything else alike, so the target-independent calls are
     * paid once and shared through the cache. The datasets and the baseline are read once for all.
     */
    static List<SuiteSettings> resolveAll(Class<?> suiteClass, AdamMemeSuite annotation,
                                          ConfigurationParameters parameters) {
        Map<String, String> values = SuiteValues.of(suiteClass, annotation, parameters);
        List<String> models = targets(values.get(Constants.TARGET_MODEL));
        if (models.size() <= 1) {
            return List.of(of(values));
        }
        Map<String, String> folders = new LinkedHashMap<>();
        for (String model : models) {
            String other = folders.put(OutputNames.of(model), model);
            if (other != null) {
                throw new ConfigurationException(Constants.TARGET_MODEL, values.get(Constants.TARGET_MODEL), "the targets '"
                        + other + "' and '" + model + "' would share the output folder " + OutputNames.of(model));
            }
        }
        List<SuiteSettings> all = new ArrayList<>();
        for (String model : models) {
            values.put(Constants.TARGET_MODEL, model);
            all.add(all.isEmpty() ? of(values) : all.get(0).withConfig(EvaluationConfig.from(values)));
        }
        return all;
    }

    static List<String> targets(String value) {
        return value == null ? List.of() : Arrays.stream(value.split(",")).map(String::trim)
                .filter(m -> !m.isEmpty()).distinct().toList();
    }

    private SuiteSettings withConfig(EvaluationConfig other) {
        return new SuiteSettings(other, memes, simulator, gates, baseline, alpha, bank, progress, minKappa, warning, history,
                dryRun);
    }

    private static SuiteSettings of(Map<String, String> values) {
        EvaluationConfig config = EvaluationConfig.from(values);
        // Read the annotations now: a malformed line or an empty file should stop discovery, not a paid run.
        DiscoveredMemes memes = DiscoveredMemes.check(config);
        if (memes.asDiscovered().isEmpty()) {
            Datasets.load(config.datasets(), config.datasetFormat(), config.datasetLimits());
        }
        // A cache that cannot keep answers is found now: a run that needs it stops here; others are warned.
        Optional<String> cacheProblem = config.outputs().cacheProblem();
        if (cacheProblem.isPresent() && config.outputs().cacheRequired()) {
            throw new ConfigurationException(Constants.CACHE, config.outputs().cache().toString(), cacheProblem.get()
                    + " (adammeme.cache.required=true)");
        }
        // Where the results and the bank go is checked now too: found at the end, it lost the whole run.
        config.outputs().directoryProblem().ifPresent(why -> {
            throw new ConfigurationException(Constants.OUTPUT_DIR, config.outputs().directory().toString(), why);
        });
        RunPublisher.Options publishing = PublishSettings.read(values, config);
        return new SuiteSettings(config, memes, Simulators.builtIn(values), publishing.gates(), publishing.baseline(),
                publishing.alpha(), publishing.bank(),
                ConfigValues.bool(Constants.PROGRESS, values.get(Constants.PROGRESS), true),
                publishing.minKappa(), cacheProblem.map(p -> p
                        + "; this run will keep its answers in memory and a later run will pay for them again"),
                publishing.history(), ConfigValues.bool(Constants.DRY_RUN, values.get(Constants.DRY_RUN), false));
    }

    /** What the run publishes beyond its files, its release checks among them. */
    RunPublisher.Options publishing() {
        return new RunPublisher.Options(baseline, alpha, history, bank, gates, minKappa);
    }
}
