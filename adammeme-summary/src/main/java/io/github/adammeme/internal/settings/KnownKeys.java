package io.github.adammeme.internal.settings;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The {@code adammeme.*} keys there are: every key constant of {@link Constants}, and the open families whose
 * constant ends in a dot ({@code adammeme.gate.max-fr.<category>}, {@code adammeme.price.<model>}, the image settings
 * per role). Only {@code adammeme.} is this library's prefix, so any other key under it is a mistake: it is named
 * with the known key nearest to it, wherever settings are read (the engine, the command line, the Maven plugin).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class KnownKeys {

    /** Every single key: those of {@link Setting}, the one table of settings. */
    private static final Set<String> KEYS = Setting.keys();

    /** The open families: a prefix ending in a dot, followed by a category, a model or a role. */
    private static final Set<String> FAMILIES = Setting.families();

    private KnownKeys() {}

    /** @return the families' prefixes, each ending in a dot, sorted */
    public static Set<String> families() {
        return FAMILIES;
    }

    /** @return every single key, sorted */
    public static Set<String> keys() {
        return KEYS;
    }

    /**
     * @param key a key under {@code adammeme.}
     * @return whether a part of adammeme-junit reads it: one of {@link #keys()}, or a family's prefix followed by a name
     */
    public static boolean known(String key) {
        return KEYS.contains(key) || FAMILIES.stream().anyMatch(f -> key.length() > f.length() && key.startsWith(f));
    }

    /**
     * Stops at the first {@code adammeme.*} key that is not known; keys under other prefixes (Maven's, Surefire's,
     * Allure's) are none of this library's business and pass.
     *
     * @param keys   the keys given
     * @param source where they were given, for the message
     * @throws UnknownKeyException naming the first unknown key and the known key nearest to it
     */
    public static void check(Iterable<String> keys, String source) {
        for (String key : keys) {
            if (key.startsWith(Constants.PREFIX) && !known(key)) {
                throw new UnknownKeyException(key, source, nearest(key));
            }
        }
    }

    /**
     * As {@link #check(Iterable, String)}, for settings that each say where they came from.
     *
     * @param sources each key's source, for the message
     * @throws UnknownKeyException naming the first unknown key and the known key nearest to it
     */
    public static void check(Map<String, String> sources) {
        sources.forEach((key, source) -> check(List.of(key), source));
    }

    /**
     * The known key closest to {@code key} by edit distance, ignoring case. A family is offered with the name the
     * key ends with ({@code adammeme.gate.maxfr.race} is nearest {@code adammeme.gate.max-fr.race}).
     *
     * @param key a key
     * @return the nearest known key
     */
    public static String nearest(String key) {
        List<String> candidates = new ArrayList<>(KEYS);
        String[] parts = key.split("\\.", -1);
        for (String family : FAMILIES) {
            int depth = family.split("\\.").length;
            String name = parts.length > depth ? String.join(".", List.of(parts).subList(depth, parts.length)) : "";
            candidates.add(family + (name.isEmpty() ? "<name>" : name));
        }
        String lower = key.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return Objects.requireNonNull(best, "no known keys");
    }

    /**
     * Levenshtein distance: insertions, deletions and substitutions, each costing one.
     *
     * @param a one text
     * @param b the other
     * @return the fewest edits that turn one into the other
     */
    public static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
