package io.github.adammeme.pipeline;

import io.github.adammeme.llm.Secrets;

/** A configuration value that cannot be used; the message names the key, the value and what is allowed. */
public class ConfigurationException extends RuntimeException {

    private final String key;

    public ConfigurationException(String key, String value, String allowed) {
        super("configuration key '" + key + "' has value '" + Secrets.redact(value) + "': " + Secrets.redact(allowed));
        this.key = key;
    }

    public String key() {
        return key;
    }
}
