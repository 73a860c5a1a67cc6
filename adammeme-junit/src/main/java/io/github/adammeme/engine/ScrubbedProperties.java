package io.github.adammeme.engine;

import io.github.adammeme.internal.text.Secrets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * System properties that carry credentials ({@code -Dadammeme.target.base-url=https://user:key@host/v1} or
 * {@code ...?api-key=...}): Surefire records every system property of the JVM it forks in each
 * {@code TEST-*.xml}, so once a suite has read such a value the property is left holding its redacted
 * form. The value as given is kept here, for the next suite in the same JVM.
 */
final class ScrubbedProperties {

    /** Property name to the value it held before it was scrubbed. */
    private static final Map<String, String> ORIGINALS = new ConcurrentHashMap<>();

    private ScrubbedProperties() {}

    /**
     * Scrubs the system properties behind these values, and gives back the values as given where a
     * property read here was already scrubbed by an earlier suite.
     *
     * @param values a suite's adammeme.* values, changed in place
     */
    static synchronized void scrub(Map<String, String> values) {
        values.replaceAll((key, value) -> {
            String original = ORIGINALS.get(key);
            String property = System.getProperty(key);
            if (original != null
                    && value.equals(property)
                    && Secrets.redact(original).equals(property)) {
                return original;
            }
            return value;
        });
        for (Map.Entry<String, String> e : values.entrySet()) {
            String property = System.getProperty(e.getKey());
            if (property != null && property.equals(e.getValue())) {
                String redacted = Secrets.redact(property);
                if (!redacted.equals(property)) {
                    ORIGINALS.put(e.getKey(), property);
                    System.setProperty(e.getKey(), redacted);
                }
            }
        }
    }
}
