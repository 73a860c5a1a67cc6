package io.github.adammeme.internal.util;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apiguardian.api.API;

/**
 * SHA-256 for the whole library: cache keys, image digests, prompt-block keys, bank ids and the
 * simulator's fixed chances all hash through here, so one algorithm and one hex form (lowercase)
 * hold everywhere a digest is compared or stored.
 */
@API(status = INTERNAL, since = "0.1.0")
public final class Digests {

    private Digests() {}

    /** @return a new SHA-256 digest, for content fed in parts */
    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /**
     * @param bytes the bytes
     * @return their SHA-256
     */
    public static byte[] sha256(byte[] bytes) {
        return sha256().digest(bytes);
    }

    /**
     * @param bytes the bytes
     * @return their SHA-256 in lowercase hex
     */
    public static String sha256Hex(byte[] bytes) {
        return hex(sha256(bytes));
    }

    /**
     * @param text the text, hashed as UTF-8
     * @return its SHA-256 in lowercase hex
     */
    public static String sha256Hex(String text) {
        return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param sha a digest fed in parts
     * @return its SHA-256 in lowercase hex; the digest is reset
     */
    public static String hex(MessageDigest sha) {
        return hex(sha.digest());
    }

    private static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }
}
