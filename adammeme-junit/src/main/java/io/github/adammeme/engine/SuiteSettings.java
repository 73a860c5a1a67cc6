package io.github.adammeme.engine;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.config.AdamMemeConfiguration;
import io.github.adammeme.internal.config.ConfigurationReader;
import io.github.adammeme.internal.data.Datasets;
import io.github.adammeme.internal.llm.EndpointResolver;
import io.github.adammeme.internal.llm.simulator.Simulators;
import io.github.adammeme.internal.pipeline.config.EvaluationConfig;
import io.github.adammeme.internal.report.RunPublisher;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.summary.release.FrGates;
import java.util.List;
import java.util.Optional;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * A suite's settings for one target, as discovery resolved them: the configuration read once from the annotation,
 * {@code junit-platform.properties} and system properties, with what discovery checked on disk; any bad value fails
 * at discovery, before a call is paid for.
 *
 * @param config     the evaluation of this target
 * @param memes      the datasets' memes, checked at discovery and mined at execution without being checked again
 * @param simulator  serves the {@code sim:} models without a URL: the built-in simulator, configured
 * @param publishing the baseline (read at discovery, so a bad one stops the build early), history, bank and gates
 * @param progress   whether a progress line is drawn
 * @param warning    what discovery should warn about without stopping (a cache that cannot be written)
 * @param dryRun     whether the run only plans its calls and makes none
 */
record SuiteSettings(
        EvaluationConfig config,
        DiscoveredMemes memes,
        EndpointResolver simulator,
        RunPublisher.Options publishing,
        boolean progress,
        Optional<String> warning,
        boolean dryRun) {

    /**
     * One settings per target: {@code adammeme.target.model} may list several models, evaluated one after another
     * with everything else alike. The datasets and the baseline are read once for all.
     */
    static List<SuiteSettings> resolveAll(
            Class<?> suiteClass, AdamMemeSuite annotation, ConfigurationParameters parameters) {
        AdamMemeConfiguration configuration =
                ConfigurationReader.read(SuiteValues.of(suiteClass, annotation, parameters));
        EvaluationConfig first = configuration.evaluation();
        // Read the annotations now: a malformed line or an empty file should stop discovery, not a paid run.
        DiscoveredMemes memes = DiscoveredMemes.check(first);
        if (memes.asDiscovered().isEmpty()) {
            Datasets.load(first.datasets(), first.datasetFormat(), first.datasetLimits());
        }
        // A cache that cannot keep answers is found now: a run that needs it stops here; others are warned.
        Optional<String> cacheProblem = first.outputs().cacheProblem();
        if (cacheProblem.isPresent() && first.outputs().cacheRequired()) {
            throw new ConfigurationException(
                    Constants.CACHE,
                    first.outputs().cache().toString(),
                    cacheProblem.get() + " (adammeme.cache.required=true)");
        }
        // Where the results and the bank go is checked now too: found at the end, it lost the whole run.
        first.outputs().requireWritableDirectory();
        EndpointResolver simulator = Simulators.builtIn(configuration.simulator());
        Optional<String> warning = cacheProblem.map(
                p -> p + "; this run will keep its answers in memory and a later run will pay for them again");
        return configuration.evaluations().stream()
                .map(config -> new SuiteSettings(
                        config,
                        memes,
                        simulator,
                        configuration.publishing(),
                        configuration.progress(),
                        warning,
                        configuration.dryRun()))
                .toList();
    }

    /** @return the FR budgets, and how they are judged */
    FrGates gates() {
        return publishing.gates();
    }

    /** @return the judge agreement below which its test fails, when set */
    Optional<Double> minKappa() {
        return publishing.minKappa();
    }
}
