package io.github.adammeme.cli;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.settings.KnownKeys;
import io.github.adammeme.internal.text.Printable;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A command's {@code adammeme.*} settings, later sources winning: {@code .properties} files named as
 * arguments (a suite's junit-platform.properties works as it is), then system properties, then
 * {@code key=value} arguments, where "adammeme." may be left off.
 */
final class Arguments {

    private Arguments() {}

    /** An argument that is neither {@code key=value} nor a properties file that can be read. */
    static final class BadArgumentException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        /** @param message what is wrong, made one printable line: it quotes the argument as typed */
        BadArgumentException(String message) {
            super(Printable.escaped(message));
        }
    }

    /**
     * @throws io.github.adammeme.internal.settings.UnknownKeyException for an {@code adammeme.*} key no command reads, naming
     *         where it was given and the key it was probably meant to be
     */
    static Map<String, String> settings(List<String> args, Map<String, String> systemProperties) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        for (String arg : args) {
            if (arg.indexOf('=') <= 0) {
                propertiesFile(arg).forEach((key, value) -> {
                    values.put(key, value);
                    sources.putIfAbsent(key, "in " + arg);
                });
            }
        }
        systemProperties.forEach((k, v) -> {
            values.put(k, v);
            sources.putIfAbsent(k, "a system property, -D" + k);
        });
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq > 0) {
                String given = arg.substring(0, eq);
                // -Dkey=value is how java and Maven take a setting: after the command it means the same setting.
                String key = given.startsWith("-D") ? given.substring(2) : given;
                key = key.startsWith(Constants.PREFIX) ? key : Constants.PREFIX + key;
                values.put(key, arg.substring(eq + 1));
                sources.putIfAbsent(key, "the argument " + given);
            }
        }
        KnownKeys.check(sources);
        return values;
    }

    /**
     * @param properties the JVM's system properties
     * @return the {@code adammeme.*} ones, by name
     */
    static Map<String, String> systemProperties(Map<Object, Object> properties) {
        Map<String, String> adammeme = new TreeMap<>();
        properties.forEach((k, v) -> {
            if (k instanceof String key && key.startsWith(Constants.PREFIX) && v instanceof String value) {
                adammeme.put(key, value);
            }
        });
        return adammeme;
    }

    private static Map<String, String> propertiesFile(String arg) {
        Path file = Path.of(arg);
        if (!arg.endsWith(".properties")) {
            throw new BadArgumentException(
                    "arguments are key=value, e.g. adammeme.dataset=memes.jsonl, or a .properties" + " file; got '"
                            + arg + "'");
        }
        if (!Files.isRegularFile(file)) {
            throw new BadArgumentException("the settings file " + file.toAbsolutePath()
                    + (Files.isDirectory(file) ? " is a folder" : " does not exist"));
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (IOException | IllegalArgumentException e) {
            // IllegalArgumentException: a malformed \\uXXXX escape, which Properties reports that way
            throw new BadArgumentException(
                    "cannot read the settings file " + file + " (UTF-8 .properties): " + e.getMessage());
        }
        Map<String, String> values = new LinkedHashMap<>();
        properties.stringPropertyNames().stream()
                .filter(k -> k.startsWith(Constants.PREFIX))
                .sorted()
                .forEach(k -> values.put(k, properties.getProperty(k).trim()));
        return values;
    }
}
