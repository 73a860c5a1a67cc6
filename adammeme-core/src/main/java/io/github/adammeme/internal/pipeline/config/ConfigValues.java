package io.github.adammeme.internal.pipeline.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.settings.Setting;
import io.github.adammeme.internal.text.Printable;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.jspecify.annotations.Nullable;

/**
 * {@code adammeme.*} values read as the types the configuration needs, each bad value reported as a
 * {@link ConfigurationException} that names its key, the value and what is allowed.
 *
 * @param values the keys and their values as configured
 */
@API(status = INTERNAL, since = "0.1.0")
public record ConfigValues(Map<String, String> values) {

    /**
     * Refuses every key or value that holds a character which would break, rewrite or reorder a console line
     * ({@link Printable#unsafe}: a line break, ESC, NUL, a bidirectional override). A setting is a name, a number,
     * a path or a URL, all of one visible line; and it is printed (a model id heads the FR table and the release
     * decision), where a model id with a line break in it would print a line of its own choosing.
     *
     * @param values the keys and their values as configured
     * @throws ConfigurationException naming the first such key
     */
    public ConfigValues {
        values.forEach((key, value) -> {
            String v = value == null ? "" : value.trim();
            boolean inKey = Printable.firstUnsafe(key) >= 0;
            String bad = inKey ? key : v;
            int at = Printable.firstUnsafe(bad);
            if (at >= 0) {
                throw new ConfigurationException(
                        key,
                        v,
                        String.format(
                                Locale.ROOT,
                                "%s holds the character U+%04X, which"
                                        + " would break or rewrite a console line; model ids, revisions, names, paths and URLs are one line"
                                        + " of visible characters",
                                inKey ? "the key" : "the value",
                                bad.codePointAt(at)));
            }
        });
    }

    /**
     * @param key the key
     * @param fallback the value when none is set
     * @return the value, trimmed, or the fallback
     */
    public String string(String key, String fallback) {
        String v = values.get(key);
        return v == null ? fallback : v.trim();
    }

    /**
     * @param key the key
     * @return the value, trimmed, or null when none is set
     */
    public @Nullable String stringOrNull(String key) {
        String v = values.get(key);
        return v == null ? null : v.trim();
    }

    /**
     * @param setting a setting of the table
     * @return its value, trimmed, or its default (null when it has none)
     */
    public @Nullable String string(Setting setting) {
        String fallback = setting.fallback();
        return fallback == null ? stringOrNull(setting.key()) : string(setting.key(), fallback);
    }

    /**
     * @param setting a whole-number setting of the table
     * @return its value, within the table's range, or its default
     */
    public int integer(Setting setting) {
        return integer(setting.key(), Integer.parseInt(setting.fallback()), setting.min(), setting.max());
    }

    /**
     * @param setting a whole-number setting of the table, of a family its member
     * @param key the key, for a member of a family
     * @param fallback the value when none is set
     * @return its value, within the table's range, or the fallback
     */
    public int integer(Setting setting, String key, int fallback) {
        return integer(key, fallback, setting.min(), setting.max());
    }

    /**
     * @param setting a number setting of the table
     * @return its value, within the table's range, or its default (infinity when it has none: no cap)
     */
    public double decimal(Setting setting) {
        double fallback =
                setting.fallback() == null ? Double.POSITIVE_INFINITY : Double.parseDouble(setting.fallback());
        return decimal(
                setting.key(),
                fallback,
                Objects.requireNonNull(setting.type().min(), "a decimal setting declares its range")
                        .doubleValue(),
                Objects.requireNonNull(setting.type().max(), "a decimal setting declares its range")
                        .doubleValue());
    }

    /**
     * @param setting a yes/no setting of the table
     * @return its value, or its default
     */
    public boolean bool(Setting setting) {
        return bool(setting.key(), values.get(setting.key()), Boolean.parseBoolean(setting.fallback()));
    }

    /**
     * A value read by a parser whose exceptions say what is allowed.
     *
     * @param setting a setting of the table
     * @param fallback the value when none is set
     * @param parser reads the trimmed value
     * @param <T> the value's type
     * @return the value, or the fallback
     */
    public <T> T parse(Setting setting, T fallback, Function<String, T> parser) {
        return parse(setting.key(), fallback, parser);
    }

    /**
     * A value read by a parser whose exceptions say what is allowed.
     *
     * @param key the key
     * @param fallback the value when none is set
     * @param parser reads the trimmed value
     * @param <T> the value's type
     * @return the value, or the fallback
     */
    public <T> T parse(String key, T fallback, Function<String, T> parser) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        return parsed(key, v, parser);
    }

    /**
     * A value read by a parser whose exceptions say what is allowed, for a setting that may stay unset.
     *
     * @param setting a setting of the table
     * @param parser reads the trimmed value
     * @param <T> the value's type
     * @return the value, or null when none is set
     */
    public <T> @Nullable T parseOrNull(Setting setting, Function<String, T> parser) {
        return parseOrNull(setting.key(), parser);
    }

    /**
     * A value read by a parser whose exceptions say what is allowed, for a key that may stay unset.
     *
     * @param key the key
     * @param parser reads the trimmed value
     * @param <T> the value's type
     * @return the value, or null when none is set
     */
    public <T> @Nullable T parseOrNull(String key, Function<String, T> parser) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            return null;
        }
        return parsed(key, v, parser);
    }

    private static <T> T parsed(String key, String v, Function<String, T> parser) {
        try {
            return parser.apply(v.trim());
        } catch (RuntimeException e) {
            throw new ConfigurationException(key, v, e.getMessage() == null ? "not a valid value" : e.getMessage());
        }
    }

    /**
     * @param key the key
     * @param fallback the value when none is set
     * @param min the least allowed
     * @param max the most allowed
     * @return the whole number
     */
    public int integer(String key, int fallback, int min, int max) {
        return ranged(key, fallback, Integer::valueOf, min, max, "a whole number");
    }

    /**
     * @param key the key
     * @param fallback the value when none is set
     * @param min the least allowed
     * @param max the most allowed
     * @return the number (NaN is outside every range)
     */
    public double decimal(String key, double fallback, double min, double max) {
        return ranged(key, fallback, Double::valueOf, min, max, "a number");
    }

    private <T extends Comparable<T>> T ranged(
            String key, T fallback, Function<String, T> parser, T min, T max, String kind) {
        String v = values.get(key);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            T parsed = parser.apply(v.trim());
            // compareTo orders NaN above every double, so the upper bound turns it away
            if (parsed.compareTo(min) >= 0 && parsed.compareTo(max) <= 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below, with the range
        }
        throw new ConfigurationException(key, v, "expected " + kind + " from " + min + " to " + max);
    }

    /**
     * @param key the key
     * @param fallback the value when none is set
     * @return the yes/no setting
     */
    public boolean bool(String key, boolean fallback) {
        return bool(key, values.get(key), fallback);
    }

    /**
     * A yes/no setting: true, yes, on / false, no, off; anything else names the key.
     *
     * @param key the key, for the error
     * @param value the configured value, or null
     * @param fallback the value when none is set
     * @return the setting
     * @throws ConfigurationException for any other value
     */
    public static boolean bool(String key, @Nullable String value, boolean fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw new ConfigurationException(key, value, "expected true or false");
        };
    }

    /** A long, or an IllegalArgumentException saying what is allowed (NumberFormatException says only the input). */
    static long wholeNumber(String value, String allowed) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(allowed);
        }
    }
}
