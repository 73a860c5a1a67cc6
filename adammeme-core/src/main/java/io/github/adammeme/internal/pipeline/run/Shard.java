package io.github.adammeme.internal.pipeline.run;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.github.adammeme.Constants;
import io.github.adammeme.internal.settings.ConfigurationException;
import io.github.adammeme.internal.util.Digests;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One part of a run split for a CI matrix ({@code adammeme.shard=i/n}). Every shard mines all memes
 * (the taxonomy must be the same everywhere; a shared cache pays for it once). Categories are dealt
 * to shards in taxonomy order; when there are fewer categories than shards, the shards that share a
 * category each compute all of it (Algorithm 1 ties its chains together through H and the BM25
 * index, so a part computed alone would differ) and report the pairs and chains whose id hashes to
 * them. The shards' reports together are exactly the unsharded run's.
 *
 * @param index 1-based
 */
@API(status = INTERNAL, since = "0.1.0")
public record Shard(int index, int count) {

    /** The whole run: one shard of one. */
    public static final Shard ALL = new Shard(1, 1);

    /**
     * Checks that {@code 1 <= index <= count}.
     *
     * @param index 1-based
     * @param count how many shards there are
     * @throws IllegalArgumentException otherwise
     */
    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("shard " + index + "/" + count);
        }
    }

    /**
     * @param value {@code i/n}, such as {@code 2/4}
     * @return the shard
     * @throws ConfigurationException for anything else
     */
    public static Shard parse(String value) {
        String[] parts = value.trim().split("/");
        try {
            if (parts.length == 2) {
                return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
            }
        } catch (IllegalArgumentException ignored) {
            // reported below
        }
        throw new ConfigurationException(Constants.SHARD, value, "expected i/n with 1 <= i <= n, such as 2/4");
    }

    /** @return whether this is the whole run */
    public boolean whole() {
        return count == 1;
    }

    /**
     * Whether this shard scores and refines the category.
     *
     * @param category a category
     * @param categories the taxonomy's names, in order
     * @return whether it does
     */
    public boolean computes(String category, List<String> categories) {
        if (whole()) {
            return true;
        }
        int j = categories.indexOf(category);
        int m = categories.size();
        return m >= count ? j % count == index - 1 : (index - 1) % m == j;
    }

    /**
     * Whether this shard reports a pair (by its id) or a chain (by its seed's id) of the category.
     *
     * @param category the pair's or chain's category
     * @param id the pair's id, or the chain's seed's
     * @param categories the taxonomy's names, in order
     * @return whether it does
     */
    public boolean reports(String category, String id, List<String> categories) {
        if (!computes(category, categories)) {
            return false;
        }
        int m = categories.size();
        if (whole() || m >= count) {
            return true;
        }
        List<Integer> sharing = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            if (k % m == categories.indexOf(category)) {
                sharing.add(k);
            }
        }
        long hash = Long.parseLong(Digests.sha256Hex(id).substring(0, 12), 16);
        return hash % sharing.size() == sharing.indexOf(index - 1);
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
