package io.github.adammeme.engine;

import io.github.adammeme.pipeline.ConfigKeys;
import io.github.adammeme.pipeline.ConfigurationException;
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
import java.util.Map;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * Gathers a suite's {@code adammeme.*} values, each source over the one before: the annotation,
 * {@code junit-platform.properties}, then system properties; its datasets located on disk.
 */
final class SuiteValues {

    private SuiteValues() {
    }

    /** Every adammeme.* setting for the suite, datasets located. */
    static Map<String, String> of(Class<?> suiteClass, AdamMemeSuite annotation,
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
        ScrubbedProperties.scrub(values);

        String datasets = values.get(ConfigKeys.DATASET);
        values.put(ConfigKeys.DATASET, String.join(",", Arrays.stream(datasets.split(",")).map(String::trim)
                .filter(d -> !d.isEmpty()).map(d -> locate(suiteClass, d).toString()).toList()));
        return values;
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
