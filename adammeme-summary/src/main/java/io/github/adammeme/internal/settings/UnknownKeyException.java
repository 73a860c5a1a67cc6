package io.github.adammeme.internal.settings;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * An {@code adammeme.*} key no part of adammeme-junit reads: a misspelt key would otherwise leave its setting at
 * the default without a word (a gate that never exists), so it stops the run, naming the nearest key there is.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class UnknownKeyException extends ConfigurationException {
    private static final long serialVersionUID = 1L;

    /** The known key closest to the one given. */
    private final String nearest;

    /**
     * @param key     the key as it was given
     * @param source  where it was given: "junit-platform.properties", "a -D system property", ...
     * @param nearest the known key closest to it
     */
    UnknownKeyException(String key, String source, String nearest) {
        super(key, "unknown configuration key '" + key + "' (" + source + "): did you mean " + nearest + "?");
        this.nearest = nearest;
    }

    /** @return the known key closest to the one given */
    public String nearest() {
        return nearest;
    }
}
