package io.github.adammeme.engine;

import io.github.adammeme.agent.PromptLibrary;
import io.github.adammeme.data.Datasets;
import io.github.adammeme.pipeline.ConfigKeys;
import io.github.adammeme.pipeline.ConfigValues;
import io.github.adammeme.pipeline.ConfigurationException;
import io.github.adammeme.pipeline.EvaluationConfig;
import io.github.adammeme.report.Baseline;
import io.github.adammeme.report.OutputNames;
import io.github.adammeme.report.PublishSettings;
import io.github.adammeme.report.RunPublisher;
import io.github.adammeme.sim.SimKeys;
import io.github.adammeme.sim.SimSettings;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * A suite's resolved settings: its evaluation configuration and its FR gates. Values come from the
 * annotation, then {@code junit-platform.properties}, then system properties (the platform's
 * configuration parameters already rank those two); any bad value fails here, at discovery.
 *
 * @param gates    FR budgets, and how they are judged
 * @param baseline the run this one is compared with, read at discovery so a bad one stops the build early
 * @param alpha    significance level of that comparison
 * @param bank     the hard-case bank failed refinements are merged into
 * @param minKappa the judge agreement below which its test fails, when set
 * @param warning  what discovery should warn about without stopping (a cache that cannot be written)
 */
record SuiteSettings(EvaluationConfig config, SimSettings simulator, FrGates gates, Optional<Baseline> baseline, double alpha,
                     Optional<Path> bank, boolean progress, Optional<Double> minKappa, Optional<String> warning,
                     Optional<String> history) {

    /**
     * One settings per target: {@code adammeme.target.model} may list several models (comma-separated),
     * evaluated one after another with everything else alike, so the target-independent calls are
     * paid once and shared through the cache. The datasets and the baseline are read once for all.
     */
    static List<SuiteSettings> resolveAll(Class<?> suiteClass, AdamMemeSuite annotation,
                                          ConfigurationParameters parameters) {
        Map<String, String> values = values(suiteClass, annotation, parameters);
        List<String> models = targets(values.get(ConfigKeys.TARGET_MODEL));
        if (models.size() <= 1) {
            return List.of(of(values));
        }
        Map<String, String> folders = new LinkedHashMap<>();
        for (String model : models) {
            String other = folders.put(OutputNames.of(model), model);
            if (other != null) {
                throw new ConfigurationException(ConfigKeys.TARGET_MODEL, values.get(ConfigKeys.TARGET_MODEL), "the targets '"
                        + other + "' and '" + model + "' would share the output folder " + OutputNames.of(model));
            }
        }
        List<SuiteSettings> all = new ArrayList<>();
        for (String model : models) {
            values.put(ConfigKeys.TARGET_MODEL, model);
            all.add(all.isEmpty() ? of(values) : all.get(0).withConfig(EvaluationConfig.from(values)));
        }
        return all;
    }

    static List<String> targets(String value) {
        return value == null ? List.of() : Arrays.stream(value.split(",")).map(String::trim)
                .filter(m -> !m.isEmpty()).distinct().toList();
    }

    private SuiteSettings withConfig(EvaluationConfig other) {
        return new SuiteSettings(other, simulator, gates, baseline, alpha, bank, progress, minKappa, warning, history);
    }

    /** Every adammeme.* setting for the suite, datasets located. */
    private static Map<String, String> values(Class<?> suiteClass, AdamMemeSuite annotation,
                                              ConfigurationParameters parameters) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(ConfigKeys.DATASET, annotation.dataset());
        if (!annotation.target().isBlank()) {
            values.put(ConfigKeys.TARGET_MODEL, annotation.target());
        }
        if (!annotation.controller().isBlank()) {
            values.put(ConfigKeys.CONTROLLER_MODEL, annotation.controller());
        }
        for (String property : annotation.properties()) {
            int eq = property.indexOf('=');
            if (eq <= 0) {
                throw new ConfigurationException("@AdamMemeSuite(properties)", property, "expected key=value");
            }
            String key = property.substring(0, eq).trim();
            values.put(key.startsWith(ConfigKeys.PREFIX) ? key : ConfigKeys.PREFIX + key, property.substring(eq + 1).trim());
        }
        for (String key : parameters.keySet()) {
            if (key.startsWith(ConfigKeys.PREFIX)) {
                parameters.get(key).ifPresent(v -> values.put(key, v));
            }
        }
        // keySet() lists the properties file; get() also sees -D system properties.
        for (String key : knownKeys()) {
            parameters.get(key).ifPresent(v -> values.put(key, v));
        }
        // Open-ended keys (gates and prices per category or model) from -D as well.
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(ConfigKeys.PREFIX))
                .forEach(k -> parameters.get(k).ifPresent(v -> values.put(k, v)));

        String datasets = values.get(ConfigKeys.DATASET);
        values.put(ConfigKeys.DATASET, String.join(",", Arrays.stream(datasets.split(",")).map(String::trim)
                .filter(d -> !d.isEmpty()).map(d -> locate(suiteClass, d).toString()).toList()));
        return values;
    }

    private static SuiteSettings of(Map<String, String> values) {
        EvaluationConfig config = EvaluationConfig.from(values);
        // Read the annotations now: a malformed line or an empty file should stop discovery, not a paid run.
        Datasets.load(config.datasets(), config.datasetFormat(), config.datasetLimits());
        // A cache that cannot keep answers is found now: a run that needs it stops here; others are warned.
        Optional<String> cacheProblem = config.outputs().cacheProblem();
        if (cacheProblem.isPresent() && config.outputs().cacheRequired()) {
            throw new ConfigurationException(ConfigKeys.CACHE, config.outputs().cache().toString(), cacheProblem.get()
                    + " (adammeme.cache.required=true)");
        }
        // The templates too: one that lets a value shape its prompt should stop discovery, not a paid run.
        try {
            PromptLibrary.load(config.prompts());
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new ConfigurationException(ConfigKeys.PROMPTS, String.valueOf(config.prompts()), e.getMessage());
        }
        // Where the results and the bank go is checked now too: found at the end, it lost the whole run.
        config.outputs().directoryProblem().ifPresent(why -> {
            throw new ConfigurationException(ConfigKeys.OUTPUT_DIR, config.outputs().directory().toString(), why);
        });
        RunPublisher.Options publishing = PublishSettings.read(values, config);
        return new SuiteSettings(config, SimKeys.read(values), frGates(values), publishing.baseline(), publishing.alpha(), publishing.bank(),
                ConfigValues.bool(Constants.PROGRESS, values.get(Constants.PROGRESS), true),
                minKappa(values.get(Constants.JUDGE_MIN_KAPPA)), cacheProblem.map(p -> p
                        + "; this run will keep its answers in memory and a later run will pay for them again"),
                publishing.history());
    }

    /** The FR gates the {@code adammeme.gate.*} keys set, for a suite or for a merged run's results. */
    static FrGates frGates(Map<String, String> values) {
        return new FrGates(gates(values),
                FrGates.Bound.parse(values.getOrDefault(Constants.GATE_ON, "point")),
                FrGates.Basis.parse(values.getOrDefault(Constants.GATE_BASIS, "with-refinements")), minSamples(values),
                values.containsKey(Constants.GATE_MAX_UNCOUNTED) ? fraction(Constants.GATE_MAX_UNCOUNTED,
                        values.get(Constants.GATE_MAX_UNCOUNTED)) : FrGates.DEFAULT_MAX_UNCOUNTED,
                FrGates.Insufficient.parse(values.getOrDefault(Constants.GATE_INSUFFICIENT, "fail")));
    }

    /** A path relative to the working directory, else a resource on the suite's classpath. */
    private static Path locate(Class<?> suiteClass, String dataset) {
        Path path = Path.of(dataset);
        if (Files.exists(path)) {
            return path;
        }
        URL resource = suiteClass.getClassLoader().getResource(dataset.replace('\\', '/'));
        if (resource != null && "file".equals(resource.getProtocol())) {
            try {
                return Path.of(resource.toURI());
            } catch (URISyntaxException e) {
                // fall through to the not-found message
            }
        }
        throw new ConfigurationException(ConfigKeys.DATASET, dataset, "no such file (looked in "
                + Path.of("").toAbsolutePath() + " and on the test classpath)");
    }

    private static Map<String, Double> gates(Map<String, String> values) {
        Map<String, Double> gates = new TreeMap<>();
        values.forEach((key, value) -> {
            if (key.equals(Constants.GATE_MAX_FR)) {
                gates.put("", fraction(key, value));
            } else if (key.startsWith(Constants.GATE_MAX_FR_CATEGORY_PREFIX)) {
                String category = key.substring(Constants.GATE_MAX_FR_CATEGORY_PREFIX.length()).toLowerCase(Locale.ROOT);
                gates.put(category, fraction(key, value));
            }
        });
        return gates;
    }

    private static double fraction(String key, String value) {
        String v = value.trim();
        try {
            double d = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1).trim()) / 100
                    : Double.parseDouble(v);
            if (d >= 0 && d <= 1) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigurationException(key, value, "expected a share from 0 to 1, or a percentage such as 25%");
    }


    private static Optional<Double> minKappa(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            double k = Double.parseDouble(value.trim());
            if (k >= -1 && k <= 1) {
                return Optional.of(k);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigurationException(Constants.JUDGE_MIN_KAPPA, value, "expected a kappa from -1 to 1, such as 0.6");
    }

    private static int minSamples(Map<String, String> values) {
        String value = values.get(Constants.GATE_MIN_SAMPLES);
        if (value == null) {
            return FrGates.DEFAULT_MIN_SAMPLES;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigurationException(Constants.GATE_MIN_SAMPLES, value, "expected a whole number of samples, at least 1");
    }

    Optional<Double> gate(String category) {
        return gates.budget(category);
    }

    Optional<Double> overallGate() {
        return gates.budget("");
    }

    /** Every key the pipeline and engine define, read from their constants classes. */
    private static List<String> knownKeys() {
        List<String> keys = new ArrayList<>();
        for (Class<?> holder : new Class<?>[] {ConfigKeys.class, Constants.class}) {
            for (Field f : holder.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                    try {
                        String key = (String) f.get(null);
                        if (key.startsWith(ConfigKeys.PREFIX) && !key.endsWith(".")) {
                            keys.add(key);
                        }
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return keys;
    }
}
