package io.github.adammeme.internal.settings;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.text.Printable;
import io.github.adammeme.internal.text.Secrets;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * A configuration value that cannot be used; the message names the key, the value and what is allowed, on one line:
 * a value echoed is the user's own text, printed where a line break or an escape in it would forge a line.
 */
@API(status = INTERNAL, since = "0.1.0")
public class ConfigurationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The key whose value cannot be used. */
    private final String key;

    /**
     * @param key the configuration key
     * @param value its value, or null; secrets are redacted from it
     * @param allowed what the key takes, or null
     */
    public ConfigurationException(String key, @Nullable String value, @Nullable String allowed) {
        this(
                key,
                "configuration key '" + key + "' has value '" + Secrets.redact(value) + "': "
                        + Secrets.redact(allowed));
    }

    /**
     * For a problem with the key itself rather than its value.
     *
     * @param key the configuration key
     * @param message the whole message, naming the key; made one printable line
     */
    protected ConfigurationException(String key, String message) {
        super(Printable.escaped(message));
        this.key = key;
    }

    /** @return the configuration key whose value cannot be used */
    public String key() {
        return key;
    }
}
