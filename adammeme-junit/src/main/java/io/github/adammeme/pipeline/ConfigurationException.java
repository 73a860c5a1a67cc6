package io.github.adammeme.pipeline;

import io.github.adammeme.llm.Secrets;

/** A configuration value that cannot be used; the message names the key, the value and what is allowed. */
public class ConfigurationException extends RuntimeException {

    /** The key whose value cannot be used. */
    private final String key;

    /**
     * @param key the configuration key
     * @param value its value; secrets are redacted from it
     * @param allowed what the key takes
     */
    public ConfigurationException(String key, String value, String allowed) {
        super("configuration key '" + key + "' has value '" + Secrets.redact(value) + "': " + Secrets.redact(allowed));
        this.key = key;
    }

    /** @return the configuration key whose value cannot be used */
    public String key() {
        return key;
    }
}
