package io.github.adammeme.internal.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The {@code adammeme.*} keys there are: every key constant of {@link Constants}, and the open families whose
 * constant ends in a dot ({@code adammeme.gate.max-fr.<category>}, {@code adammeme.price.<model>}, the image settings
 * per role). Only {@code adammeme.} is this library's prefix, so any other key under it is a mistake: it is named
 * with the known key nearest to it, wherever settings are read (the engine, the command line, the Maven plugin).
 */
@API(status = INTERNAL, since = "0.1.0")
public final class KnownKeys {

    /** Every single key of {@link Constants}; KnownKeysTest holds the two lists to the class, so a new key cannot be left out. */
    private static final Set<String> KEYS = Collections.unmodifiableSet(new TreeSet<>(Set.of(
            Constants.DATASET,
            Constants.DATASET_FORMAT,
            Constants.TARGET_MODEL,
            Constants.TARGET_BASE_URL,
            Constants.TARGET_API_KEY_ENV,
            Constants.ALLOW_INSECURE_HTTP,
            Constants.TARGET_TEMPERATURE,
            Constants.CONTROLLER_MODEL,
            Constants.CONTROLLER_BASE_URL,
            Constants.CONTROLLER_API_KEY_ENV,
            Constants.METHOD,
            Constants.THRESHOLD,
            Constants.SAMPLES_PER_CATEGORY,
            Constants.SEEDS,
            Constants.ITERATIONS,
            Constants.CONCURRENCY,
            Constants.MINING_BATCH,
            Constants.MINING_LOOKAHEAD,
            Constants.NEW_CATEGORY_VOTE,
            Constants.SHARD,
            Constants.RANDOM_SEED,
            Constants.STRUCTURED_OUTPUT,
            Constants.JUDGE_RECHECK,
            Constants.JUDGE_SECOND_MODEL,
            Constants.REFINEMENT_ORDER,
            Constants.REASKS,
            Constants.REPLICAS_ONE_REQUEST,
            Constants.REFUSAL_IS_FAILURE,
            Constants.REFUSAL_DETECTION,
            Constants.MINING_MEME_TEXT,
            Constants.RETRIEVAL,
            Constants.REFINER_PICTURE,
            Constants.RATING_DECIMALS,
            Constants.CATEGORY_INSTRUCTIONS,
            Constants.IMAGE_MAX_SIDE,
            Constants.IMAGE_DETAIL,
            Constants.IMAGE_MAX_PIXELS,
            Constants.IMAGE_MAX_BYTES,
            Constants.IMAGE_TIMEOUT_SECONDS,
            Constants.DATASET_MAX_LINE_BYTES,
            Constants.TEXT_ERASURE,
            Constants.TEXT_ERASURE_DIR,
            Constants.TEXT_ERASURE_TESSDATA,
            Constants.REFINED_TEXT,
            Constants.MAX_TOKENS,
            Constants.TIMEOUT_SECONDS,
            Constants.RETRY_MAX_SECONDS,
            Constants.TARGET_RPM,
            Constants.TARGET_TPM,
            Constants.TARGET_REVISION,
            Constants.CONTROLLER_RPM,
            Constants.CONTROLLER_TPM,
            Constants.PREFLIGHT,
            Constants.BREAKER_CALLS,
            Constants.BREAKER_SECONDS,
            Constants.MAX_RETRIES,
            Constants.CACHE,
            Constants.CACHE_USER_ENV,
            Constants.CACHE_PASSWORD_ENV,
            Constants.STAGES,
            Constants.HISTORY,
            Constants.BASELINE,
            Constants.BASELINE_ALPHA,
            Constants.BASELINE_CATEGORIES,
            Constants.BANK,
            Constants.GATE_MAX_FR,
            Constants.GATE_ON,
            Constants.GATE_MIN_SAMPLES,
            Constants.GATE_MAX_UNCOUNTED,
            Constants.GATE_BASIS,
            Constants.GATE_INSUFFICIENT,
            Constants.GATE_SKIP,
            Constants.JUDGE_MIN_KAPPA,
            Constants.PROGRESS,
            Constants.CACHE_REQUIRED,
            Constants.BATCH,
            Constants.BATCH_ROLES,
            Constants.BATCH_MAX_REQUESTS,
            Constants.BATCH_QUIET_SECONDS,
            Constants.BATCH_POLL_SECONDS,
            Constants.BATCH_MAX_WAIT_SECONDS,
            Constants.BATCH_JOURNAL,
            Constants.SIM_BATCH_DELAY_MS,
            Constants.SIM_LATENCY_MS,
            Constants.SIM_LATENCY_SPREAD,
            Constants.SIM_RPM,
            Constants.SIM_FAULT_429,
            Constants.SIM_FAULT_5XX,
            Constants.SIM_FAULT_HANG,
            Constants.SIM_FAULT_DROP,
            Constants.SIM_FAULT_TRUNCATED,
            Constants.SIM_FAULT_MALFORMED,
            Constants.SIM_HANG_MS,
            Constants.SIM_JUDGE_NOISE,
            Constants.SIM_STRUCTURED_OUTPUT,
            Constants.SIM_DIALECT,
            Constants.BUDGET_USD,
            Constants.PROMPTS,
            Constants.DRY_RUN,
            Constants.OUTPUT_DIR)));

    /** The open families: a prefix ending in a dot, followed by a category, a model or a role. */
    private static final Set<String> FAMILIES = Collections.unmodifiableSet(new TreeSet<>(Set.of(
            Constants.IMAGE_DETAIL_PREFIX,
            Constants.IMAGE_MAX_SIDE_PREFIX,
            Constants.GATE_MAX_FR_CATEGORY_PREFIX,
            Constants.PRICE_PREFIX,
            Constants.SIM_SERVE_PREFIX)));

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
        return best;
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
