package io.github.adammeme.engine;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.KnownKeys;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * Gathers a suite's {@code adammeme.*} values, each source over the one before: the annotation,
 * {@code junit-platform.properties}, then system properties; its datasets located on disk. A key no part of
 * the library reads stops discovery, naming where it was given and the key it was probably meant to be.
 */
final class SuiteValues {

    private SuiteValues() {}

    /** Every adammeme.* setting for the suite, datasets located. */
    static Map<String, String> of(Class<?> suiteClass, AdamMemeSuite annotation, ConfigurationParameters parameters) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        values.put(Constants.DATASET, annotation.dataset());
        if (!annotation.target().isBlank()) {
            values.put(Constants.TARGET_MODEL, annotation.target());
        }
        if (!annotation.controller().isBlank()) {
            values.put(Constants.CONTROLLER_MODEL, annotation.controller());
        }
        for (String property : annotation.properties()) {
            int eq = property.indexOf('=');
            if (eq <= 0) {
                throw new ConfigurationException("@AdamMemeSuite(properties)", property, "expected key=value");
            }
            String key = property.substring(0, eq).trim();
            key = key.startsWith(Constants.PREFIX) ? key : Constants.PREFIX + key;
            values.put(key, property.substring(eq + 1).trim());
            sources.putIfAbsent(key, "in @AdamMemeSuite(properties) of " + suiteClass.getName());
        }
        // keySet() lists every source the platform reads: the launcher's parameters, -D system properties (Surefire
        // hands a build's -D keys to the tests as such) and junit-platform.properties. So a misspelt key is named
        // wherever it was given, and a release gate is never dropped without a word.
        for (String key : parameters.keySet()) {
            if (key.startsWith(Constants.PREFIX)) {
                parameters.get(key).ifPresent(v -> values.put(key, v));
                sources.putIfAbsent(
                        key,
                        System.getProperty(key) != null
                                ? "a system property, -D" + key
                                : "in junit-platform.properties");
            }
        }
        KnownKeys.check(sources);
        ScrubbedProperties.scrub(values);

        String datasets = values.get(Constants.DATASET);
        values.put(
                Constants.DATASET,
                String.join(
                        ",",
                        Arrays.stream(datasets.split(","))
                                .map(String::trim)
                                .filter(d -> !d.isEmpty())
                                .map(d -> locate(suiteClass, d).toString())
                                .toList()));
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
        throw new ConfigurationException(
                Constants.DATASET,
                dataset,
                "no such file (looked in " + Path.of("").toAbsolutePath() + " and on the test classpath)");
    }
}
