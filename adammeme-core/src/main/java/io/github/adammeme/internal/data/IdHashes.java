package io.github.adammeme.internal.data;

/**
 * The memes' ids seen so far, for the duplicate check, as 64-bit hashes in an open-addressed table:
 * 16 bytes a meme where a set of the ids themselves holds over a hundred. A hash seen before gives
 * the index of the meme that had it, which the caller reads to tell a duplicate from a collision
 * (about one in 10^7 among a million ids; an id colliding so is then not itself remembered).
 */
final class IdHashes {

    private long[] keys = new long[1 << 12];
    private int[] indices = new int[1 << 12];
    private int size;

    /**
     * @param id a meme's id
     * @param index its place in the dataset
     * @return the index of an earlier meme whose id has the same hash, or -1 (and the id is remembered)
     */
    int putIfAbsent(String id, int index) {
        long h = hash(id);
        int mask = keys.length - 1;
        for (int slot = (int) (h ^ h >>> 32) & mask; ; slot = slot + 1 & mask) {
            if (keys[slot] == 0) {
                keys[slot] = h;
                indices[slot] = index;
                if (++size * 2 > keys.length) {
                    grow();
                }
                return -1;
            }
            if (keys[slot] == h) {
                return indices[slot];
            }
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldIndices = indices;
        keys = new long[oldKeys.length * 2];
        indices = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            long h = oldKeys[i];
            if (h != 0) {
                int slot = (int) (h ^ h >>> 32) & mask;
                while (keys[slot] != 0) {
                    slot = slot + 1 & mask;
                }
                keys[slot] = h;
                indices[slot] = oldIndices[i];
            }
        }
    }

    /** FNV-1a over the UTF-16 units, then mixed (SplitMix64's finaliser); never 0, which marks a free slot. */
    static long hash(String id) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < id.length(); i++) {
            h = (h ^ id.charAt(i)) * 0x100000001b3L;
        }
        h = (h ^ h >>> 30) * 0xbf58476d1ce4e5b9L;
        h = (h ^ h >>> 27) * 0x94d049bb133111ebL;
        h ^= h >>> 31;
        return h == 0 ? 1 : h;
    }
}
