package io.github.adammeme.maven;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.settings.KnownKeys;
import io.github.adammeme.internal.settings.Setting;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * A project's {@code adammeme.*} settings where the suites read them, later sources winning as in the engine:
 * {@code junit-platform.properties} on the test classpath, Surefire's {@code configurationParameters} and
 * {@code systemPropertyVariables}, then {@code -D} properties of the Maven command. Each key remembers where
 * it was given, so a misspelt one is named with its place.
 *
 * @param values  every key and its value
 * @param sources where each key was given
 */
record ProjectSettings(Map<String, String> values, Map<String, String> sources) {

    static final String SUREFIRE = "org.apache.maven.plugins:maven-surefire-plugin";
    static final String PROPERTIES_FILE = "junit-platform.properties";

    /**
     * @param testClasses    the compiled test classes and resources (where junit-platform.properties is copied)
     * @param testResources  the test resource folders, read when the file has not been copied yet
     * @param surefire       the project's Surefire plugin, when it has one
     * @param commandLine    the Maven command's user and system properties
     * @throws IOException   when junit-platform.properties cannot be read
     */
    static ProjectSettings read(
            Path testClasses, List<Path> testResources, Plugin surefire, Map<Object, Object> commandLine)
            throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        Path file = testClasses.resolve(PROPERTIES_FILE);
        for (Path folder : testResources) {
            if (!Files.isRegularFile(file) && Files.isRegularFile(folder.resolve(PROPERTIES_FILE))) {
                file = folder.resolve(PROPERTIES_FILE);
            }
        }
        if (Files.isRegularFile(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                add(load(in), "in " + PROPERTIES_FILE, values, sources);
            }
        }
        if (surefire != null) {
            for (Xpp3Dom configuration : configurations(surefire)) {
                Xpp3Dom parameters = configuration.getChild("configurationParameters");
                if (parameters != null && parameters.getValue() != null) {
                    add(
                            load(new StringReader(parameters.getValue())),
                            "in Surefire's configurationParameters",
                            values,
                            sources);
                }
                Xpp3Dom variables = configuration.getChild("systemPropertyVariables");
                if (variables != null) {
                    Properties properties = new Properties();
                    for (Xpp3Dom variable : variables.getChildren()) {
                        properties.setProperty(
                                variable.getName(), variable.getValue() == null ? "" : variable.getValue());
                    }
                    add(properties, "in Surefire's systemPropertyVariables", values, sources);
                }
            }
        }
        Properties given = new Properties();
        commandLine.forEach((k, v) -> given.setProperty(k.toString(), v.toString()));
        add(given, "a -D property of the Maven command", values, sources);
        return new ProjectSettings(values, sources);
    }

    /** The plugin's own configuration, then each execution's. */
    private static List<Xpp3Dom> configurations(Plugin plugin) {
        List<Xpp3Dom> all = new ArrayList<>();
        if (plugin.getConfiguration() instanceof Xpp3Dom dom) {
            all.add(dom);
        }
        for (PluginExecution execution : plugin.getExecutions()) {
            if (execution.getConfiguration() instanceof Xpp3Dom dom) {
                all.add(dom);
            }
        }
        return all;
    }

    private static Properties load(Reader in) throws IOException {
        Properties properties = new Properties();
        properties.load(in);
        return properties;
    }

    private static void add(
            Properties properties, String source, Map<String, String> values, Map<String, String> sources) {
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(Constants.PREFIX)) {
                values.put(key, properties.getProperty(key).trim());
                sources.put(key, source);
            }
        }
    }

    /**
     * @throws io.github.adammeme.internal.settings.UnknownKeyException naming the first key no part of adammeme-junit reads,
     *         where it was given, and the key it was probably meant to be
     */
    void checkKeys() {
        KnownKeys.check(sources);
    }

    /**
     * Where the suites write their runs: {@code adammeme.output-dir}, resolved as the engine resolves it, against
     * the folder Surefire runs the tests in (the module's), or {@code target/adammeme} there.
     *
     * @param basedir the module's folder
     * @return the results folder
     */
    Path resultsDirectory(Path basedir) {
        String configured = values.get(Constants.OUTPUT_DIR);
        return basedir.resolve(configured == null || configured.isBlank() ? Setting.OUTPUT_DIR.fallback() : configured)
                .normalize();
    }

    /** @return whether {@code adammeme.gate.skip} turns the decision off */
    boolean skip() {
        return Boolean.parseBoolean(values.getOrDefault(Constants.GATE_SKIP, Setting.GATE_SKIP.fallback()));
    }
}
