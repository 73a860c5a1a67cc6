package io.github.adammeme.engine;

import io.github.adammeme.data.Datasets;
import io.github.adammeme.pipeline.ConfigKeys;
import io.github.adammeme.pipeline.ConfigurationException;
import io.github.adammeme.pipeline.EvaluationConfig;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
 * @param gates FR budgets as fractions: key {@code ""} is overall, otherwise a category name
 */
record SuiteSettings(EvaluationConfig config, Map<String, Double> gates, boolean progress) {

    static SuiteSettings resolve(Class<?> suiteClass, AdamMemeSuite annotation, ConfigurationParameters parameters) {
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
        values.put(ConfigKeys.DATASET, String.join(",", java.util.Arrays.stream(datasets.split(",")).map(String::trim)
                .filter(d -> !d.isEmpty()).map(d -> locate(suiteClass, d).toString()).toList()));
        EvaluationConfig config = EvaluationConfig.from(values);
        // Read the annotations now: a malformed line or an empty file should stop discovery, not a paid run.
        Datasets.load(config.datasets(), config.datasetFormat());
        return new SuiteSettings(config, gates(values),
                EvaluationConfig.bool(Constants.PROGRESS, values.get(Constants.PROGRESS), true));
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
        throw new ConfigurationException(key, value, "expected an FR budget from 0 to 1, or a percentage such as 25%");
    }

    Optional<Double> gate(String category) {
        return Optional.ofNullable(gates.get(category));
    }

    Optional<Double> overallGate() {
        return Optional.ofNullable(gates.get(""));
    }

    /** Every key the pipeline and engine define, read from their constants classes. */
    private static java.util.List<String> knownKeys() {
        java.util.List<String> keys = new java.util.ArrayList<>();
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
